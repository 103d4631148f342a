// The regression gate's targets (issue 51): gating 100,000 shared items with 2,000 bootstrap
// resamples in at most 2 s; over 10,932 items in groups of three (the demo's 3,644 groups × 3
// forms), 200 simulated pairs each: a true 2-point drop flagged with probability ≥ 0.8, and a
// null pair graded by a judge that flips 5% of the verdicts at random flagged at most 5% of the
// time.
#include "analysis/regressiongate.h"
#include "benchregistry.h"
#include "benchtargets.h"

#include <QElapsedTimer>

#include <cstdio>
#include <random>

namespace bench_gate {

using namespace assay;

namespace {

// The truth: an item is right with its group's probability (uniform in 0.2–0.9). The baseline's
// answer is drawn from it; the candidate keeps it except that 5% of its items are drawn anew
// (churn that keeps the mean) and, for a drop, a right answer turns wrong often enough to lower
// the mean by `drop`. A noisy judge then flips each verdict of either run with probability
// `flips`, independently (the same judge grades both runs: the null stays null in the mean).
QVector<GateItem> simulate(int items, double drop, double flips, std::mt19937_64 &rng)
{
    std::uniform_real_distribution<double> u(0, 1);
    QVector<GateItem> out;
    out.reserve(items);
    double groupP = 0.6;
    for (int i = 0; i < items; ++i) {
        if (i % 3 == 0)
            groupP = 0.2 + 0.7 * u(rng);
        GateItem it;
        it.group = i / 3;
        it.baseline = u(rng) < groupP ? 1 : 0;
        double run = it.baseline;
        if (u(rng) < 0.05)
            run = u(rng) < groupP ? 1 : 0;
        if (run == 1 && u(rng) < drop / 0.55) // the mean right share is 0.55
            run = 0;
        if (u(rng) < flips)
            run = 1 - run;
        if (u(rng) < flips)
            it.baseline = 1 - it.baseline;
        it.run = run;
        out << it;
    }
    return out;
}

} // namespace

int run(int, char **)
{
    bench::BenchTargets targets;
    // Speed: 100,000 items (groups of three), 2,000 resamples.
    std::mt19937_64 rng(20261129);
    const QVector<GateItem> big = simulate(100000, 0.0, 0.0, rng);
    GateOptions o;
    o.maxDrop = 0;
    o.resamples = 2000;
    QElapsedTimer clock;
    clock.start();
    const GateResult r = RegressionGate::compare(big, o);
    const double seconds = clock.nsecsElapsed() / 1e9;
    std::printf("gate of %d shared items (%d groups), %d resamples: %.3f s; difference %.2f points (95%%: %.2f to %.2f), McNemar p %.3f, %s\n", r.shared,
                r.groups, o.resamples, seconds, 100 * r.difference, 100 * r.low, 100 * r.high, r.mcnemarP, qPrintable(GateResult::verdictName(r.verdict)));
    targets.atMost("seconds for 100,000 items and 2,000 resamples", seconds, 2.0);
    targets.reference("seconds for 100,000 items and 2,000 resamples", assay::bench::calibrationSeconds(), "calibration work, s");
    // Power and size over 10,932 items, 200 pairs each.
    const int pairsEach = 200, items = 10932;
    GateOptions g;
    g.maxDrop = 0;
    g.resamples = 1000;
    int flaggedDrop = 0, flaggedNull = 0;
    double meanDrop = 0;
    for (int k = 0; k < pairsEach; ++k) {
        g.seed = quint64(k) + 1;
        const QVector<GateItem> dropped = simulate(items, 0.02, 0.0, rng);
        const GateResult d = RegressionGate::compare(dropped, g);
        meanDrop += d.difference / pairsEach;
        flaggedDrop += d.verdict == GateResult::Verdict::Regression ? 1 : 0;
        const GateResult n = RegressionGate::compare(simulate(items, 0.0, 0.05, rng), g);
        flaggedNull += n.verdict == GateResult::Verdict::Regression ? 1 : 0;
    }
    std::printf("%d pairs of %d items: a 2-point drop (measured mean %.2f points) flagged %d times (%.1f%%); a null pair with 5%% judge flips flagged %d times (%.1f%%)\n",
                pairsEach, items, 100 * meanDrop, flaggedDrop, 100.0 * flaggedDrop / pairsEach, flaggedNull, 100.0 * flaggedNull / pairsEach);
    targets.atLeast("share of 2-point drops flagged", double(flaggedDrop) / pairsEach, 0.8);
    targets.atMost("share of null pairs (5% judge flips) flagged", double(flaggedNull) / pairsEach, 0.05);
    return targets.exitCode();
}

} // namespace bench_gate

ASSAY_BENCH(bench_gate)
