// The regression gate's statistics (issue 51, docs/METHODS.md §11.1): McNemar's exact test by
// hand, the group bootstrap's interval against the normal approximation on independent items,
// each verdict on a run built for it, and judge flips widening the interval.
#include "testmain.h"
#include "analysis/regressiongate.h"

#include <QtTest>

#include <cmath>
#include <random>

namespace tst_regressiongate {

using namespace assay;

namespace {

// n items in groups of `perGroup`; the baseline right with probability p, the candidate the
// same answer except that it loses a right one with probability `lose` and gains a wrong one with `gain`.
QVector<GateItem> pairs(int n, int perGroup, double p, double lose, double gain, quint64 seed)
{
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(0, 1);
    QVector<GateItem> out;
    for (int i = 0; i < n; ++i) {
        GateItem it;
        it.group = i / perGroup;
        it.baseline = u(rng) < p ? 1 : 0;
        it.run = it.baseline == 1 ? (u(rng) < lose ? 0 : 1) : (u(rng) < gain ? 1 : 0);
        out << it;
    }
    return out;
}

} // namespace

class TestRegressionGate : public QObject {
    Q_OBJECT

private slots:
    void mcnemarByHand()
    {
        QCOMPARE(RegressionGate::mcnemarExact(0, 5), 0.0625);                    // 2 · 1/32
        QVERIFY(std::abs(RegressionGate::mcnemarExact(1, 9) - 22.0 / 1024) < 1e-12); // 2 · (1 + 10)/1024
        QVERIFY(std::abs(RegressionGate::mcnemarExact(9, 1) - 22.0 / 1024) < 1e-12);
        QCOMPARE(RegressionGate::mcnemarExact(4, 4), 1.0);
        QCOMPARE(RegressionGate::mcnemarExact(0, 0), 1.0);
        // Large counts stay finite (log space): 5,000 against 5,300 is p ≈ 0.0033.
        const double p = RegressionGate::mcnemarExact(5000, 5300);
        QVERIFY2(p > 0.002 && p < 0.005, qPrintable(QString::number(p)));
    }

    // One item per group: the bootstrap's 95% interval matches diff ± 1.96·SD/√n within 10%.
    void intervalMatchesTheNormalApproximation()
    {
        const QVector<GateItem> items = pairs(4000, 1, 0.6, 0.15, 0.15, 3);
        GateOptions o;
        o.maxDrop = 0; // any significant drop
        o.resamples = 4000;
        const GateResult r = RegressionGate::compare(items, o);
        double mean = 0, sq = 0;
        for (const GateItem &it : items)
            mean += it.run - it.baseline;
        mean /= items.size();
        for (const GateItem &it : items)
            sq += std::pow(it.run - it.baseline - mean, 2);
        const double half = 1.96 * std::sqrt(sq / (items.size() - 1) / items.size());
        QVERIFY(std::abs(r.difference - mean) < 1e-12);
        QVERIFY2(std::abs((r.high - r.low) / 2 - half) < 0.1 * half, qPrintable(QStringLiteral("%1 vs %2").arg((r.high - r.low) / 2).arg(half)));
        QCOMPARE(r.shared, 4000);
        QCOMPARE(r.groups, 4000);
        int runOnly = 0, baseOnly = 0;
        for (const GateItem &it : items)
            runOnly += it.run > it.baseline, baseOnly += it.baseline > it.run;
        QCOMPARE(r.runOnly, runOnly);
        QCOMPARE(r.baselineOnly, baseOnly);
    }

    // Groups move together: the same items in groups of 8 identical copies give a wider interval.
    void groupsWidenTheInterval()
    {
        QVector<GateItem> copies;
        for (const GateItem &it : pairs(500, 1, 0.6, 0.15, 0.15, 5))
            for (int k = 0; k < 8; ++k)
                copies << it;
        const GateResult grouped = RegressionGate::compare(copies, {});
        QVector<GateItem> loose = copies;
        for (int i = 0; i < loose.size(); ++i)
            loose[i].group = i;
        const GateResult independent = RegressionGate::compare(loose, {});
        QVERIFY2(grouped.high - grouped.low > 2 * (independent.high - independent.low),
                 qPrintable(QStringLiteral("%1 vs %2").arg(grouped.high - grouped.low).arg(independent.high - independent.low)));
    }

    void eachVerdict()
    {
        GateOptions o;
        o.maxDrop = 0.02;
        // A clear 10-point drop.
        GateResult r = RegressionGate::compare(pairs(3000, 3, 0.7, 0.2, 0.05, 7), o);
        QCOMPARE(r.verdict, GateResult::Verdict::Regression);
        QVERIFY(r.high < -0.02 && r.mcnemarP < 1e-6);
        QVERIFY2(r.reason.contains(QStringLiteral("wholly below −2.0 points, the allowed drop")), qPrintable(r.reason));
        // A clear gain.
        r = RegressionGate::compare(pairs(3000, 3, 0.6, 0.05, 0.3, 7), o);
        QCOMPARE(r.verdict, GateResult::Verdict::Improvement);
        // The same runs: pass (no drop beyond two points is compatible with the data).
        r = RegressionGate::compare(pairs(6000, 1, 0.6, 0.0, 0.0, 7), o);
        QCOMPARE(r.verdict, GateResult::Verdict::Pass);
        QCOMPARE(r.difference, 0.0);
        // Too few items to tell a 2-point drop: inconclusive.
        r = RegressionGate::compare(pairs(60, 1, 0.6, 0.12, 0.1, 9), o);
        QCOMPARE(r.verdict, GateResult::Verdict::Inconclusive);
        QVERIFY(r.low < -0.02 && r.high >= -0.02);
        // Below the floor.
        o.minAccuracy = 0.9;
        r = RegressionGate::compare(pairs(600, 1, 0.6, 0.0, 0.0, 9), o);
        QCOMPARE(r.verdict, GateResult::Verdict::Regression);
        QVERIFY(r.reason.contains(QLatin1String("below the minimum")));
        QCOMPARE(GateResult::verdictName(GateResult::Verdict::Inconclusive), QStringLiteral("inconclusive"));
        // Nothing shared: said, not a verdict of pass.
        r = RegressionGate::compare({}, o);
        QCOMPARE(r.verdict, GateResult::Verdict::Inconclusive);
        QVERIFY(r.reason.contains(QLatin1String("share no items")));
    }

    // Items whose judge verdict flipped between repeats are drawn per resample: the interval widens, the output says so.
    void judgeFlipsWidenTheInterval()
    {
        QVector<GateItem> items = pairs(2000, 2, 0.6, 0.1, 0.1, 11);
        const GateResult firm = RegressionGate::compare(items, {});
        for (int i = 0; i < items.size(); i += 5) {
            items[i].run = 0.5;
            items[i].runFlips = true;
        }
        const GateResult noisy = RegressionGate::compare(items, {});
        QCOMPARE(noisy.flipping, 400);
        QVERIFY2(noisy.high - noisy.low > 1.05 * (firm.high - firm.low), qPrintable(QStringLiteral("%1 vs %2").arg(noisy.high - noisy.low).arg(firm.high - firm.low)));
        QVERIFY(noisy.reason.contains(QLatin1String("400 items flip between judge repeats")));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestRegressionGate)

} // namespace tst_regressiongate
#include "tst_regressiongate.moc"
