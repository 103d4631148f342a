// Analysis → Grounding → Claims on the demo, offscreen: the empty state says what to click;
// Check Claims Offline fills the metric grid in the background with the same figures the
// model computes; a retrieval-only run's response metrics read n/a (not 0) and say why; a
// chosen run sets the others' paired differences; an item's claims × chunks grid is coloured
// by verdict.
#include "testmain.h"
#include "analysis/claimanalysis.h"
#include "analysistabs/claimspanel.h"
#include "charts/chartpanel.h"
#include "claims/claimstore.h"
#include "core/job.h"
#include "project/project.h"
#include "readers/pipelinespec.h"
#include "runs/runexecutor.h"
#include "runs/runstore.h"
#include "testdemo.h"
#include "testrunspage.h"
#include "testsettings.h"

#include <QComboBox>
#include <QFileInfo>
#include <QScrollBar>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QtTest>

#include <cmath>

namespace tst_claimspanel {

using namespace assay;

class TestClaimsPanel : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;

    static int columnOf(QTableWidget *, ClaimMetrics::Metric m) { return int(m) + 2; }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        m_project = test::openDemoProject(m_dir);
        QVERIFY(m_project);
        m_project->watchChanges(10, 0); // as the main window does
        RunStore store(m_project->database());
        for (const char *reader : {"none", "extractive"}) {
            auto id = store.openOrCreate(QStringLiteral("claims/%1").arg(QLatin1String(reader)),
                                         PipelineSpec::parse(QStringLiteral("retriever=bm25,k=3,reader=%1").arg(QLatin1String(reader))).value(), QStringLiteral("short"));
            QVERIFY(id);
            QVERIFY(RunExecutor::execute(m_project->database(), id.value()).ok());
        }
    }

    void checkOfflineFillsTheGridAndTheInspector()
    {
        ClaimsPanel panel(m_project.get());
        panel.resize(1180, 640);
        QSignalSpy loaded(&panel, &ClaimsPanel::loaded);
        panel.show();
        QVERIFY(loaded.wait(30000));
        QCOMPARE(panel.grid()->rowCount(), 0);
        QVERIFY2(panel.statusText().contains(QLatin1String("click Check Claims")), qPrintable(panel.statusText()));
        QVERIFY(!panel.statusText().contains(QLatin1String("assay-cli")));

        for (const QString &run : {QStringLiteral("claims/extractive"), QStringLiteral("claims/none")}) {
            QVERIFY(panel.checkOffline(run));
            QVERIFY(loaded.wait(60000));
        }
        QCOMPARE(panel.grid()->rowCount(), 2);
        QVERIFY2(panel.statusText().contains(QLatin1String("claims checked offline on")), qPrintable(panel.statusText()));
        // The grid shows the model's figures, ×100 with one decimal.
        ClaimStore store(m_project->database());
        const qint64 extractiveId = RunStore(m_project->database()).idOf(QStringLiteral("claims/extractive")).value();
        const auto figures = ClaimAnalysis::ofRun(store, extractiveId, QStringLiteral("offline")).value();
        int extractive = -1, none = -1;
        for (int r = 0; r < panel.grid()->rowCount(); ++r)
            (panel.grid()->item(r, 0)->text() == QLatin1String("claims/extractive") ? extractive : none) = r;
        QVERIFY(extractive >= 0 && none >= 0);
        for (int m = 0; m < ClaimMetrics::MetricCount; ++m)
            QCOMPARE(panel.grid()->item(extractive, columnOf(panel.grid(), ClaimMetrics::Metric(m)))->text(),
                     QString::number(100 * figures.figures[m].value, 'f', 1));
        QCOMPARE(panel.grid()->item(extractive, columnOf(panel.grid(), ClaimMetrics::Hallucination))->text(), QStringLiteral("0.0"));
        // A retrieval-only run: no response, so its response metrics do not apply.
        QTableWidgetItem *faithful = panel.grid()->item(none, columnOf(panel.grid(), ClaimMetrics::Faithfulness));
        QCOMPARE(faithful->text(), QStringLiteral("n/a"));
        QVERIFY2(faithful->toolTip().contains(QLatin1String("no response")), qPrintable(faithful->toolTip()));
        QVERIFY(panel.grid()->item(none, columnOf(panel.grid(), ClaimMetrics::ClaimRecall))->text() != QLatin1String("n/a"));
        QVERIFY(panel.grid()->horizontalHeaderItem(columnOf(panel.grid(), ClaimMetrics::ContextPrecision))->toolTip().contains(QLatin1String("chunks")));

        // The chart: a bar per run in each metric's group, the retrieval-only run's response
        // metrics n/a (no bar), its claim recall as in the table; it exports.
        const ChartData chart = panel.chart()->data();
        QCOMPARE(chart.categories.size(), int(ClaimMetrics::MetricCount));
        QCOMPARE(chart.series.size(), 2);
        // The runs' shared "claims/" is said once, in the subtitle.
        QVERIFY2(chart.subtitle.startsWith(QStringLiteral("runs claims/…")), qPrintable(chart.subtitle));
        for (const ChartSeries &s : chart.series) {
            QVERIFY(!std::isnan(s.values[ClaimMetrics::ClaimRecall]));
            QCOMPARE(std::isnan(s.values[ClaimMetrics::Faithfulness]), s.name == QLatin1String("none"));
            if (s.name == QLatin1String("extractive"))
                QCOMPARE(s.values[ClaimMetrics::Hallucination], 0.0);
        }
        QVERIFY(chart.subtitle.contains(QLatin1String("only the retriever's metrics apply: none")));
        const QString svg = m_dir.filePath(QStringLiteral("claims.svg"));
        QVERIFY(panel.chart()->exportTo(svg).ok());
        QVERIFY(QFileInfo(svg).size() > 1000);

        // Compared with the retrieval-only run: the same retriever, so claim recall moves by 0.
        auto *baseline = panel.findChild<QComboBox *>(QStringLiteral("claimsBaseline"));
        QVERIFY(baseline);
        QSignalSpy compared(&panel, &ClaimsPanel::compared);
        baseline->setCurrentIndex(baseline->findText(QStringLiteral("claims/none")));
        QVERIFY(compared.wait(30000));
        for (int r = 0; r < panel.grid()->rowCount(); ++r)
            if (panel.grid()->item(r, 0)->text() == QLatin1String("claims/extractive"))
                QVERIFY2(panel.grid()->item(r, columnOf(panel.grid(), ClaimMetrics::ClaimRecall))->text().endsWith(QLatin1String("(+0.0)")),
                         qPrintable(panel.grid()->item(r, columnOf(panel.grid(), ClaimMetrics::ClaimRecall))->text()));

        // The inspector: the extractive run's item q100.
        for (int r = 0; r < panel.grid()->rowCount(); ++r)
            if (panel.grid()->item(r, 0)->text() == QLatin1String("claims/extractive"))
                panel.grid()->setCurrentCell(r, 0);
        QCOMPARE(panel.items()->rowCount(), figures.items);
        panel.inspect(QStringLiteral("claims/extractive"), QStringLiteral("q100"));
        const auto ids = store.itemIds(extractiveId).value();
        const auto set = store.item(ids.value(QStringLiteral("q100")), QStringLiteral("offline")).value();
        QVERIFY(set);
        QCOMPARE(panel.matrix()->rowCount(), int(set->answerClaims.size() + set->responseClaims.size()));
        QCOMPARE(panel.matrix()->columnCount(), 2 + set->checks.chunks);
        QVERIFY(panel.matrix()->item(0, 0)->text().startsWith(QStringLiteral("Truth: Malta · city · Valletta")));
        QCOMPARE(panel.matrix()->item(0, 2)->text(), QStringLiteral("entailed")); // chunk 1 ties Valletta to Malta
        QCOMPARE(panel.matrix()->item(0, 3)->text(), QStringLiteral("neutral"));
        QVERIFY(panel.matrix()->item(0, 2)->background().color() != panel.matrix()->item(0, 3)->background().color());
        QVERIFY(panel.matrix()->horizontalHeaderItem(2)->toolTip().contains(QLatin1String("Valletta")));
        // A run made elsewhere (the Runs page's jobs write on their own connections) joins the
        // run chooser without a restart.
        {
            auto db = Project::openConnection(m_project->path());
            QVERIFY(db);
            RunStore other(db.value());
            auto later = other.openOrCreate(QStringLiteral("claims/later"), PipelineSpec::parse(QStringLiteral("retriever=bm25,k=1,reader=none")).value(),
                                            QStringLiteral("short"));
            QVERIFY(later);
            QVERIFY(RunExecutor::execute(db.value(), later.value()).ok());
        }
        auto *runChooser = panel.findChild<QComboBox *>(QStringLiteral("claimsRun"));
        QVERIFY(runChooser);
        QTRY_VERIFY_WITH_TIMEOUT(runChooser->findText(QStringLiteral("claims/later")) >= 0, 20000);

        panel.resize(970, 600); // the tab's room in a 1366 × 768 window
        QCOMPARE(panel.grid()->horizontalScrollBar()->isVisible(), false);
        QTest::qWait(50);
        test::screenshot(&panel, QStringLiteral("claims-panel"));
        auto *views = panel.findChild<QTabWidget *>(QStringLiteral("claimsViews"));
        QVERIFY(views);
        views->setCurrentIndex(1);
        QTest::qWait(100);
        test::screenshot(&panel, QStringLiteral("claims-chart"));
    }
};

ASSAY_TEST_MAIN(TestClaimsPanel)

} // namespace tst_claimspanel
#include "tst_claimspanel.moc"
