#include "irt/classicalanalysis.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace assay {

QString ClassicalAnalysis::groupName(int group)
{
    return group == 0 ? QStringLiteral("low") : group == 1 ? QStringLiteral("middle") : QStringLiteral("high");
}

QVector<ClassicalItem> ClassicalAnalysis::analyse(const QStringList &items, const QVector<int> &keys, const QVector<QVector<int>> &chosen)
{
    const int n = int(items.size()), students = int(chosen.size());
    // Per student: correct and answered counts over every item.
    std::vector<int> correct(size_t(students), 0), answered(size_t(students), 0);
    for (int s = 0; s < students; ++s)
        for (int i = 0; i < n; ++i)
            if (chosen[s].value(i, -1) >= 0) {
                ++answered[size_t(s)];
                correct[size_t(s)] += chosen[s][i] == keys.value(i) ? 1 : 0;
            }
    // Thirds by total share correct (ties kept in student order).
    std::vector<int> order(static_cast<size_t>(students));
    std::iota(order.begin(), order.end(), 0);
    auto share = [&](int s) { return answered[size_t(s)] ? double(correct[size_t(s)]) / answered[size_t(s)] : 0.0; };
    std::stable_sort(order.begin(), order.end(), [&](int l, int r) { return share(l) < share(r); });
    std::vector<int> group(size_t(students), 1);
    const int third = students / 3;
    for (int r = 0; r < students; ++r)
        group[size_t(order[size_t(r)])] = r < third ? 0 : r >= students - third ? 2 : 1;
    QVector<ClassicalItem> out;
    for (int i = 0; i < n; ++i) {
        ClassicalItem it;
        it.id = items[i];
        it.key = keys.value(i);
        std::array<std::array<int, 4>, 3> counts{};
        std::vector<double> x, y; // item score, rest score
        for (int s = 0; s < students; ++s) {
            const int c = chosen[s].value(i, -1);
            if (c < 0 || c > 3)
                continue;
            ++it.answered;
            ++counts[size_t(group[size_t(s)])][size_t(c)];
            ++it.groupSizes[size_t(group[size_t(s)])];
            const int right = c == it.key ? 1 : 0;
            const int restAnswered = answered[size_t(s)] - 1;
            if (restAnswered > 0) {
                x.push_back(right);
                y.push_back(double(correct[size_t(s)] - right) / restAnswered);
            }
        }
        if (it.answered > 0) {
            int right = 0;
            for (const auto &g : counts)
                right += g[size_t(it.key)];
            it.pCorrect = double(right) / it.answered;
        }
        for (int g = 0; g < 3; ++g)
            for (int o = 0; o < 4; ++o)
                it.shares[size_t(g)][size_t(o)] = it.groupSizes[size_t(g)] ? double(counts[size_t(g)][size_t(o)]) / it.groupSizes[size_t(g)] : qQNaN();
        if (it.groupSizes[0] && it.groupSizes[2])
            it.discrimination = it.shares[2][size_t(it.key)] - it.shares[0][size_t(it.key)];
        // Pearson correlation of the item score with the rest score.
        if (x.size() > 1) {
            const double mx = std::accumulate(x.begin(), x.end(), 0.0) / x.size(), my = std::accumulate(y.begin(), y.end(), 0.0) / y.size();
            double sxy = 0, sxx = 0, syy = 0;
            for (size_t k = 0; k < x.size(); ++k)
                sxy += (x[k] - mx) * (y[k] - my), sxx += (x[k] - mx) * (x[k] - mx), syy += (y[k] - my) * (y[k] - my);
            if (sxx > 0 && syy > 0)
                it.pointBiserial = sxy / std::sqrt(sxx * syy);
        }
        if (it.pointBiserial < 0)
            it.flags << QStringLiteral("negative discrimination (point-biserial %1)").arg(it.pointBiserial, 0, 'f', 2);
        if (it.groupSizes[2] > 0)
            for (int o = 0; o < 4; ++o)
                if (o != it.key && it.shares[2][size_t(o)] > it.shares[2][size_t(it.key)])
                    it.flags << QStringLiteral("distractor %1 draws the high third more than the key (%2 vs %3)")
                                    .arg(QChar(QLatin1Char('A').unicode() + o))
                                    .arg(it.shares[2][size_t(o)], 0, 'f', 2)
                                    .arg(it.shares[2][size_t(it.key)], 0, 'f', 2);
        out << it;
    }
    return out;
}

} // namespace assay
