#include "irt/irtshortform.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

namespace assay {

Result<IrtShortForm::Method> IrtShortForm::methodFromName(const QString &name)
{
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("random"))
        return Method::Random;
    if (n == QLatin1String("information"))
        return Method::Information;
    if (n == QLatin1String("anchors"))
        return Method::Anchors;
    return Result<Method>::failure(QStringLiteral("unknown short-form method '%1' (random, information or anchors)").arg(name));
}

QString IrtShortForm::methodName(Method method)
{
    switch (method) {
    case Method::Random:
        return QStringLiteral("random");
    case Method::Information:
        return QStringLiteral("information");
    case Method::Anchors:
        return QStringLiteral("anchors");
    }
    return {};
}

QStringList IrtShortForm::methodNames()
{
    return {QStringLiteral("random"), QStringLiteral("information"), QStringLiteral("anchors")};
}

Result<IrtShortFormChoice> IrtShortForm::choose(Method method, const QVector<IrtItem> &items, const QVector<QVector<int>> &panel,
                                                const QVector<double> &thetas, int n, quint64 seed)
{
    using R = Result<IrtShortFormChoice>;
    if (n < 1)
        return R::failure(QStringLiteral("a short form needs at least one item (asked for %1)").arg(n));
    if (n > items.size())
        return R::failure(QStringLiteral("a short form of %1 items asked of an exam of %2").arg(n).arg(items.size()));
    IrtShortFormChoice choice;
    if (method == Method::Random) {
        QVector<int> all(items.size());
        std::iota(all.begin(), all.end(), 0);
        std::mt19937_64 rng(seed);
        std::shuffle(all.begin(), all.end(), rng);
        choice.items = all.mid(0, n);
    } else if (method == Method::Information) {
        QVector<int> all(items.size());
        std::iota(all.begin(), all.end(), 0);
        choice.items = information(items, thetas, n, all);
    } else {
        if (panel.isEmpty())
            return R::failure(QStringLiteral("anchors need the answers of a panel of takers; the exam has none"));
        return anchors(items, panel, thetas, n, seed);
    }
    choice.weights = QVector<double>(choice.items.size(), 1.0 / choice.items.size());
    return choice;
}

QVector<int> IrtShortForm::information(const QVector<IrtItem> &items, const QVector<double> &thetas, int n, const QVector<int> &pool)
{
    // The grid spans the panel's abilities (±2 without a panel), 25 points.
    double lo = -2, hi = 2;
    if (!thetas.isEmpty()) {
        const auto [mn, mx] = std::minmax_element(thetas.begin(), thetas.end());
        lo = *mn, hi = *mx;
        if (hi - lo < 0.5)
            lo -= 0.25, hi += 0.25;
    }
    constexpr int G = 25;
    std::vector<double> grid(G), total(G, 1.0);
    for (int g = 0; g < G; ++g)
        grid[size_t(g)] = lo + (hi - lo) * g / (G - 1);
    std::vector<std::vector<double>> info(size_t(pool.size()), std::vector<double>(G));
    for (int p = 0; p < pool.size(); ++p) {
        const IrtItem &it = items[pool[p]];
        for (int g = 0; g < G; ++g)
            info[size_t(p)][size_t(g)] = IrtFitter::information(it.a, it.b, it.c, grid[size_t(g)]);
    }
    std::vector<char> used(size_t(pool.size()), 0);
    QVector<int> picked;
    while (picked.size() < n && picked.size() < pool.size()) {
        int best = -1;
        double bestGain = -1;
        for (int p = 0; p < pool.size(); ++p) {
            if (used[size_t(p)])
                continue;
            double gain = 0;
            for (int g = 0; g < G; ++g)
                gain += std::log1p(info[size_t(p)][size_t(g)] / total[size_t(g)]);
            if (gain > bestGain)
                bestGain = gain, best = p;
        }
        used[size_t(best)] = 1;
        for (int g = 0; g < G; ++g)
            total[size_t(g)] += info[size_t(best)][size_t(g)];
        picked << pool[best];
    }
    return picked;
}

IrtShortFormChoice IrtShortForm::anchors(const QVector<IrtItem> &items, const QVector<QVector<int>> &panel, const QVector<double> &thetas, int n,
                                         quint64 seed)
{
    const int m = int(items.size()), s = int(panel.size());
    // Each item's vector: the panel's answers, a missing one replaced by P(correct | θ_s).
    std::vector<std::vector<double>> v(static_cast<size_t>(m), std::vector<double>(static_cast<size_t>(s)));
    for (int j = 0; j < m; ++j)
        for (int k = 0; k < s; ++k) {
            const int y = j < panel[k].size() ? panel[k][j] : -1;
            v[size_t(j)][size_t(k)] = y >= 0 ? double(y) : IrtFitter::probability(items[j].a, items[j].b, items[j].c, thetas.value(k, 0.0));
        }
    auto distance = [&](int x, int y) {
        double d = 0;
        for (int k = 0; k < s; ++k) {
            const double e = v[size_t(x)][size_t(k)] - v[size_t(y)][size_t(k)];
            d += e * e;
        }
        return d;
    };
    // k-means++ seeding on the medoids, then alternate assignment and medoid update.
    std::mt19937_64 rng(seed);
    QVector<int> medoids;
    medoids << int(std::uniform_int_distribution<int>(0, m - 1)(rng));
    std::vector<double> nearest(size_t(m), std::numeric_limits<double>::infinity());
    while (medoids.size() < n) {
        double sum = 0;
        for (int j = 0; j < m; ++j) {
            nearest[size_t(j)] = std::min(nearest[size_t(j)], distance(j, medoids.last()));
            sum += nearest[size_t(j)];
        }
        int next = -1;
        if (sum > 0) {
            double r = std::uniform_real_distribution<double>(0, sum)(rng);
            for (int j = 0; j < m && next < 0; ++j)
                if (nearest[size_t(j)] > 0 && (r -= nearest[size_t(j)]) <= 0)
                    next = j;
        }
        if (next < 0) // every item repeats a medoid's pattern: take the first unused
            for (int j = 0; j < m && next < 0; ++j)
                if (!medoids.contains(j))
                    next = j;
        medoids << next;
    }
    std::vector<int> cluster(size_t(m), 0);
    for (int round = 0; round < 12; ++round) {
        for (int j = 0; j < m; ++j) {
            double best = std::numeric_limits<double>::infinity();
            for (int c = 0; c < n; ++c)
                if (const double d = distance(j, medoids[c]); d < best)
                    best = d, cluster[size_t(j)] = c;
        }
        bool moved = false;
        for (int c = 0; c < n; ++c) {
            std::vector<int> members;
            for (int j = 0; j < m; ++j)
                if (cluster[size_t(j)] == c)
                    members.push_back(j);
            if (members.empty())
                continue;
            // The medoid: the member whose pattern is closest to the cluster's mean (the
            // exact medoid costs |cluster|² distances; this is linear and picks the same
            // item for compact clusters).
            std::vector<double> mean(size_t(s), 0.0);
            for (int j : members)
                for (int k = 0; k < s; ++k)
                    mean[size_t(k)] += v[size_t(j)][size_t(k)] / double(members.size());
            int best = medoids[c];
            double bestD = std::numeric_limits<double>::infinity();
            for (int j : members) {
                double d = 0;
                for (int k = 0; k < s; ++k)
                    d += (v[size_t(j)][size_t(k)] - mean[size_t(k)]) * (v[size_t(j)][size_t(k)] - mean[size_t(k)]);
                if (d < bestD)
                    bestD = d, best = j;
            }
            if (best != medoids[c])
                medoids[c] = best, moved = true;
        }
        if (!moved)
            break;
    }
    IrtShortFormChoice choice;
    choice.items = medoids;
    choice.weights = QVector<double>(n, 0.0);
    for (int j = 0; j < m; ++j) {
        int nearestMedoid = 0;
        double best = std::numeric_limits<double>::infinity();
        for (int c = 0; c < n; ++c)
            if (const double d = distance(j, medoids[c]); d < best)
                best = d, nearestMedoid = c;
        choice.weights[nearestMedoid] += 1.0 / m;
    }
    return choice;
}

} // namespace assay
