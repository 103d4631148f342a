// The Analysis page's Workflows view on two agentic runs (ReAct and function calling against
// the scripted loopback endpoint, scored): the figures table with a column per task level,
// the radar of each workflow, time against F1, cost per correct answer, and a query set's
// task level set from the view (an undoable edit that re-analyses the runs).
#include "testmain.h"
#include "analysis/workflowcharts.h"
#include "analysistabs/analysispage.h"
#include "report/chartfactory.h"
#include "charts/chartpanel.h"
#include "analysistabs/workflowspanel.h"
#include "itemmodels/workflowfiguresmodel.h"
#include "llm/llmprofilestore.h"
#include "project/project.h"
#include "readers/pipelinespec.h"
#include "runs/runexecutor.h"
#include "runs/runstore.h"
#include "runs/scorer.h"
#include "testdemo.h"
#include "testendpoint.h"
#include "testsettings.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QSignalSpy>
#include <QTabWidget>
#include <QUndoStack>
#include <QtTest>

namespace tst_workflowspanel {

using namespace assay;

namespace {
void screenshot(QWidget *w, const QString &name)
{
    const QString dir = qEnvironmentVariable("ASSAY_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        w->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}
} // namespace

class TestWorkflowsPanel : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;
    test::TestEndpoint m_endpoint;

    void runAndScore(const QString &name, const QString &spec)
    {
        RunStore store(m_project->database());
        auto id = store.openOrCreate(name, PipelineSpec::parse(spec).value(), QStringLiteral("short"));
        QVERIFY2(id, qPrintable(id.error()));
        // The first short query of each SQL template: lookups (KS) and joins (KA).
        QVERIFY(m_project->database().exec(QStringLiteral("DELETE FROM run_item WHERE run_id = %1 AND id NOT IN "
                                                          "(SELECT min(id) FROM run_item WHERE run_id = %1 GROUP BY sql_template_id)").arg(id.value())));
        auto report = RunExecutor::execute(m_project->database(), id.value());
        QVERIFY2(report, qPrintable(report.error()));
        QVERIFY(Scorer::score(m_project->database(), id.value(), QStringLiteral("contains"), {}).ok());
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_endpoint.start());
        // ReAct searches and finishes with Bergen; function calling answers Bergen at once.
        m_endpoint.addAgentScript(QString(), {{0, QStringLiteral("Thought: search.\nAction: Search[office]"), {}, {}, {}},
                                              {1, QStringLiteral("Thought: done.\nAction: Finish[Bergen]"), {}, {}, {}}});
        LlmProfile p;
        p.name = QStringLiteral("agent");
        p.baseUrl = m_endpoint.baseUrl();
        p.model = QStringLiteral("m");
        p.pricePerMillionInput = 2;
        p.pricePerMillionOutput = 8;
        QVERIFY(LlmProfileStore::save(p).ok());
        m_project = test::openDemoProject(m_dir);
        QVERIFY(m_project);
        runAndScore(QStringLiteral("react"), QStringLiteral("retriever=bm25,k=2,reader=react:agent"));
        runAndScore(QStringLiteral("fc"), QStringLiteral("retriever=bm25,k=2,reader=fc:agent"));
    }

    void workflowsView()
    {
        AnalysisPage page(m_project.get());
        page.resize(1600, 950);
        page.show();
        WorkflowsPanel *panel = page.workflowsPanel();
        page.tabs()->setCurrentWidget(panel);
        QSignalSpy analysed(&page, &AnalysisPage::analysed);
        QVERIFY(analysed.wait(60000));
        QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy(), 60000);
        QCOMPARE(page.analyses().size(), 2);
        // One row per run, a column per task level present.
        WorkflowFiguresModel *figures = panel->figures();
        QCOMPARE(figures->rowCount(), 2);
        QCOMPARE(figures->levels(), (QStringList{QStringLiteral("KS"), QStringLiteral("KA")}));
        QStringList headers;
        for (int c = 0; c < figures->columnCount(); ++c)
            headers << figures->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
        QVERIFY2(headers.contains(QStringLiteral("F1 KS")) && headers.contains(QStringLiteral("$ / correct")), qPrintable(headers.join(QLatin1Char('|'))));
        QVERIFY(!panel->findChild<QLabel *>(QStringLiteral("workflowsEmpty"))->isVisible());
        QVERIFY(panel->chartChooser()->isVisible()); // with LLM runs, their charts are offered
        // The charts: a radar per workflow, time vs F1, cost per correct answer, types by level.
        QStringList ids;
        for (int i = 0; i < panel->chartChooser()->count(); ++i)
            ids << panel->chartChooser()->itemData(i).toString();
        QCOMPARE(ids, (QStringList{QStringLiteral("radar-react"), QStringLiteral("radar-fc"), QStringLiteral("time-vs-f1"), QStringLiteral("cost-per-correct"),
                                   QStringLiteral("error-types-by-level")}));
        QCOMPARE(panel->chart()->data().id, QStringLiteral("radar-react"));
        QCOMPARE(panel->chart()->data().categories, (QStringList{QStringLiteral("KS"), QStringLiteral("KA"), QStringLiteral("all")}));
        QCOMPARE(ChartFactory::dataSeriesCount(panel->chart()->view()->chart()), 1);
        screenshot(&page, QStringLiteral("analysis-workflows-radar"));
        panel->chartChooser()->setCurrentIndex(2);
        QCOMPARE(panel->chart()->data().id, QStringLiteral("time-vs-f1"));
        QCOMPARE(ChartFactory::dataSeriesCount(panel->chart()->view()->chart()), 2);
        screenshot(&page, QStringLiteral("analysis-workflows-time"));
        panel->chartChooser()->setCurrentIndex(3);
        QVERIFY(panel->chart()->data().series[0].values[0] > 0); // a correct answer cost money
        panel->chartChooser()->setCurrentIndex(4);
        screenshot(&page, QStringLiteral("analysis-workflows-levels"));

        // The query set's level, set here: undoable, and the runs are analysed with it.
        const int before = m_project->undoStack()->count();
        // Chosen in the query set's box, as a user does (the box is replaced while its signal runs).
        QComboBox *box = panel->levelBox(QStringLiteral("short"));
        QVERIFY(box);
        box->setCurrentIndex(box->findData(QStringLiteral("KU")));
        emit box->activated(box->currentIndex());
        QCOMPARE(m_project->undoStack()->count(), before + 1);
        QVERIFY(analysed.wait(60000));
        QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy(), 60000);
        QCOMPARE(figures->levels(), QStringList{QStringLiteral("KU")});
        QCOMPARE(panel->levelBox(QStringLiteral("short"))->currentText(), QStringLiteral("KU"));
        m_project->undoStack()->undo();
        QVERIFY(analysed.wait(60000));
        QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy(), 60000);
        QCOMPARE(figures->levels(), (QStringList{QStringLiteral("KS"), QStringLiteral("KA")}));
        QCOMPARE(panel->levelBox(QStringLiteral("short"))->currentIndex(), 0); // from its templates
    }
};

ASSAY_TEST_MAIN(TestWorkflowsPanel)

} // namespace tst_workflowspanel
#include "tst_workflowspanel.moc"
