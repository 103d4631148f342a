// A metric registered in this test binary alone, with no other file touched (docs/ARCHITECTURE.md,
// "Add a metric with its chart"): `analyze metrics` lists and evaluates it, `gate --metric`
// gates on it (both run in process), the report's All metrics section and `export plots`'
// metrics chart show it, and the GUI offers it — the gate's metric chooser and the Compare
// view's All metrics table. And the registered accuracy-type metrics give the same numbers as
// the Analysis page's GRAMMAR figures on the evaluated demo.
#include "testmain.h"
#include "testdemo.h"
#include "analysis/metricevaluator.h"
#include "analysis/offlineclaimchecker.h"
#include "analysistabs/analysispage.h"
#include "analysistabs/comparepanel.h"
#include "analysis/metricregistry.h"
#include "analysistabs/gatepanel.h"
#include "analysistabs/metricspanel.h"
#include "charts/chartpanel.h"
#include "core/job.h"
#include "gatecommand.h"
#include "metricscommand.h"
#include "project/project.h"
#include "report/analysisexport.h"
#include "report/metricsection.h"
#include "runs/metricvaluestore.h"
#include "runs/runresultstore.h"
#include "runs/runstore.h"
#include "testrunspage.h"
#include "testsettings.h"

#include <QComboBox>
#include <QFile>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace tst_metricextension {

using namespace assay;

namespace {

// The share of items that were given three chunks or more: 1 for a k = 3 run, 0 for k = 1.
class FullContextMetric : public Metric {
public:
    QString name() const override { return QStringLiteral("full_context"); }
    QString label() const override { return QStringLiteral("Full context"); }
    QString glossary() const override { return QStringLiteral("Items given three chunks or more."); }
    QString module() const override { return QStringLiteral("retriever"); }
    int needs() const override { return MetricNeeds::Chunks; }
    MetricValue value(const MetricItem &item) const override { return MetricValue::known(item.item.retrievedIds.size() >= 3 ? 1.0 : 0.0); }
};

const QString kK3 = QStringLiteral("demo/short/bm25-k3");
const QString kK1 = QStringLiteral("demo/short/bm25-k1");

struct Ran {
    int code;
    QString out, err;
};

template <class Command>
Ran runInProcess(const QStringList &args)
{
    QString out, err;
    QTextStream o(&out), e(&err);
    CliIo io{o, e};
    const int code = Command().run(args, io);
    o.flush();
    e.flush();
    return {code, out, err};
}

} // namespace

class TestMetricExtension : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_path;
    double m_fullShare = 0;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        MetricRegistry::instance().add(std::make_shared<FullContextMetric>()); // the one registration
        const QString error = test::writeDemoOut(m_dir.filePath(QStringLiteral("out")));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        m_path = m_dir.filePath(QStringLiteral("out/demo.assay"));
        // The share counted here, from the stored items (BM25 gives fewer than k chunks when
        // fewer documents hold a query word).
        auto project = Project::open(m_path);
        QVERIFY(project);
        auto items = RunResultStore(project.value()->database()).executed(RunStore(project.value()->database()).idOf(kK3).value());
        QVERIFY(items);
        int full = 0;
        for (const StoredRunItem &it : items.value())
            full += it.retrievedIds.size() >= 3;
        m_fullShare = double(full) / items.value().size();
        QVERIFY(m_fullShare > 0.5 && m_fullShare < 1.0);
    }

    void theCommandLineListsEvaluatesAndGatesIt()
    {
        Ran list = runInProcess<MetricsCommand>({QStringLiteral("--list")});
        QCOMPARE(list.code, 0);
        QVERIFY2(list.out.contains(QLatin1String("full_context")), qPrintable(list.out));

        Ran r = runInProcess<MetricsCommand>({m_path, QStringLiteral("--run"), kK3 + QLatin1Char(',') + kK1, QStringLiteral("--metric"),
                                              QStringLiteral("full_context,accuracy"), QStringLiteral("--json"), QStringLiteral("--keep")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        const auto j = nlohmann::json::parse(r.out.toStdString(), nullptr, false);
        QVERIFY2(j.is_object(), qPrintable(r.out));
        QCOMPARE(j["runs"][0]["metrics"]["full_context"]["value"].get<double>(), std::round(1000 * m_fullShare) / 10);
        QCOMPARE(j["runs"][1]["metrics"]["full_context"]["value"].get<double>(), 0.0);
        QCOMPARE(j["runs"][0]["metrics"]["full_context"]["n"].get<int>(), 10932);
        QCOMPARE(j["runs"][0]["metrics"]["full_context"]["module"].get<std::string>(), std::string("retriever"));
        // --keep stored every item's value.
        auto project = Project::open(m_path);
        QVERIFY(project);
        const qint64 k3 = RunStore(project.value()->database()).idOf(kK3).value();
        auto kept = MetricValueStore(project.value()->database()).values(k3, QStringLiteral("full_context"), QString());
        QVERIFY2(kept, qPrintable(kept.error()));
        QCOMPARE(kept.value().size(), 10932);

        Ran gate = runInProcess<GateCommand>({m_path, QStringLiteral("--run"), kK1, QStringLiteral("--baseline"), kK3, QStringLiteral("--metric"),
                                              QStringLiteral("full-context")});
        QCOMPARE(gate.code, 1); // a regression
        QVERIFY2(gate.out.startsWith(QLatin1String("REGRESSION")) && gate.out.contains(QStringLiteral("(full_context): -%1 points").arg(100 * m_fullShare, 0, 'f', 1)),
                 qPrintable(gate.out));
        QVERIFY2(gate.out.contains(QLatin1String("retriever")), qPrintable(gate.out));
    }

    void theReportAndThePlotsShowIt()
    {
        auto analyses = AnalysisExport::analyses(Project::open(m_path).value()->database(), {kK3, kK1});
        QVERIFY2(analyses, qPrintable(analyses.error()));
        auto project = Project::open(m_path);
        QVERIFY(project);
        auto values = MetricSection::values(project.value()->database(), analyses.value());
        QVERIFY2(values, qPrintable(values.error()));
        const QString html = MetricSection::html(values.value(), analyses.value(), false);
        QVERIFY2(html.contains(QLatin1String("Full context")), qPrintable(html.left(400)));
        const ChartData chart = MetricSection::chart(values.value(), analyses.value());
        QVERIFY(chart.categories.contains(QStringLiteral("full<br>context")));
        auto files = AnalysisExport::writePlots(analyses.value(), m_dir.filePath(QStringLiteral("plots")), {QStringLiteral("svg")}, 96,
                                                &project.value()->database());
        QVERIFY2(files, qPrintable(files.error()));
        QFile svg(m_dir.filePath(QStringLiteral("plots/metrics.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("full"));

        // The accuracy-type metrics agree with the GRAMMAR figures the Analysis page shows.
        for (int r = 0; r < analyses.value().size(); ++r) {
            const RunAnalysis &a = analyses.value()[r];
            const MetricEvaluator::Figure accuracy = MetricEvaluator::figure(values.value()[r], *MetricRegistry::instance().metric(QStringLiteral("accuracy")));
            const MetricEvaluator::Figure retrieval = MetricEvaluator::figure(values.value()[r], *MetricRegistry::instance().metric(QStringLiteral("retrieval")));
            QVERIFY(a.grammar.accuracy && a.grammar.retrievalAccuracy);
            QVERIFY2(std::abs(accuracy.value - *a.grammar.accuracy) < 1e-12, qPrintable(a.run));
            QVERIFY2(std::abs(retrieval.value - *a.grammar.retrievalAccuracy) < 1e-12, qPrintable(a.run));
            QCOMPARE(qint64(retrieval.n), a.grammar.retrievalItems);
        }
    }

    void theGuiOffersIt()
    {
        auto opened = Project::open(m_path);
        QVERIFY(opened);
        std::unique_ptr<Project> project = opened.take();
        GatePanel gate(project.get());
        QVERIFY(gate.metricChooser()->findData(QStringLiteral("full_context")) >= 0);
        QVERIFY(gate.metricChooser()->findData(QStringLiteral("faithfulness")) >= 0);

        MetricsPanel panel(project.get());
        QSignalSpy compared(&panel, &MetricsPanel::compared);
        Job *job = panel.compare(kK3, QStringLiteral("contains"), kK1, QStringLiteral("contains"));
        QVERIFY(job);
        QVERIFY(compared.wait(60000));
        QTableWidget *t = panel.table();
        int row = -1;
        for (int i = 0; i < t->rowCount(); ++i)
            if (t->item(i, 0)->text() == QLatin1String("Full context"))
                row = i;
        QVERIFY2(row >= 0, "the registered metric has a row");
        QCOMPARE(t->item(row, 2)->text(), QString::number(100 * m_fullShare, 'f', 1));
        QCOMPARE(t->item(row, 3)->text(), QStringLiteral("0.0"));
        QVERIFY2(t->item(row, 4)->text().startsWith(QStringLiteral("+%1").arg(100 * m_fullShare, 0, 'f', 1)), qPrintable(t->item(row, 4)->text()));
        QVERIFY(t->item(row, 0)->toolTip().contains(QLatin1String("three chunks")));
        // A claim metric without claims says why and what to click.
        for (int i = 0; i < t->rowCount(); ++i)
            if (t->item(i, 0)->text() == QLatin1String("Faithfulness")) {
                QCOMPARE(t->item(i, 2)->text(), QStringLiteral("n/a"));
                QVERIFY2(t->item(i, 2)->toolTip().contains(QLatin1String("Check Claims")), qPrintable(t->item(i, 2)->toolTip()));
            }
    }

    // The Compare view's All metrics tab and the gate on a claim metric, in the Analysis page at
    // a laptop's size (screenshots with ASSAY_SCREENSHOT_DIR).
    void onTheAnalysisPage()
    {
        auto opened = Project::open(m_path);
        QVERIFY(opened);
        std::unique_ptr<Project> project = opened.take();
        for (const QString &run : {kK3, kK1})
            QVERIFY(OfflineClaimChecker::check(*project, RunStore(project->database()).idOf(run).value()));
        AnalysisPage page(project.get());
        page.resize(1366, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        ComparePanel *compare = page.comparePanel();
        page.tabs()->setCurrentWidget(compare);
        QTRY_VERIFY_WITH_TIMEOUT(compare->runA()->count() >= 2, 60000);
        auto *views = compare->findChild<QTabWidget *>(QStringLiteral("compareViews"));
        QVERIFY(views);
        views->setCurrentWidget(compare->metricsPanel());
        QSignalSpy compared(compare->metricsPanel(), &MetricsPanel::compared);
        compare->runA()->setCurrentText(kK3);
        compare->runB()->setCurrentText(kK1);
        QTRY_VERIFY_WITH_TIMEOUT(compare->metricsPanel()->statusText().contains(kK3) && compare->metricsPanel()->statusText().contains(QLatin1String("registered metrics have values")), 60000);
        QTableWidget *t = compare->metricsPanel()->table();
        bool claimRecall = false;
        for (int i = 0; i < t->rowCount(); ++i)
            if (t->item(i, 0)->text() == QLatin1String("Claim recall")) {
                claimRecall = true;
                QCOMPARE(t->item(i, 2)->text(), QStringLiteral("72.5"));
            }
        QVERIFY(claimRecall);
        test::screenshot(&page, QStringLiteral("compare-all-metrics"));
        auto *metricViews = compare->metricsPanel()->findChild<QTabWidget *>(QStringLiteral("metricsViews"));
        QVERIFY(metricViews);
        metricViews->setCurrentIndex(1);
        QTest::qWait(200);
        test::screenshot(&page, QStringLiteral("compare-all-metrics-chart"));

        views->setCurrentWidget(compare->gatePanel());
        QSignalSpy gated(compare->gatePanel(), &GatePanel::gated);
        compare->gatePanel()->metricChooser()->setCurrentIndex(compare->gatePanel()->metricChooser()->findData(QStringLiteral("claim_recall")));
        QVERIFY(gated.wait(60000));
        QCOMPARE(compare->gatePanel()->verdictText(), QStringLiteral("IMPROVEMENT"));
        QVERIFY2(compare->gatePanel()->summaryText().contains(QLatin1String("claim_recall")), qPrintable(compare->gatePanel()->summaryText()));
        test::screenshot(&page, QStringLiteral("gate-claim-recall"));
    }
};

ASSAY_TEST_MAIN(TestMetricExtension)
} // namespace tst_metricextension

#include "tst_metricextension.moc"
