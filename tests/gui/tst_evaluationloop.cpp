// The evaluation loop in the GUI on the evaluated demo (docs/user-guide.md, "The evaluation
// loop"): Queries → Versions freezes the working set in a job, lists the version, and after
// curation compares it with the working set (counts and items, filtered); the run launcher
// offers the version; the Compare view gates run A against run B with a verdict badge, the
// module split and the regressed groups, marks B as the baseline, and the Overview then names
// the baseline and the latest verdict. Screenshots at 1366×768 when ASSAY_SCREENSHOT_DIR is set.
#include "testmain.h"
#include "analysis/runanalysis.h"
#include "analysis/runoutcomes.h"
#include "analysistabs/comparepanel.h"
#include "analysistabs/gatepanel.h"
#include "core/job.h"
#include "exportjudgeprompt.h"
#include "dialogs/freezeversiondialog.h"
#include "runs/runstore.h"
#include "runs/scorer.h"
#include "itemmodels/runsmodel.h"
#include "itemmodels/testsetdiffmodel.h"
#include "itemmodels/testsetsmodel.h"
#include "overviewpage.h"
#include "project/project.h"
#include "queriespage.h"
#include "runlauncher.h"
#include "runs/testsetstore.h"
#include "testdemo.h"
#include "testrunspage.h"
#include "testsettings.h"
#include "versionspanel.h"
#include "llm/llmprofilestore.h"
#include "readers/pipelinespec.h"
#include "runs/runexecutor.h"
#include "testendpoint.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QApplication>
#include <QInputDialog>
#include <QSpinBox>
#include <QTimer>
#include <QTableWidget>
#include <QUndoStack>
#include <QtTest>

namespace tst_evaluationloop {

using namespace assay;

class TestEvaluationLoop : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        const QString out = m_dir.filePath(QStringLiteral("demo-out"));
        const QString error = test::writeDemoOut(out);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        auto project = Project::open(out + QStringLiteral("/demo.assay"));
        QVERIFY2(project.ok(), qPrintable(project.error()));
        m_project = project.take();
    }

    void versionsTab()
    {
        QUndoStack undo;
        QueriesPage page(m_project.get(), &undo);
        page.resize(1180, 700);
        page.show();
        page.showVersions();
        VersionsPanel *panel = page.versions();
        QVERIFY(panel->findChild<QLabel *>(QStringLiteral("versionsEmpty"))->isVisible());
        QVERIFY(panel->findChild<QLabel *>(QStringLiteral("versionsEmpty"))->text().contains(QLatin1String("Freeze Working Set")));
        test::screenshot(&page, QStringLiteral("versions-empty"));
        QSignalSpy frozen(panel, &VersionsPanel::versionFrozen);
        QVERIFY(panel->startFreeze(QStringLiteral("v1"), QStringLiteral("before the curation"), QStringLiteral("queries"), QStringLiteral("short")));
        QVERIFY(frozen.wait(30000));
        QCOMPARE(panel->versions()->rowCount(), 1);
        QCOMPARE(panel->versions()->versions().first().items, qint64(10932));
        QCOMPARE(page.tabText(1), QStringLiteral("Versions (1)"));
        QVERIFY(!panel->findChild<QLabel *>(QStringLiteral("versionsEmpty"))->isVisible());
        // Curate: reject 5 short queries; the comparison with the working set says so.
        QVERIFY(m_project->database().run(QStringLiteral("UPDATE query SET state = 'rejected' WHERE id IN (SELECT q.id FROM query q JOIN text_template t "
                                                         "ON t.id = q.text_template_id WHERE t.form = 'short' ORDER BY q.id LIMIT 5)")).ok());
        QSignalSpy compared(panel, &VersionsPanel::compared);
        QVERIFY(panel->startCompare(QStringLiteral("v1"), QString()));
        QVERIFY(compared.wait(30000));
        QVERIFY2(panel->summaryText().contains(QLatin1String("5 removed")) && panel->summaryText().contains(QLatin1String("10,927 unchanged")),
                 qPrintable(panel->summaryText()));
        QCOMPARE(panel->diff()->rowCount(), 5);
        QCOMPARE(panel->diff()->index(0, TestSetDiffModel::Change).data().toString(), QStringLiteral("removed"));
        panel->diff()->setFilter(TestSetDiffItem::Change::Added);
        QCOMPARE(panel->diff()->rowCount(), 0);
        // Every item: the whole old version, read without restoring it.
        panel->diff()->setShow(TestSetDiffModel::Show::EveryItem);
        QCOMPARE(panel->diff()->rowCount(), 10932);
        panel->diff()->setShow(TestSetDiffModel::Show::Unchanged);
        QCOMPARE(panel->diff()->rowCount(), 10927);
        panel->diff()->setFilter(std::nullopt);
        test::screenshot(&page, QStringLiteral("versions-compare"));
        // A second freeze under a taken name fails with the reason and changes nothing.
        Job *again = panel->startFreeze(QStringLiteral("v1"), {}, QStringLiteral("queries"), QStringLiteral("short"));
        QVERIFY(again);
        QTRY_VERIFY_WITH_TIMEOUT(again->outcome().has_value(), 30000);
        QVERIFY(!again->outcome()->ok());
        QVERIFY(again->outcome()->error().contains(QLatin1String("exists")));
        QCOMPARE(m_project->service<TestSetStore>()->list().value().size(), 1);
    }

    // The Versions tab follows what others write (issue 76): a run on v1 made by another
    // connection (the CLI) shows in its Runs column, and Mark as Baseline — written through the
    // project's own connection, which no service signals — in its Baseline column.
    void versionsFollowRunsAndBaselines()
    {
        m_project->watchChanges(10, 50); // as the main window does
        QUndoStack undo;
        QueriesPage page(m_project.get(), &undo);
        page.resize(1180, 700);
        page.show();
        page.showVersions();
        VersionsPanel *panel = page.versions();
        QCOMPARE(panel->versions()->rowCount(), 1);
        QCOMPARE(panel->versions()->versions().first().runs, qint64(0));
        const qint64 v1 = panel->versions()->versions().first().id;
        const QString run = QStringLiteral("demo/long/keyword-k1");
        {
            auto other = Project::open(m_project->path());
            QVERIFY2(other.ok(), qPrintable(other.error()));
            QVERIFY(other.value()->database().run(QStringLiteral("UPDATE run SET testset_id = ? WHERE name = ?"), {v1, run}).ok());
        }
        QTRY_COMPARE_WITH_TIMEOUT(panel->versions()->versions().first().runs, qint64(1), 10000);
        const qint64 runId = RunStore(m_project->database()).idOf(run).value();
        QVERIFY(m_project->service<TestSetStore>()->markBaseline(runId).ok());
        QTRY_COMPARE_WITH_TIMEOUT(panel->versions()->versions().first().baseline, run, 10000);
        QCOMPARE(panel->versions()->index(0, TestSetsModel::Baseline).data().toString(), run);
        // Back as the other tests expect the demo.
        QVERIFY(m_project->database().run(QStringLiteral("DELETE FROM baseline WHERE run_id = ?"), {runId}).ok());
        QVERIFY(m_project->database().run(QStringLiteral("UPDATE run SET testset_id = NULL WHERE id = ?"), {runId}).ok());
        QTRY_COMPARE_WITH_TIMEOUT(panel->versions()->versions().first().runs, qint64(0), 10000);
    }

    void launcherOffersVersions()
    {
        RunLauncher launcher(*m_project);
        launcher.reload();
        QCheckBox *version = nullptr;
        for (QCheckBox *box : launcher.findChildren<QCheckBox *>())
            if (box->text() == QLatin1String("v1 (frozen)"))
                version = box;
        QVERIFY(version);
        QVERIFY(version->toolTip().contains(QLatin1String("10932 items of form short")));
    }

    void compareGatesAgainstTheBaseline()
    {
        auto a = RunAnalyzer::analyze(m_project->database(), QStringLiteral("demo/short/tfidf-k1"));
        auto b = RunAnalyzer::analyze(m_project->database(), QStringLiteral("demo/short/bm25-k3"));
        QVERIFY2(a.ok() && b.ok(), qPrintable(a.ok() ? b.error() : a.error()));
        ComparePanel compare(m_project.get());
        compare.resize(1180, 700);
        compare.show();
        GatePanel *gate = compare.gatePanel();
        QSignalSpy gated(gate, &GatePanel::gated);
        compare.setAnalyses({a.value(), b.value()});
        QVERIFY(gated.wait(30000));
        QCOMPARE(gate->verdictText(), QStringLiteral("REGRESSION"));
        QVERIFY2(gate->summaryText().contains(QLatin1String("Mark B as Baseline")), qPrintable(gate->summaryText())); // no baseline yet
        QVERIFY(gate->regressedGroups()->rowCount() > 0);
        QVERIFY(gate->report()->modules.value(QStringLiteral("retriever")).itemsLost + gate->report()->modules.value(QStringLiteral("llm")).itemsLost +
                    gate->report()->modules.value(QStringLiteral("knowledge")).itemsLost > 0);
        // Mark B as the baseline: the gate runs again, now against the marked baseline, and is recorded.
        gated.clear();
        QVERIFY(gate->markBaseline(QStringLiteral("demo/short/bm25-k3")).ok());
        QVERIFY(gated.wait(30000));
        QVERIFY2(gate->summaryText().contains(QLatin1String("the baseline of the working set")), qPrintable(gate->summaryText()));
        test::screenshot(&compare, QStringLiteral("compare-gate"));
        // Export: Markdown and JUnit.
        const QString md = m_dir.filePath(QStringLiteral("gate.md")), xml = m_dir.filePath(QStringLiteral("gate.xml"));
        QVERIFY(gate->exportReport(md).ok());
        QVERIFY(gate->exportReport(xml).ok());
        QFile f(xml);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("<failure "));
        // The Overview names the baseline and the latest verdict.
        OverviewPage overview(m_project.get());
        QVERIFY(overview.refresh());
        const QString analysis = overview.items().value(int(ProjectProgress::Step::Analysis)).detail;
        QVERIFY2(analysis.contains(QLatin1String("Baseline: demo/short/bm25-k3 (the working set)")), qPrintable(analysis));
        QVERIFY2(analysis.contains(QLatin1String("Latest gate: REGRESSION of demo/short/tfidf-k1 against demo/short/bm25-k3")), qPrintable(analysis));
    }

    // A run whose endpoint was down: its items failed, so the gate cannot judge it. The tab
    // says NOT EVALUATED with the cause and the clicks that fix it, never REGRESSION.
    void compareSaysWhenItCannotJudge()
    {
        test::TestEndpoint broken;
        QVERIFY(broken.start());
        test::TestEndpoint::FaultMix down;
        down.server = 1.0;
        broken.setFaultMix(down, 1u);
        LlmProfile p;
        p.name = QStringLiteral("down");
        p.baseUrl = broken.baseUrl();
        p.model = QStringLiteral("m");
        p.retryBaseMs = 20;
        p.breakerWindowMs = 300;
        QVERIFY(LlmProfileStore::save(p).ok());
        Database &db = m_project->database();
        auto id = RunStore(db).openOrCreate(QStringLiteral("down"), PipelineSpec::parse(QStringLiteral("retriever=bm25,k=3,reader=llm:down")).value(), QStringLiteral("short"));
        QVERIFY2(id, qPrintable(id.error()));
        QVERIFY(db.exec(QStringLiteral("DELETE FROM run_item WHERE run_id = %1 AND id NOT IN (SELECT id FROM run_item WHERE run_id = %1 ORDER BY id LIMIT 30)").arg(id.value())));
        auto executed = RunExecutor::execute(db, id.value());
        QVERIFY2(executed, qPrintable(executed.error()));
        QCOMPARE(executed.value().errors, qint64(30));
        QVERIFY(Scorer::score(db, id.value(), QStringLiteral("contains"), {}).ok());
        auto a = RunAnalyzer::analyze(db, QStringLiteral("down"));
        auto b = RunAnalyzer::analyze(db, QStringLiteral("demo/short/bm25-k3"));
        QVERIFY2(a.ok() && b.ok(), qPrintable(a.ok() ? b.error() : a.error()));
        QVERIFY(!a.value().grammar.accuracy); // nothing read: no accuracy, not 0
        QCOMPARE(a.value().grammar.failed, qint64(30));
        ComparePanel compare(m_project.get());
        compare.resize(1366, 700);
        compare.show();
        GatePanel *gate = compare.gatePanel();
        QSignalSpy gated(gate, &GatePanel::gated);
        compare.setAnalyses({a.value(), b.value()});
        QVERIFY(gated.wait(30000));
        QCOMPARE(gate->verdictText(), QStringLiteral("NOT EVALUATED"));
        QVERIFY2(gate->summaryText().contains(QLatin1String("down against <b>B</b> demo/short/bm25-k3: 30 of 30 shared items could not be evaluated: 30 failed in down")),
                 qPrintable(gate->summaryText()));
        QVERIFY2(gate->summaryText().contains(QLatin1String("Retry Failed")), qPrintable(gate->summaryText()));
        QCOMPARE(gate->regressedGroups()->rowCount(), 0);
        QCOMPARE(gate->report()->exitCode(), 4);
        test::screenshot(&compare, QStringLiteral("compare-gate-not-evaluated"));
    }

    // Freeze Working Set… → Sample: a version of N groups drawn at random, each whole.
    void freezeASample()
    {
        FreezeVersionDialog dialog({QStringLiteral("short"), QStringLiteral("long")}, {}, {QStringLiteral("v1")});
        QCOMPARE(dialog.sampleGroups(), 0);
        QCOMPARE(dialog.sampleBox()->text(), QStringLiteral("every group"));
        dialog.sampleBox()->setValue(40);
        QCOMPARE(dialog.sampleGroups(), 40);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        // The spin box shows its whole text ("40 groups, drawn at random").
        QVERIFY(dialog.sampleBox()->width() >= dialog.sampleBox()->sizeHint().width());
        test::screenshot(&dialog, QStringLiteral("freeze-sample"));
        dialog.hide();
        QUndoStack undo;
        QueriesPage page(m_project.get(), &undo);
        VersionsPanel *panel = page.versions();
        Job *job = panel->startFreeze(QStringLiteral("ci"), QStringLiteral("for CI"), QStringLiteral("queries"), QStringLiteral("short"), dialog.sampleGroups());
        QVERIFY(job);
        QTRY_VERIFY_WITH_TIMEOUT(job->outcome().has_value(), 30000);
        QVERIFY2(job->outcome()->ok(), qPrintable(job->outcome()->error()));
        auto info = m_project->service<TestSetStore>()->info(QStringLiteral("ci"));
        QVERIFY(info.ok());
        QVERIFY2(info.value().items >= 40 && info.value().items < 400, qPrintable(QString::number(info.value().items)));
        QVERIFY2(info.value().note.startsWith(QLatin1String("for CI (sample of 40 of ")), qPrintable(info.value().note));
    }

    // Runs → Export Results…: a run scored by one judge exports its verdicts; one scored by two
    // asks which, the launcher's judge offered first (issue 51's review: it took the launcher's
    // Score-with judge whatever had scored the run).
    void exportAsksForTheJudge()
    {
        // A run one judge scored (and people labelled a sample of): that judge, asked nothing,
        // whatever is preferred.
        const QString run = QStringLiteral("demo/short/keyword-k3");
        QString error;
        QCOMPARE(RunOutcomes::machineJudges(RunOutcomes::answerJudges(*m_project, run).value()), QStringList{QStringLiteral("contains")});
        std::optional<QString> judge = ExportJudgePrompt::ask(nullptr, *m_project, run, QStringLiteral("f1"), &error);
        QVERIFY2(judge.has_value(), qPrintable(error));
        QCOMPARE(*judge, QStringLiteral("contains"));
        const qint64 id = RunStore(m_project->database()).idOf(run).value();
        QVERIFY(Scorer::score(m_project->database(), id, QStringLiteral("exact"), {false, {}}).ok());
        QStringList offered;
        QString first;
        // Answers the dialog once it shows: `pick`, or Cancel when empty.
        const auto answer = [&](const QString &pick) {
            auto *timer = new QTimer(this);
            timer->setInterval(20);
            connect(timer, &QTimer::timeout, this, [&, pick, timer] {
                for (QWidget *w : QApplication::topLevelWidgets()) {
                    auto *dialog = qobject_cast<QInputDialog *>(w);
                    if (!dialog || !dialog->isVisible())
                        continue;
                    timer->stop();
                    timer->deleteLater();
                    offered = dialog->comboBoxItems();
                    first = dialog->textValue();
                    if (pick.isEmpty())
                        return dialog->reject();
                    dialog->setTextValue(pick);
                    return dialog->accept();
                }
            });
            timer->start();
        };
        answer(QStringLiteral("exact"));
        judge = ExportJudgePrompt::ask(nullptr, *m_project, run, QStringLiteral("contains"), &error);
        QVERIFY(judge.has_value());
        QCOMPARE(*judge, QStringLiteral("exact"));
        QCOMPARE(first, QStringLiteral("contains"));
        QCOMPARE(offered.mid(0, 2), (QStringList{QStringLiteral("contains"), QStringLiteral("exact")})); // then people's labels
        QVERIFY(offered.size() > 2);
        answer({});
        error.clear();
        QVERIFY(!ExportJudgePrompt::ask(nullptr, *m_project, run, QStringLiteral("contains"), &error).has_value()); // cancelled
        QVERIFY(error.isEmpty());
    }
};

ASSAY_TEST_MAIN(TestEvaluationLoop)

} // namespace tst_evaluationloop
#include "tst_evaluationloop.moc"
