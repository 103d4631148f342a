// Chart models from fixed analysis results: series values, colours, order, error bars, radar
// axes and scatter markers, asserted without drawing anything.
#include "testmain.h"
#include "analysis/chartdata.h"
#include "analysis/formcomparison.h"
#include "analysis/grammareval.h"

#include <QtTest>

#include <cmath>

namespace tst_chartdata {

using namespace assay;

namespace {
RunAnalysis run(const char *name, const char *retriever, int k, const char *form, int gap, int robust, int nonRobust, double accuracy, double refined, double latency)
{
    RunAnalysis a;
    a.run = QString::fromLatin1(name);
    a.pipeline = QStringLiteral("retriever=%1,k=%2,reader=none").arg(QLatin1String(retriever)).arg(k);
    a.retriever = QString::fromLatin1(retriever);
    a.k = k;
    a.reader = QStringLiteral("none");
    a.querySet = QString::fromLatin1(form);
    a.judge = QStringLiteral("contains");
    for (int i = 0; i < gap + robust + nonRobust; ++i)
        a.grammar.groups.append(GroupResult{QStringLiteral("g%1").arg(i), i < gap ? GroupResult::Tag::Gap : i < gap + robust ? GroupResult::Tag::Robust : GroupResult::Tag::NonRobust, 2, 1, 1, 0});
    a.grammar.gapGroups = gap;
    a.grammar.robustGroups = robust;
    a.grammar.nonRobustGroups = nonRobust;
    a.grammar.accuracy = accuracy;
    a.grammar.refinedAccuracy = refined;
    a.grammar.retrievalAccuracy = accuracy / 2;
    a.grammar.knowledgeAccuracy = double(robust + nonRobust) / (gap + robust + nonRobust);
    a.refinedLow = refined - 0.05;
    a.refinedHigh = refined + 0.04;
    a.taxonomy.n = 10;
    a.taxonomy.counts = {{QStringLiteral("EM"), 6}, {QStringLiteral("AM"), 0}, {QStringLiteral("GE"), 3}, {QStringLiteral("RE"), 1}, {QStringLiteral("ME"), 0}, {QStringLiteral("TE"), 0}};
    a.meanLatencyMs = latency;
    return a;
}
} // namespace

class TestChartData : public QObject {
    Q_OBJECT
    QVector<RunAnalysis> m_runs{run("kw-long", "keyword", 1, "long", 6, 2, 2, 0.3, 0.6, 0.5), run("bm-short", "bm25", 1, "short", 4, 5, 1, 0.5, 0.9, 1.5),
                                run("kw-short", "keyword", 1, "short", 4, 4, 2, 0.45, 0.8, 0.4), run("bm-long", "bm25", 1, "long", 4, 4, 2, 0.48, 0.85, 2.0)};

private slots:
    void groupBreakdown()
    {
        const ChartData c = ChartBuilder::groupBreakdown(m_runs, false);
        QCOMPARE(c.kind, ChartData::Kind::StackedBars);
        // Pipelines in order, short before long within one.
        QCOMPARE(c.runs, (QStringList{QStringLiteral("bm-short"), QStringLiteral("bm-long"), QStringLiteral("kw-short"), QStringLiteral("kw-long")}));
        QCOMPARE(c.series.size(), 3);
        QCOMPARE(c.series[0].name, QStringLiteral("gap"));
        QCOMPARE(c.series[0].values, (QVector<double>{4, 4, 4, 6}));
        QCOMPARE(c.series[1].values, (QVector<double>{1, 2, 2, 2})); // non-robust
        QCOMPARE(c.series[2].values, (QVector<double>{5, 4, 4, 2})); // robust
        QCOMPARE(c.series[0].color, ChartBuilder::tagColor(GroupResult::Tag::Gap));
        QCOMPARE(c.series[2].color, QColor(0x00, 0x9E, 0x73));
        QCOMPARE(c.yMax, 10.0);
        QVERIFY(c.subtitle.contains(QLatin1String("judge: contains")));
        const ChartData shares = ChartBuilder::groupBreakdown(m_runs, true);
        QCOMPARE(shares.series[0].values[3], 0.6);
        QCOMPARE(shares.yMax, 1.0);
        // Bars are named by their runs; the pipeline and form are the tooltip's detail.
        QCOMPARE(c.categories, (QStringList{QStringLiteral("bm-short"), QStringLiteral("bm-long"), QStringLiteral("kw-short"), QStringLiteral("kw-long")}));
        QCOMPARE(c.details.first(), QStringLiteral("bm25 k=1 · short"));
    }

    // Two runs of one pipeline and form: each bar is named by its run, so an axis (which merges
    // equal categories) keeps them apart, and a reader can tell which is which (issue 77 item 2).
    void repeatedPipelinesKeepTheirOwnSlot()
    {
        QVector<RunAnalysis> runs = m_runs;
        runs << run("bm-short-again", "bm25", 1, "short", 3, 6, 1, 0.55, 0.92, 1.4);
        for (const ChartData &c : {ChartBuilder::groupBreakdown(runs, false), ChartBuilder::accuracyPanel(runs), ChartBuilder::errorTypeMix(runs)}) {
            QCOMPARE(c.categories.size(), 5);
            QCOMPARE(QSet<QString>(c.categories.cbegin(), c.categories.cend()).size(), 5);
            QCOMPARE(c.runs.mid(0, 2), (QStringList{QStringLiteral("bm-short"), QStringLiteral("bm-short-again")}));
            QCOMPARE(c.categories[0], QStringLiteral("bm-short"));
            QCOMPARE(c.categories[1], QStringLiteral("bm-short-<br>again"));
            QCOMPARE(c.details[0], c.details[1]); // one pipeline and form
        }
        // A prefix every run shares is left out of the bars; long names wrap at separators.
        QCOMPARE(ChartBuilder::sharedPrefix({QStringLiteral("demo/short/bm25-k1"), QStringLiteral("demo/long/bm25-k1")}), QStringLiteral("demo/"));
        QCOMPARE(ChartBuilder::runCategory(QStringLiteral("demo/short/bm25-k1"), QStringLiteral("demo/")), QStringLiteral("short/<br>bm25-k1"));
        QCOMPARE(ChartBuilder::runCategory(QStringLiteral("R/bm25-k3"), QString()), QStringLiteral("R/bm25-k3"));
        // A segment that fits a line stays whole; a longer one breaks at its separators.
        QCOMPARE(ChartBuilder::runCategory(QStringLiteral("demo/short/keyword-k1"), QStringLiteral("demo/")), QStringLiteral("short/<br>keyword-k1"));
        QCOMPARE(ChartBuilder::runCategory(QStringLiteral("keyword-oracle-reader-k3"), QString()), QStringLiteral("keyword-<br>oracle-<br>reader-k3"));
        QCOMPARE(ChartBuilder::runCategory(QStringLiteral("a<b"), QString()), QStringLiteral("a&lt;b"));
    }

    void accuracyWithErrorBars()
    {
        const ChartData c = ChartBuilder::accuracyPanel(m_runs);
        QCOMPARE(c.series.size(), 4);
        QCOMPARE(c.series[1].name, QStringLiteral("refined accuracy"));
        QCOMPARE(c.series[1].values, (QVector<double>{0.9, 0.85, 0.8, 0.6}));
        QVERIFY(std::abs(c.series[1].low[0] - 0.85) < 1e-12 && std::abs(c.series[1].high[0] - 0.94) < 1e-12);
        QVERIFY(std::isnan(c.series[0].low[0])); // only refined accuracy has an interval
        QCOMPARE(c.series[3].values[3], 0.4); // knowledge accuracy of kw-long
        // With human labels on one run: a "corrected" bar beside accuracy, with its interval;
        // the other runs have none (NaN), and the refined accuracy keeps its own interval.
        QVector<RunAnalysis> labelled = m_runs;
        PpiEstimate e;
        e.labelled = 200;
        e.ppiAccuracy = 0.7;
        e.ppiCi = {0.65, 0.75};
        labelled[0].ppi = e;
        const ChartData d = ChartBuilder::accuracyPanel(labelled);
        QCOMPARE(d.series.size(), 5);
        QCOMPARE(d.series[1].name, QStringLiteral("corrected"));
        const int first = int(d.runs.indexOf(labelled[0].run));
        QCOMPARE(d.series[1].values[first], 0.7);
        QCOMPARE(d.series[1].low[first], 0.65);
        QCOMPARE(d.series[1].high[first], 0.75);
        QCOMPARE(std::count_if(d.series[1].values.begin(), d.series[1].values.end(), [](double v) { return std::isnan(v); }), 3);
        QCOMPARE(d.series[2].name, QStringLiteral("refined accuracy"));
        QVERIFY(!std::isnan(d.series[2].low[first]));
        QVERIFY(d.subtitle.contains(QLatin1String("200 labelled item(s)")));
        QCOMPARE(d.series[1].countText(first), QStringLiteral(" · n = 200 labels"));
        QCOMPARE(d.series[1].countText(first == 0 ? 1 : 0), QString()); // no corrected bar, no n
    }

    // "Refined on common groups" measures every run on the groups that are not a gap
    // in all of them: for two runs exactly Compare's refined accuracies, whatever each run's
    // own gaps (issue 48: the two tabs disagreed without saying why).
    void commonBasisAgreesWithCompare()
    {
        // Run A answers g1 and g2, B answers g2 and g3; nobody answers g4. Two examples a group.
        const auto outcomes = [](const QVector<int> &right) {
            QVector<Outcome> out;
            for (int g = 1; g <= 4; ++g)
                for (int e = 0; e < 2; ++e) {
                    Outcome o;
                    o.itemId = g * 10 + e;
                    o.group = QStringLiteral("g%1").arg(g);
                    o.verdict = (right.contains(g) && e == 0) ? 1 : 0;
                    out << o;
                }
            return out;
        };
        const QVector<Outcome> a = outcomes({1, 2}), b = outcomes({2, 3});
        RunAnalysis ra, rb;
        ra.run = QStringLiteral("A");
        rb.run = QStringLiteral("B");
        ra.grammar = GrammarEval::evaluate(a);
        rb.grammar = GrammarEval::evaluate(b);
        // Own gaps: A leaves out g3 and g4 (2 of 4 right), B g1 and g4.
        QCOMPARE(*ra.grammar.refinedAccuracy, 0.5);
        const FormComparisonReport compare = FormComparison::compare(a, b);
        QCOMPARE(*compare.refinedA, 2.0 / 6.0); // g1, g2, g3: 2 of 6 examples
        const ChartData own = ChartBuilder::accuracyPanel({ra, rb});
        const ChartData common = ChartBuilder::accuracyPanel({ra, rb}, true);
        const int ia = int(common.runs.indexOf(QStringLiteral("A"))), ib = int(common.runs.indexOf(QStringLiteral("B")));
        QCOMPARE(own.series[1].values[ia], 0.5);
        QCOMPARE(common.series[1].values[ia], *compare.refinedA);
        QCOMPARE(common.series[1].values[ib], *compare.refinedB);
        // Each bar says what it was computed on (the hover tooltip and SVG title): the common
        // basis's refined accuracy on the 6 examples of g1–g3, accuracy on all the run's items,
        // knowledge accuracy on its 4 groups.
        QCOMPARE(common.series[1].n[ia], qint64(6));
        QCOMPARE(common.series[1].countText(ia), QStringLiteral(" · n = 6 items"));
        QCOMPARE(common.series[0].n[ia], ra.grammar.n);
        QCOMPARE(common.series[3].countText(ia), QStringLiteral(" · n = 4 groups"));
        QVERIFY(std::isnan(common.series[1].low[ia])); // the per-run interval belongs to the own-gap basis
        QVERIFY2(common.subtitle.contains(QStringLiteral("on the 3 groups that are not a gap in every run (of 4, 1 a gap in all)")), qPrintable(common.subtitle));
        // Unchanged for one run: there is nothing to share.
        QCOMPARE(ChartBuilder::accuracyPanel({ra}, true).series[1].values[0], 0.5);
    }

    void errorTypesRadarAndScatter()
    {
        const ChartData t = ChartBuilder::errorTypeMix(m_runs);
        QCOMPARE(t.series.size(), 6);
        QCOMPARE(t.series[0].values[0], 0.6);
        QCOMPARE(t.series[2].name, QStringLiteral("GE"));
        for (const ChartSeries &s : t.series) // never the tag colours
            for (auto tag : {GroupResult::Tag::Gap, GroupResult::Tag::Robust, GroupResult::Tag::NonRobust})
                QVERIFY(s.color != ChartBuilder::tagColor(tag));
        const ChartData r = ChartBuilder::radar(m_runs);
        QCOMPARE(r.kind, ChartData::Kind::Radar);
        QCOMPARE(r.series.size(), 2); // one polygon per pipeline
        QCOMPARE(r.categories.size(), 8); // two forms × four accuracies
        QCOMPARE(r.categories[1], QStringLiteral("short · refined"));
        QCOMPARE(r.series[0].values[1], 0.9);
        QCOMPARE(r.series[1].values[5], 0.6);
        const ChartData s = ChartBuilder::timeVsScore(m_runs);
        QCOMPARE(s.series.size(), 4);
        QCOMPARE(s.series[0].x, (QVector<double>{1.5}));
        QCOMPARE(s.series[0].marker, 0);
        QCOMPARE(s.series[1].marker, 1); // long
        QCOMPARE(s.series[0].color, s.series[1].color); // same pipeline
        QVERIFY(s.series[0].color != s.series[2].color);
        QCOMPARE(ChartBuilder::all(m_runs).size(), 5);
    }

    // The radar and the latency chart name runs, not pipelines (issue 77 item 2): a pipeline's
    // polygon names the run behind each vertex, two runs of one pipeline and form get a polygon
    // each under their own names, every vertex and point says what it was computed on, and an
    // unknown value stays unknown (no vertex, no point at 0).
    void radarAndLatencyNameRuns()
    {
        const ChartData r = ChartBuilder::radar(m_runs);
        // bm25's polygon: its short run on the short axes, its long run on the long ones.
        QCOMPARE(r.series[0].name, QStringLiteral("bm25 k=1"));
        QCOMPARE(r.series[0].labels[1], QStringLiteral("run bm-short"));
        QCOMPARE(r.series[0].labels[5], QStringLiteral("run bm-long"));
        // refined over the non-gap groups' items: 6 groups × 2 items; knowledge over 10 groups.
        QCOMPARE(r.series[0].valueText(1), QStringLiteral("0.900 [0.850, 0.940] · n = 12 items"));
        QCOMPARE(r.series[0].valueText(3), QStringLiteral("0.600 · n = 10 groups"));
        QVector<RunAnalysis> runs = m_runs;
        runs << run("bm-short-again", "bm25", 1, "short", 3, 6, 1, 0.55, 0.92, 1.4);
        runs[0].grammar.refinedAccuracy.reset(); // kw-long: no refined accuracy
        const ChartData twice = ChartBuilder::radar(runs);
        QStringList names;
        for (const ChartSeries &s : twice.series)
            names << s.name;
        QCOMPARE(names, (QStringList{QStringLiteral("bm-short"), QStringLiteral("bm-short-again"), QStringLiteral("bm-long"), QStringLiteral("keyword k=1")}));
        QCOMPARE(twice.series[0].labels[1], QStringLiteral("bm25 k=1")); // a polygon named by its run: the pipeline in the hover
        const ChartSeries &keyword = twice.series[3];
        QVERIFY(std::isnan(keyword.values[5])); // kw-long's refined: unknown, not 0
        QCOMPARE(keyword.valueText(5), QStringLiteral("n/a"));
        QCOMPARE(keyword.values[4], 0.3);

        const ChartData latency = ChartBuilder::timeVsScore(runs);
        QCOMPARE(latency.series[0].name, QStringLiteral("bm-short"));
        QCOMPARE(latency.series[0].labels.value(0), QStringLiteral("bm25 k=1 · short"));
        QCOMPARE(latency.series[0].valueText(0), QStringLiteral("0.900 [0.850, 0.940] · n = 12 items"));
        const ChartSeries &noRefined = latency.series.last();
        QCOMPARE(noRefined.name, QStringLiteral("kw-long"));
        QVERIFY(std::isnan(noRefined.values[0]));
        QVERIFY2(latency.subtitle.endsWith(QLatin1String("no refined accuracy (not drawn): kw-long")), qPrintable(latency.subtitle));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestChartData)

} // namespace tst_chartdata
#include "tst_chartdata.moc"
