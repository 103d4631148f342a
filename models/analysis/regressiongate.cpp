#include "analysis/regressiongate.h"

#include "core/twohalves.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace assay {

QString GateResult::verdictName(Verdict v)
{
    switch (v) {
    case Verdict::Pass:
        return QStringLiteral("pass");
    case Verdict::Improvement:
        return QStringLiteral("improvement");
    case Verdict::Regression:
        return QStringLiteral("regression");
    case Verdict::Error:
        return QStringLiteral("error");
    case Verdict::Inconclusive:
        break;
    }
    return QStringLiteral("inconclusive");
}

double RegressionGate::mcnemarExact(int b, int c)
{
    const int n = b + c, k = std::min(b, c);
    if (n == 0)
        return 1.0;
    // P(X ≤ k) for X ~ Binomial(n, ½), summed in log space from the largest term down.
    const double logHalfN = -n * std::log(2.0);
    std::vector<double> terms;
    terms.reserve(size_t(k) + 1);
    for (int i = 0; i <= k; ++i)
        terms.push_back(std::lgamma(n + 1.0) - std::lgamma(i + 1.0) - std::lgamma(n - i + 1.0) + logHalfN);
    const double top = *std::max_element(terms.begin(), terms.end());
    double sum = 0;
    for (double t : terms)
        sum += std::exp(t - top);
    return std::min(1.0, 2 * std::exp(top + std::log(sum)));
}

GateResult RegressionGate::compare(const QVector<GateItem> &items, const GateOptions &options)
{
    GateResult r;
    r.shared = int(items.size());
    if (items.isEmpty()) {
        r.reason = QStringLiteral("The runs share no items.");
        return r;
    }
    // Per group: the items' fixed part of Σ(run − baseline), their count, and the flipping items.
    struct Group {
        double fixed = 0;
        int count = 0;
        std::vector<std::pair<double, double>> noisy; // flipping items' (run, baseline) shares
    };
    QHash<qint64, int> at;
    std::vector<Group> groups;
    double runSum = 0, baseSum = 0;
    for (const GateItem &it : items) {
        auto found = at.constFind(it.group);
        const int g = found != at.constEnd() ? found.value() : int(groups.size());
        if (found == at.constEnd()) {
            at.insert(it.group, g);
            groups.emplace_back();
        }
        Group &group = groups[size_t(g)];
        ++group.count;
        runSum += it.run, baseSum += it.baseline;
        if (it.runFlips || it.baselineFlips) {
            ++r.flipping;
            group.noisy.emplace_back(it.runFlips ? it.run : -1.0, it.baselineFlips ? it.baseline : -1.0);
            group.fixed += (it.runFlips ? 0 : it.run) - (it.baselineFlips ? 0 : it.baseline);
        } else {
            group.fixed += it.run - it.baseline;
        }
        const bool runRight = it.run >= 0.5, baseRight = it.baseline >= 0.5;
        r.runOnly += runRight && !baseRight ? 1 : 0;
        r.baselineOnly += baseRight && !runRight ? 1 : 0;
    }
    r.groups = int(groups.size());
    r.runMean = runSum / r.shared;
    r.baselineMean = baseSum / r.shared;
    r.difference = r.runMean - r.baselineMean;
    r.mcnemarP = mcnemarExact(r.runOnly, r.baselineOnly);
    // The paired bootstrap over groups, in two halves of the resamples (each its own seeded stream).
    const int resamples = std::max(options.resamples, 100);
    std::vector<double> diffs(static_cast<size_t>(resamples));
    const int G = r.groups;
    inTwoHalves(qint64(resamples) * G >= 200000, resamples, [&](int begin, int end) {
        std::mt19937_64 rng(options.seed * 1000003ULL + quint64(begin));
        std::uniform_int_distribution<int> pick(0, G - 1);
        std::uniform_real_distribution<double> unit(0, 1);
        for (int b = begin; b < end; ++b) {
            double sum = 0;
            qint64 count = 0;
            for (int k = 0; k < G; ++k) {
                const Group &g = groups[size_t(pick(rng))];
                sum += g.fixed;
                count += g.count;
                for (const auto &[run, base] : g.noisy)
                    sum += (run >= 0 ? double(unit(rng) < run) : 0.0) - (base >= 0 ? double(unit(rng) < base) : 0.0);
            }
            diffs[size_t(b)] = sum / double(count);
        }
    });
    std::sort(diffs.begin(), diffs.end());
    const auto quantile = [&](double q) {
        const double pos = q * (resamples - 1);
        const int lo = int(std::floor(pos));
        const int hi = std::min(lo + 1, resamples - 1);
        return diffs[size_t(lo)] + (pos - lo) * (diffs[size_t(hi)] - diffs[size_t(lo)]);
    };
    r.low = quantile(options.alpha / 2);
    r.high = quantile(1 - options.alpha / 2);
    const auto pts = [](double v) { return QString::number(100 * v, 'f', 1); };
    const QString interval = QStringLiteral("%1 points (%2%: %3 to %4)").arg(pts(r.difference), QString::number(100 * (1 - options.alpha), 'g', 3), pts(r.low), pts(r.high));
    if (std::isfinite(options.minAccuracy) && r.runMean < options.minAccuracy) {
        r.verdict = GateResult::Verdict::Regression;
        r.reason = QStringLiteral("The run scores %1%, below the minimum %2%").arg(pts(r.runMean), pts(options.minAccuracy));
    } else if (r.high < -options.maxDrop) {
        r.verdict = GateResult::Verdict::Regression;
        r.reason = QStringLiteral("The difference %1 lies wholly below −%2 points, the allowed drop").arg(interval, pts(options.maxDrop));
    } else if (r.low > 0) {
        r.verdict = GateResult::Verdict::Improvement;
        r.reason = QStringLiteral("The difference %1 lies wholly above 0").arg(interval);
    } else if (r.low >= -options.maxDrop) {
        r.verdict = GateResult::Verdict::Pass;
        r.reason = QStringLiteral("The difference %1 stays above −%2 points, the allowed drop").arg(interval, pts(options.maxDrop));
    } else {
        r.verdict = GateResult::Verdict::Inconclusive;
        r.reason = QStringLiteral("The difference %1 straddles −%2 points, the allowed drop: more items, or judge repeats, would decide it")
                       .arg(interval, pts(options.maxDrop));
    }
    if (r.flipping > 0)
        r.reason += QStringLiteral("; %1 items flip between judge repeats and widen the interval").arg(r.flipping);
    r.reason += QLatin1Char('.');
    return r;
}

} // namespace assay
