#include "irt/irtshortform.h"
#include "core/vectorstate.h"

#include <QByteArray>
#include <QHash>
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
    clearUpperVectorState(); // core/vectorstate.h
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
    const auto gainOf = [&](int p) {
        double gain = 0;
        for (int g = 0; g < G; ++g)
            gain += std::log1p(info[size_t(p)][size_t(g)] / total[size_t(g)]);
        return gain;
    };
    // Greedy on the summed log information. An item's gain only falls as the form's
    // information grows, so a gain computed in an earlier round bounds its current one (lazy
    // greedy): the heap's top is recomputed until the top is current. Ordered by gain, then
    // by the lower index, it picks exactly the items a full scan each round would.
    struct Entry {
        double gain;
        int p;
        int round;
    };
    const auto below = [](const Entry &x, const Entry &y) { return x.gain < y.gain || (x.gain == y.gain && x.p > y.p); };
    std::vector<Entry> heap;
    heap.reserve(size_t(pool.size()));
    for (int p = 0; p < pool.size(); ++p)
        heap.push_back({gainOf(p), p, 0});
    std::make_heap(heap.begin(), heap.end(), below);
    QVector<int> picked;
    while (picked.size() < n && !heap.empty()) {
        std::pop_heap(heap.begin(), heap.end(), below);
        Entry top = heap.back();
        heap.pop_back();
        if (top.round != picked.size()) {
            top.gain = gainOf(top.p), top.round = int(picked.size());
            heap.push_back(top);
            std::push_heap(heap.begin(), heap.end(), below);
            continue;
        }
        for (int g = 0; g < G; ++g)
            total[size_t(g)] += info[size_t(top.p)][size_t(g)];
        picked << pool[top.p];
    }
    return picked;
}

IrtShortFormChoice IrtShortForm::anchors(const QVector<IrtItem> &items, const QVector<QVector<int>> &panel, const QVector<double> &thetas, int n,
                                         quint64 seed)
{
    const int m = int(items.size()), s = int(panel.size());
    // Each item's vector: the panel's answers, a missing one replaced by P(correct | θ_s);
    // the vectors lie end to end, item by item.
    std::vector<double> v(size_t(m) * size_t(s));
    const auto at = [&](int j) { return v.data() + size_t(j) * size_t(s); };
    for (int j = 0; j < m; ++j)
        for (int k = 0; k < s; ++k) {
            const int y = j < panel[k].size() ? panel[k][j] : -1;
            at(j)[k] = y >= 0 ? double(y) : IrtFitter::probability(items[j].a, items[j].b, items[j].c, thetas.value(k, 0.0));
        }
    // The squared distance, summed in order; it stops once the sum passes `limit` (the terms
    // are not negative, so the sum so far already says the distance is not below it).
    auto distance = [&](int x, int y, double limit = std::numeric_limits<double>::infinity()) {
        const double *px = at(x), *py = at(y);
        double d = 0;
        for (int k = 0; k < s && d <= limit; ++k) {
            const double e = px[k] - py[k];
            d += e * e;
        }
        return d;
    };
    // Items with the same vector (common: a small panel's answers are 0 or 1) are measured
    // once: pattern[j] is j's vector among the distinct ones, first[u] the first item with u.
    std::vector<int> pattern(static_cast<size_t>(m)), first;
    {
        QHash<QByteArray, int> seen;
        for (int j = 0; j < m; ++j) {
            const QByteArray key = QByteArray::fromRawData(reinterpret_cast<const char *>(at(j)), qsizetype(s * sizeof(double)));
            auto found = seen.constFind(key);
            if (found == seen.constEnd()) {
                found = seen.insert(key, int(first.size()));
                first.push_back(j);
            }
            pattern[size_t(j)] = found.value();
        }
    }
    const int u = int(first.size());
    // Each pattern's nearest medoid (ties to the lower c), the same for every item with it.
    std::vector<int> patternCluster(static_cast<size_t>(u), 0);
    const auto assign = [&](const QVector<int> &centres) {
        for (int p = 0; p < u; ++p) {
            double best = std::numeric_limits<double>::infinity();
            for (int c = 0; c < centres.size(); ++c)
                if (const double d = distance(first[size_t(p)], centres[c], best); d < best)
                    best = d, patternCluster[size_t(p)] = c;
        }
    };
    // k-means++ seeding on the medoids, then alternate assignment and medoid update.
    std::mt19937_64 rng(seed);
    QVector<int> medoids;
    medoids << int(std::uniform_int_distribution<int>(0, m - 1)(rng));
    std::vector<double> nearest(size_t(m), std::numeric_limits<double>::infinity()), toLast(static_cast<size_t>(u));
    while (medoids.size() < n) {
        for (int p = 0; p < u; ++p)
            toLast[size_t(p)] = distance(first[size_t(p)], medoids.last());
        double sum = 0;
        for (int j = 0; j < m; ++j) {
            nearest[size_t(j)] = std::min(nearest[size_t(j)], toLast[size_t(pattern[size_t(j)])]);
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
    std::vector<std::vector<int>> clusters(static_cast<size_t>(n));
    bool settled = false; // the last assignment was to the final medoids
    for (int round = 0; round < 12; ++round) {
        assign(medoids);
        for (auto &members : clusters)
            members.clear();
        for (int j = 0; j < m; ++j)
            clusters[size_t(patternCluster[size_t(pattern[size_t(j)])])].push_back(j);
        bool moved = false;
        for (int c = 0; c < n; ++c) {
            const std::vector<int> &members = clusters[size_t(c)];
            if (members.empty())
                continue;
            // The medoid: the member whose pattern is closest to the cluster's mean (the
            // exact medoid costs |cluster|² distances; this is linear and picks the same
            // item for compact clusters).
            std::vector<double> mean(size_t(s), 0.0);
            for (int j : members)
                for (int k = 0; k < s; ++k)
                    mean[size_t(k)] += at(j)[k] / double(members.size());
            int best = medoids[c];
            double bestD = std::numeric_limits<double>::infinity();
            for (int j : members) {
                double d = 0;
                for (int k = 0; k < s; ++k)
                    d += (at(j)[k] - mean[size_t(k)]) * (at(j)[k] - mean[size_t(k)]);
                if (d < bestD)
                    bestD = d, best = j;
            }
            if (best != medoids[c])
                medoids[c] = best, moved = true;
        }
        if (!moved) {
            settled = true;
            break;
        }
    }
    IrtShortFormChoice choice;
    choice.items = medoids;
    choice.weights = QVector<double>(n, 0.0);
    if (!settled)
        assign(medoids);
    for (int j = 0; j < m; ++j)
        choice.weights[patternCluster[size_t(pattern[size_t(j)])]] += 1.0 / m;
    return choice;
}

} // namespace assay
