// RAGChecker's claim metrics at scale (issue 75): all eleven metrics for 100,000 items of 10
// retrieved chunks, 10 response claims and 10 ground-truth claims each (4,200 checks an item),
// then their means, in at most 2 s. The checks are drawn at random (a third each Entailment,
// Neutral, Contradiction) before the clock starts.
#include "claims/claimmetrics.h"
#include "benchregistry.h"
#include "benchtargets.h"

#include <QElapsedTimer>

#include <cstdio>
#include <random>

namespace bench_claims {

using namespace assay;

int run(int, char **)
{
    constexpr int items = 100000, chunks = 10, claims = 10;
    std::mt19937 rng(11);
    std::uniform_int_distribution<int> verdict(0, 2);
    const auto draw = [&](int n) {
        QVector<ClaimVerdict> out(n);
        for (ClaimVerdict &v : out)
            v = ClaimVerdict(verdict(rng));
        return out;
    };
    QVector<ClaimChecks> all;
    all.reserve(items);
    for (int i = 0; i < items; ++i)
        all.push_back({claims, claims, chunks, draw(claims), draw(claims), draw(claims * chunks), draw(claims * chunks)});
    bench::BenchTargets targets;
    const double calibration = bench::calibrationSeconds();
    QElapsedTimer clock;
    clock.start();
    QVector<ClaimMetrics::Values> values;
    values.reserve(items);
    for (const ClaimChecks &c : std::as_const(all))
        values.push_back(ClaimMetrics::item(c));
    const ClaimMetrics::Means means = ClaimMetrics::mean(values);
    const double seconds = clock.nsecsElapsed() / 1e9;
    std::printf("%d items × %d chunks × %d + %d claims: %.3f s; faithfulness %.1f, context precision %.1f (n = %d)\n", items, chunks, claims,
                claims, seconds, 100 * means[ClaimMetrics::Faithfulness].value, 100 * means[ClaimMetrics::ContextPrecision].value,
                means[ClaimMetrics::Faithfulness].n);
    targets.require("every item has every metric", means[ClaimMetrics::Faithfulness].n == items && means[ClaimMetrics::NoiseSensitivityRelevant].n == items);
    targets.atMost("claim metrics for 100,000 items, s", seconds, 2.0);
    targets.reference("claim metrics for 100,000 items, s", calibration, "calibration work, s");
    return targets.exitCode();
}

} // namespace bench_claims

ASSAY_BENCH(bench_claims)
