#include "irt/irttwodimadaptive.h"

#include "irt/irttwodimposterior.h"

#include <vector>

#include <cmath>

namespace assay {

QVector<QPair<int, int>> IrtTwoDimAdaptive::run(const QVector<IrtTwoDimItem> &items, int length, const std::function<int(int)> &respond)
{
    QVector<QPair<int, int>> given;
    QVector<char> used(items.size(), 0);
    double t1 = 0, t2 = 0;
    // The items' parameters and the quadrature rule once for the whole test; the posterior is
    // integrated again after each answer from the previous mode.
    std::vector<double> a1, a2, d;
    for (const IrtTwoDimItem &i : items)
        a1.push_back(i.a1), a2.push_back(i.a2), d.push_back(i.d);
    const IrtTwoDimPosterior posterior(7);
    std::vector<double> n1(size_t(posterior.size())), n2(n1.size()), w(n1.size());
    std::vector<IrtCell> cells;
    double mode[2] = {0, 0};
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
        cells.push_back({best, qint8(answer)});
        posterior.integrate(cells, a1.data(), a2.data(), d.data(), mode, n1.data(), n2.data(), w.data());
        t1 = t2 = 0;
        for (size_t k = 0; k < w.size(); ++k)
            t1 += w[k] * n1[k], t2 += w[k] * n2[k]; // the posterior mean (EAP)
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
