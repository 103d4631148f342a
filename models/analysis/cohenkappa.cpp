#include "analysis/cohenkappa.h"

#include <algorithm>
#include <cmath>

namespace assay {

KappaEstimate CohenKappa::of(qint64 both, qint64 firstOnly, qint64 secondOnly, qint64 neither, double z)
{
    KappaEstimate k;
    k.n = both + firstOnly + secondOnly + neither;
    if (k.n == 0)
        return k;
    const double n = double(k.n);
    const double first = (both + firstOnly) / n, second = (both + secondOnly) / n;
    k.observed = (both + neither) / n;
    k.expected = first * second + (1 - first) * (1 - second);
    if (k.expected >= 1)
        return k;
    k.kappa = (k.observed - k.expected) / (1 - k.expected);
    // At p_o = 0 or 1 the formula gives a zero-width interval: p_o is then taken as
    // (agreements + ½)/(n + 1) for the SE alone.
    const double po = k.observed > 0 && k.observed < 1 ? k.observed : ((both + neither) + 0.5) / (n + 1);
    const double se = std::sqrt(po * (1 - po) / n) / (1 - k.expected);
    k.low = std::max(-1.0, *k.kappa - z * se);
    k.high = std::min(1.0, *k.kappa + z * se);
    return k;
}

KappaEstimate CohenKappa::fleiss(const QVector<int> &correct, const QVector<int> &ratings, double z)
{
    KappaEstimate k;
    double agreement = 0, positives = 0, all = 0;
    QVector<int> m;
    for (qsizetype i = 0; i < correct.size() && i < ratings.size(); ++i) {
        const int r = ratings[i], c = correct[i];
        if (r < 2)
            continue;
        ++k.n;
        // Share of agreeing ordered pairs of this item's ratings.
        agreement += double(c * (c - 1) + (r - c) * (r - c - 1)) / (double(r) * (r - 1));
        positives += c;
        all += r;
        m << r;
    }
    if (k.n == 0)
        return k;
    const double p = positives / all;
    k.observed = agreement / k.n;
    k.expected = p * p + (1 - p) * (1 - p);
    if (k.expected >= 1)
        return k;
    k.kappa = (k.observed - k.expected) / (1 - k.expected);
    // Binary ratings, mean number of ratings per item: var = 2 / (n·m̄(m̄ − 1)).
    double meanRatings = 0;
    for (int r : m)
        meanRatings += r;
    meanRatings /= m.size();
    const double se = std::sqrt(2.0 / (double(k.n) * meanRatings * (meanRatings - 1)));
    k.low = std::max(-1.0, *k.kappa - z * se);
    k.high = std::min(1.0, *k.kappa + z * se);
    return k;
}

std::pair<double, double> CohenKappa::wald(double p, qint64 n, double z)
{
    if (n <= 0)
        return {0, 0};
    const double half = z * std::sqrt(p * (1 - p) / double(n));
    return {std::max(0.0, p - half), std::min(1.0, p + half)};
}

} // namespace assay
