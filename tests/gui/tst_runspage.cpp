// The Runs page on the demo project, offscreen: the checkable pipeline grid and the cost
// estimate, starting a grid of runs in the background, pausing and resuming one (also with
// Resume pressed as the pause lands), the runs
// table and a run's items table; Retry Failed on a run whose LLM calls partly failed; the
// LLM workflows' columns and an agentic item's step timeline in the inspector.
#include "testmain.h"
#include "iteminspector.h"
#include "itemmodels/agentstepsmodel.h"
#include "itemmodels/runitemsmodel.h"
#include "itemmodels/runsmodel.h"
#include "llm/llmprofilestore.h"
#include "project/project.h"
#include "runlauncher.h"
#include "runspage.h"
#include "analysis/runoutcomes.h"
#include "runs/runqueue.h"
#include "runs/runstore.h"
#include "timelinestrip.h"
#include "judgechooser.h"
#include "testdemo.h"
#include "testendpoint.h"
#include "testrunspage.h"
#include "testsettings.h"

#include <QCheckBox>
#include <QHeaderView>
#include <QSpinBox>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTableWidget>
#include <QSignalSpy>
#include "messagebar.h"
#include <QPushButton>
#include <QtTest>

namespace tst_runspage {

using namespace assay;

class TestRunsPage : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        LlmProfile p;
        p.name = QStringLiteral("cheap");
        p.baseUrl = QStringLiteral("http://127.0.0.1:9/v1");
        p.model = QStringLiteral("m");
        p.pricePerMillionInput = 1.0;
        p.pricePerMillionOutput = 2.0;
        QVERIFY(LlmProfileStore::save(p).ok());
        m_project = test::openDemoProject(m_dir);
        QVERIFY(m_project);
    }

    void gridAndEstimate()
    {
        RunsPage page(m_project.get());
        QTableWidget *grid = page.launcher()->grid();
        QCOMPARE(grid->rowCount(), 7); // keyword, tfidf, bm25, dense, hybrid, oracle, closed-book
        QCOMPARE(grid->columnCount(), 4); // {none, llm:cheap} × k ∈ {1, 3}
        QVERIFY(!page.launcher()->startButton()->isEnabled());
        QVERIFY(test::checkLauncherCell(grid, QStringLiteral("keyword"), QStringLiteral("reader=none,k=1")));
        QVERIFY(test::checkLauncherCell(grid, QStringLiteral("bm25"), QStringLiteral("reader=none,k=3")));
        QVERIFY(page.launcher()->startButton()->isEnabled());
        const auto runs = page.launcher()->plannedRuns();
        QCOMPARE(runs.size(), 2);
        QCOMPARE(runs[0].name, QStringLiteral("run/keyword-k1"));
        QCOMPARE(runs[1].spec.text(), QStringLiteral("retriever=bm25,k=3,reader=none"));
        QVERIFY2(page.launcher()->estimateText().startsWith(QLatin1String("2 run(s)")), qPrintable(page.launcher()->estimateText()));
        QVERIFY(page.launcher()->estimateText().contains(QLatin1String("0 LLM calls")));
        // An LLM reader column: one call per item, priced from the profile.
        QVERIFY(test::checkLauncherCell(grid, QStringLiteral("bm25"), QStringLiteral("reader=llm:cheap,k=3")));
        const RunEstimate e = RunPlan::estimate(m_project->database(), page.launcher()->plannedRuns());
        QCOMPARE(e.llmCalls, e.items / 3);
        QVERIFY(e.promptTokens > e.llmCalls * 50);
        QVERIFY(e.cost > 0 && std::abs(e.cost - (e.promptTokens * 1.0 + e.completionTokens * 2.0) / 1e6) < 1e-9);
        // Changing k keeps checked cells that still exist.
        page.launcher()->kEdit()->setText(QStringLiteral("3, 5"));
        emit page.launcher()->kEdit()->editingFinished();
        QCOMPARE(grid->columnCount(), 4);
        QCOMPARE(page.launcher()->plannedRuns().size(), 2); // bm25 × {none, llm} at k=3
    }

    void startPauseResume()
    {
        RunsPage page(m_project.get());
        page.resize(1400, 900);
        page.show();
        QTableWidget *grid = page.launcher()->grid();
        page.launcher()->nameEdit()->setText(QStringLiteral("gui"));
        page.launcher()->setFormChecked(QStringLiteral("long"), true);
        QVERIFY(test::checkLauncherCell(grid, QStringLiteral("keyword"), QStringLiteral("reader=none,k=1")));
        QVERIFY(test::checkLauncherCell(grid, QStringLiteral("oracle"), QStringLiteral("reader=none,k=3")));
        QCOMPARE(page.launcher()->plannedRuns().size(), 4); // {short, long} × 2 pipelines
        const int before = page.runsModel()->rowCount();
        // Pause as soon as the first run reports progress.
        bool paused = false;
        connect(page.queue(), &RunQueue::progress, &page, [&](const RunProgress &p) {
            if (!paused && p.done > 0) {
                paused = true;
                page.queue()->pause();
            }
        });
        page.launcher()->startButton()->click();
        QVERIFY(test::waitIdle(page));
        QVERIFY(paused);
        QCOMPARE(page.runsModel()->rowCount(), before + 4);
        QStringList statuses;
        for (int r = before; r < page.runsModel()->rowCount(); ++r)
            statuses << page.runsModel()->run(r).status;
        QCOMPARE(statuses.count(QStringLiteral("paused")), 1);
        QCOMPARE(statuses.count(QStringLiteral("pending")), 3);
        QCOMPARE(page.queue()->queued(), 4); // the paused run first
        QVERIFY(page.progressText().contains(QLatin1String("items/s")));
        // Resume runs the queue to the end.
        QPushButton *resume = nullptr;
        for (QPushButton *b : page.findChildren<QPushButton *>())
            if (b->text() == QLatin1String("Resume"))
                resume = b;
        QVERIFY(resume && resume->isEnabled());
        resume->click();
        QVERIFY(test::waitIdle(page, 120000));
        page.runsModel()->refresh();
        for (int r = before; r < page.runsModel()->rowCount(); ++r) {
            const RunSummary &run = page.runsModel()->run(r);
            QCOMPARE(run.status, QStringLiteral("done"));
            QCOMPARE(run.done, run.total);
        }
        QCOMPARE(page.runsModel()->index(before, RunsModel::Name).data().toString(), QStringLiteral("gui/short/keyword-k1"));
        // A run's items open in the items table.
        page.runsView()->setCurrentIndex(page.runsModel()->index(before + 1, 0));
        RunItemsModel *items = page.itemsModel();
        QCOMPARE(qint64(items->rowCount()), page.runsModel()->run(before + 1).total);
        int withDocuments = 0; // the oracle returns the true documents, where the group has any
        for (int r = 0; r < items->rowCount(); ++r)
            withDocuments += !items->index(r, RunItemsModel::Retrieved).data().toString().isEmpty();
        QVERIFY2(withDocuments > items->rowCount() / 3 && withDocuments < items->rowCount(), qPrintable(QString::number(withDocuments)));
        // The page says which oracle items got nothing, and why (issue 48).
        const QString said = page.findChild<MessageBar *>(QString(), Qt::FindDirectChildrenOnly)->text();
        QVERIFY2(said.contains(QStringLiteral("the oracle had no true documents for %1 of its %2 items").arg(items->rowCount() - withDocuments).arg(items->rowCount())),
                 qPrintable(said));
        QVERIFY(items->index(0, RunItemsModel::Latency).data().toString().endsWith(QLatin1String(" ms")));
        QVERIFY(!items->index(0, RunItemsModel::Gold).data().toString().isEmpty());
        const QString dir = qEnvironmentVariable("ASSAY_SCREENSHOT_DIR");
        if (!dir.isEmpty())
            page.grab().save(dir + QStringLiteral("/runs-page.png"));
    }

    // Resume pressed just as a paused run's end is handled: the queue's own "move on" that
    // follows must not replace (and so cancel) the resumed run. Under load this lost runs.
    void resumeAsThePauseLands()
    {
        RunQueue queue(*m_project);
        auto spec = PipelineSpec::parse(QStringLiteral("retriever=keyword,k=1,reader=none"));
        QVERIFY2(spec, qPrintable(spec.error()));
        QVector<PlannedRun> runs{{QStringLiteral("race/a"), spec.value(), QStringLiteral("short")},
                                 {QStringLiteral("race/b"), spec.value(), QStringLiteral("long")}};
        bool paused = false;
        connect(&queue, &RunQueue::progress, this, [&](const RunProgress &p) {
            if (!paused && p.done > 0) {
                paused = true;
                queue.pause();
            }
        });
        QStringList finished;
        connect(&queue, &RunQueue::runFinished, this, [&](qint64, const QString &name, bool ok, const QString &message) {
            finished << QStringLiteral("%1 %2 %3").arg(name, ok ? QStringLiteral("ok") : QStringLiteral("stopped"), message);
            if (finished.size() == 1)
                queue.start(); // the user's Resume, before the queue's own next step runs
        });
        auto queued = queue.enqueue(runs);
        QVERIFY2(queued, qPrintable(queued.error()));
        QTRY_VERIFY_WITH_TIMEOUT(!queue.isRunning() && queue.queued() == 0, 120000);
        QVERIFY(paused);
        QCOMPARE(finished.size(), 3); // a (paused), a (resumed, to the end), b
        QVERIFY2(finished[1].startsWith(QLatin1String("race/a ok")), qPrintable(finished.join(QLatin1Char('\n'))));
        QVERIFY2(finished[2].startsWith(QLatin1String("race/b ok")), qPrintable(finished.join(QLatin1Char('\n'))));
        auto all = RunStore(m_project->database()).runs();
        QVERIFY2(all, qPrintable(all.error()));
        int checked = 0;
        for (const RunSummary &r : all.value())
            if (r.name.startsWith(QLatin1String("race/"))) {
                QCOMPARE(r.status, QStringLiteral("done"));
                QCOMPARE(r.done, r.total);
                ++checked;
            }
        QCOMPARE(checked, 2);
    }

    void scoresWhenRunsEndAndOnRequest()
    {
        RunsPage page(m_project.get());
        page.resize(1400, 900);
        page.show();
        page.launcher()->nameEdit()->setText(QStringLiteral("scored"));
        QVERIFY(test::checkLauncherCell(page.launcher()->grid(), QStringLiteral("bm25"), QStringLiteral("reader=none,k=1")));
        page.launcher()->scoreChooser()->setJudge(QStringLiteral("contains"));
        page.launcher()->scoreChooser()->setClosedDomain(false);
        QCOMPARE(page.launcher()->plannedRuns().size(), 1);
        const QString name = page.launcher()->plannedRuns().first().name;
        QSignalSpy scored(page.queue(), &RunQueue::runScored);
        page.launcher()->startButton()->click();
        QVERIFY(test::waitIdle(page, 120000));
        QCOMPARE(scored.count(), 1);
        QCOMPARE(scored.constFirst().at(2).toString(), QStringLiteral("contains"));
        const qint64 items = scored.constFirst().at(3).toLongLong(), correct = scored.constFirst().at(5).toLongLong();
        QVERIFY(items > 1000 && correct > 0 && correct < items);
        auto id = RunStore(m_project->database()).idOf(name);
        QVERIFY(id);
        QCOMPARE(RunOutcomes::answerJudges(m_project->database(), id.value()).value(), QStringList{QStringLiteral("contains")});
        QVERIFY(page.progressText().contains(QLatin1String("scored by contains")));
        // Said in the page's bar too, with the way to its analysis.
        auto *bar = page.findChild<MessageBar *>(QString(), Qt::FindDirectChildrenOnly);
        QVERIFY(bar);
        QVERIFY2(bar->text().contains(QLatin1String("scored by contains")), qPrintable(bar->text()));
        QCOMPARE(bar->buttonTexts(), QStringList{QStringLiteral("Open Analysis")});
        QSignalSpy toAnalysis(&page, &RunsPage::analysisRequested);
        bar->findChild<QPushButton *>(QStringLiteral("messageAction"))->click();
        QCOMPARE(toAnalysis.count(), 1);
        // Score… on the selected run adds a second judge's verdicts.
        page.runsModel()->refresh();
        int row = -1;
        for (int r = 0; r < page.runsModel()->rowCount(); ++r)
            if (page.runsModel()->run(r).id == id.value())
                row = r;
        QVERIFY(row >= 0);
        page.runsView()->setCurrentIndex(page.runsModel()->index(row, 0));
        // The items table says each answer's verdict (the review missed it): as many "correct"
        // as the judge counted.
        RunItemsModel *itemRows = page.itemsModel();
        QCOMPARE(qint64(itemRows->rowCount()), items);
        const auto verdictCount = [itemRows](const QString &text) {
            qint64 n = 0;
            for (int r = 0; r < itemRows->rowCount(); ++r)
                n += itemRows->index(r, RunItemsModel::Verdict).data().toString() == text;
            return n;
        };
        QCOMPARE(verdictCount(QStringLiteral("correct")), correct);
        QCOMPARE(verdictCount(QStringLiteral("wrong")), items - correct);
        page.scoreSelected({QStringLiteral("exact"), true});
        QVERIFY(test::waitIdle(page, 120000));
        QCOMPARE(scored.count(), 2);
        QCOMPARE(RunOutcomes::answerJudges(m_project->database(), id.value()).value(), (QStringList{QStringLiteral("contains"), QStringLiteral("exact")}));
        // Two judges: both named; an unreadable reply is unknown, never wrong.
        QVERIFY(m_project->database()
                    .exec(QStringLiteral("UPDATE judgement SET verdict = NULL WHERE judge = 'exact' AND run_item_id = (SELECT min(id) FROM run_item WHERE run_id = %1)").arg(id.value()))
                    .ok());
        itemRows->refresh();
        QVERIFY(verdictCount(QStringLiteral("contains: correct · exact: unknown")) + verdictCount(QStringLiteral("contains: wrong · exact: unknown")) == 1);
        for (int r = 0; r < itemRows->rowCount(); ++r)
            QVERIFY(itemRows->index(r, RunItemsModel::Verdict).data().toString().startsWith(QLatin1String("contains: ")));
        QVERIFY(itemRows->index(0, RunItemsModel::Verdict).data(Qt::ToolTipRole).toString().contains(QLatin1String("could not be read")));
    }

    void retryFailedRunsOnlyTheFailedItems()
    {
        test::TestEndpoint endpoint;
        QVERIFY(endpoint.start());
        LlmProfile p;
        p.name = QStringLiteral("flaky");
        p.baseUrl = endpoint.baseUrl();
        p.model = QStringLiteral("m");
        p.maxRetries = 0;
        p.breakerThreshold = 100; // 30 failures in a row: failed one by one, not by the breaker
        QVERIFY(LlmProfileStore::save(p).ok());
        // The first 25 requests get a 500, then 5 replies cut short: 30 items fail.
        QList<test::TestEndpoint::Step> faults(25, {test::TestEndpoint::Fault::ServerError, 0});
        faults += QList<test::TestEndpoint::Step>(5, {test::TestEndpoint::Fault::MalformedJson, 0});
        endpoint.script(faults);
        // A copy of the demo whose queries are its first 400 (the behaviour is the run's, not its
        // size: all 21,864 made this one run 11,000 requests).
        auto project = test::openDemoProject(m_dir, QStringLiteral("retry.assay"));
        QVERIFY(project);
        QVERIFY(project->database()
                    .exec(QStringLiteral("UPDATE query SET state = 'rejected' WHERE id NOT IN (SELECT id FROM query WHERE state = 'accepted' ORDER BY id LIMIT 400)"))
                    .ok());
        RunsPage page(project.get());
        page.resize(1400, 900);
        page.show();
        auto spec = PipelineSpec::parse(QStringLiteral("retriever=bm25,k=1,reader=llm:flaky"));
        QVERIFY(spec.ok());
        QVERIFY(page.queue()->enqueue({{QStringLiteral("flaky-run"), spec.value(), QStringLiteral("short")}}).ok());
        QVERIFY(test::waitIdle(page, 120000));
        page.runsModel()->refresh();
        const int row = page.runsModel()->rowCount() - 1;
        QCOMPARE(page.runsModel()->run(row).name, QStringLiteral("flaky-run"));
        QCOMPARE(page.runsModel()->run(row).errors, qint64(30));
        auto *retry = page.findChild<QPushButton *>(QStringLiteral("retryFailed"));
        QVERIFY(retry);
        page.runsView()->setCurrentIndex(page.runsModel()->index(row, 0));
        QVERIFY(retry->isEnabled());
        const QString dir = qEnvironmentVariable("ASSAY_SCREENSHOT_DIR");
        if (!dir.isEmpty())
            page.grab().save(dir + QStringLiteral("/runs-retry-failed.png"));
        const int before = endpoint.requestCount();
        retry->click();
        QVERIFY(test::waitIdle(page, 60000));
        page.runsModel()->refresh();
        QCOMPARE(endpoint.requestCount() - before, 30); // exactly the failed items
        const RunSummary &after = page.runsModel()->run(row);
        QCOMPARE(after.errors, qint64(0));
        QCOMPARE(after.done, after.total);
        QCOMPARE(after.status, QStringLiteral("done"));
        page.runsView()->setCurrentIndex(page.runsModel()->index(row, 0));
        QVERIFY(!retry->isEnabled());
    }

    // Workflow × LLM columns in the launcher, and an agentic run's item in the inspector: the
    // step timeline (strip and table) and a step's observation.
    void agentWorkflowsAndTheStepTimeline()
    {
        test::TestEndpoint endpoint;
        QVERIFY(endpoint.start());
        endpoint.addAgentScript(QString(), {{0, QStringLiteral("Thought: search.\nAction: Search[office in Norway]"), {}, {}, {}},
                                            {1, QStringLiteral("Thought: the table.\nAction: Describe[offices]"), {}, {}, {}},
                                            {2, QStringLiteral("Oops, no action here."), {}, {}, {}},
                                            {3, QStringLiteral("Thought: ask the database.\nAction: Sql[SELECT city FROM offices WHERE country = 'Norway']"), {}, {}, {}},
                                            {4, QStringLiteral("Thought: done.\nAction: Finish[Bergen]"), {}, {}, {}}});
        LlmProfile p;
        p.name = QStringLiteral("agent");
        p.baseUrl = endpoint.baseUrl();
        p.model = QStringLiteral("m");
        QVERIFY(LlmProfileStore::save(p).ok());
        RunsPage page(m_project.get());
        page.resize(1500, 950);
        page.show();
        RunLauncher *launcher = page.launcher();
        launcher->workflowBox(QStringLiteral("react"))->setChecked(true);
        launcher->workflowBox(QStringLiteral("pal"))->setChecked(true);
        launcher->stepsBox()->setValue(6);
        QVERIFY(test::checkLauncherCell(launcher->grid(), QStringLiteral("bm25"), QStringLiteral("reader=react:agent,k=3")));
        QVERIFY(test::checkLauncherCell(launcher->grid(), QStringLiteral("bm25"), QStringLiteral("reader=pal:agent,k=3")));
        const auto planned = launcher->plannedRuns();
        QStringList specs;
        for (const PlannedRun &r : planned)
            specs << r.spec.text();
        QVERIFY2(specs.contains(QStringLiteral("retriever=bm25,k=3,reader=react:agent,steps=6")), qPrintable(specs.join(QLatin1Char(' '))));
        QVERIFY(specs.contains(QStringLiteral("retriever=bm25,k=3,reader=pal:agent,steps=6")));
        const RunEstimate e = RunPlan::estimate(m_project->database(), planned);
        QCOMPARE(e.llmCalls, e.items * 6); // an upper bound: every step of every item
        test::screenshot(&page, QStringLiteral("runs-agent-launcher"));

        // A run of the first 12 short items (created here, continued by the queue).
        const PipelineSpec spec = PipelineSpec::parse(QStringLiteral("retriever=bm25,k=3,reader=react:agent")).value();
        RunStore store(m_project->database());
        auto id = store.openOrCreate(QStringLiteral("agent-run"), spec, QStringLiteral("short"));
        QVERIFY(id);
        QVERIFY(m_project->database().exec(QStringLiteral("DELETE FROM run_item WHERE run_id = %1 AND id NOT IN "
                                                          "(SELECT id FROM run_item WHERE run_id = %1 ORDER BY id LIMIT 12)").arg(id.value())));
        QVERIFY(page.queue()->enqueue({{QStringLiteral("agent-run"), spec, QStringLiteral("short")}}).ok());
        QVERIFY(test::waitIdle(page, 60000));
        page.runsModel()->refresh();
        const int row = page.runsModel()->rowOf(id.value());
        QVERIFY(row >= 0);
        QCOMPARE(page.runsModel()->run(row).done, qint64(12));
        page.runsView()->setCurrentIndex(page.runsModel()->index(row, 0));
        page.itemsView()->setCurrentIndex(page.itemsView()->model()->index(4, 0)); // Norway
        ItemInspector *inspector = page.inspector();
        QCOMPARE(inspector->steps()->rowCount(), 5);
        QVERIFY(inspector->strip()->isVisible());
        QVERIFY2(inspector->text().contains(QLatin1String("Answer Bergen")), qPrintable(inspector->text()));
        QVERIFY(inspector->text().contains(QLatin1String("stopped by finish")));
        QCOMPARE(inspector->steps()->index(2, AgentStepsModel::Action).data().toString(), QStringLiteral("(no valid action)"));
        auto *steps = inspector->findChild<QTableView *>(QStringLiteral("stepsTable"));
        steps->selectRow(3);
        QVERIFY2(inspector->text().contains(QLatin1String("city\nBergen")), qPrintable(inspector->text()));
        test::screenshot(&page, QStringLiteral("runs-agent-steps"));

        // Export Results…: the traces go with the items, and import back unchanged.
        const QString file = m_dir.filePath(QStringLiteral("agent-run.jsonl"));
        QSignalSpy exported(&page, &RunsPage::exportFinished);
        QVERIFY(page.startExportResults(id.value(), QStringLiteral("agent-run"), file));
        QVERIFY(exported.wait(20000));
        QVERIFY2(exported.at(0).at(0).toBool(), qPrintable(exported.at(0).at(1).toString()));
        QVERIFY(page.progressText().contains(QLatin1String("Exported 12 items of agent-run")));
        QSignalSpy imported(&page, &RunsPage::importFinished);
        QVERIFY(page.startImportResults(file, ResultsImporter::Format::Jsonl, QStringLiteral("agent-run-back"), QStringLiteral("short")));
        QVERIFY(imported.wait(20000));
        QVERIFY2(imported.at(0).at(0).toBool(), qPrintable(imported.at(0).at(1).toString()));
        auto back = store.idOf(QStringLiteral("agent-run-back"));
        QVERIFY(back);
        const QString sql = QStringLiteral("SELECT group_concat(trace, '|') FROM (SELECT trace FROM run_item WHERE run_id = %1 ORDER BY id)");
        const QString original = m_project->database().scalar(sql.arg(id.value())).value().toString();
        QVERIFY(original.contains(QLatin1String("\"agent_trace\":1")));
        QCOMPARE(m_project->database().scalar(sql.arg(back.value())).value().toString(), original);
    }
};

ASSAY_TEST_MAIN(TestRunsPage)

} // namespace tst_runspage
#include "tst_runspage.moc"
