#include "irt/irttwodimadaptive.h"

#include <cmath>

namespace assay {

QVector<QPair<int, int>> IrtTwoDimAdaptive::run(const QVector<IrtTwoDimItem> &items, int length, const std::function<int(int)> &respond)
{
    QVector<QPair<int, int>> given;
    QVector<char> used(items.size(), 0);
    double t1 = 0, t2 = 0;
    // M = I + Σ p(1 − p)·a·aᵀ over the answered items, at the current θ̂.
    double m00 = 1, m01 = 0, m11 = 1;
    while (given.size() < std::min<qsizetype>(length, items.size())) {
        const double det = m00 * m11 - m01 * m01;
        const double i00 = m11 / det, i01 = -m01 / det, i11 = m00 / det; // M⁻¹
        int best = -1;
        double bestGain = -1;
        for (int j = 0; j < items.size(); ++j) {
            if (used[j])
                continue;
            const IrtTwoDimItem &it = items[j];
            const double p = IrtTwoDimensional::probability(it, t1, t2);
            const double gain = p * (1 - p) * (it.a1 * it.a1 * i00 + 2 * it.a1 * it.a2 * i01 + it.a2 * it.a2 * i11);
            if (gain > bestGain)
                best = j, bestGain = gain;
        }
        if (best < 0)
            break;
        used[best] = 1;
        const int answer = respond(best);
        given.append({best, answer});
        if (answer < 0)
            continue;
        const IrtTwoDimAbility a = IrtTwoDimensional::ability(items, given);
        t1 = a.theta1, t2 = a.theta2;
        m00 = 1, m01 = 0, m11 = 1;
        for (const auto &[j, y] : std::as_const(given)) {
            if (y < 0)
                continue;
            const IrtTwoDimItem &it = items[j];
            const double p = IrtTwoDimensional::probability(it, t1, t2), v = p * (1 - p);
            m00 += v * it.a1 * it.a1, m01 += v * it.a1 * it.a2, m11 += v * it.a2 * it.a2;
        }
    }
    return given;
}

} // namespace assay
