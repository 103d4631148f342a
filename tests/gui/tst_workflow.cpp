// The whole evaluation job driven through the desktop app with QTest alone (no assay-cli):
// new project → import the demo's CSVs → generate SQL templates, text templates and queries
// (undo / redo of a generation step) → import the corpus → run two pipelines, scored as they
// end → a second judge with Score… → import results → Analysis: Groups, Compare, Judges →
// generate an exam → three IR takers → fit IRT → export the matrix and the report. Each step
// checks the project's content. With ASSAY_SCREENSHOT_DIR set, every page is saved as PNG.
#include "testmain.h"
#include "schema/knowledgerow.h"
#include "schema/knowledgetable.h"
#include "analysis/runoutcomes.h"
#include "analysistabs/analysispage.h"
#include "analysistabs/comparepanel.h"
#include "examtabs/irtpanel.h"
#include "analysistabs/judgespanel.h"
#include "core/messagelog.h"
#include "corpuspage.h"
#include "demo/democorpus.h"
#include "examspage.h"
#include "exams/examstore.h"
#include "generation/generationstore.h"
#include "generationactions.h"
#include "mainwindow.h"
#include "project/project.h"
#include "projectnavigator.h"
#include "retrieval/corpusstore.h"
#include "reviewgrid.h"
#include "itemmodels/runsmodel.h"
#include "judgechooser.h"
#include "runlauncher.h"
#include "runs/runstore.h"
#include "runspage.h"
#include "schema/knowledgebase.h"
#include "schema/sqlscriptreader.h"
#include "testrunspage.h"
#include "messagebar.h"
#include "overviewpage.h"
#include "reportaction.h"
#include "testsettings.h"

#include <QAction>
#include <QComboBox>
#include <QCheckBox>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QUndoStack>
#include <QFile>
#include <QStackedWidget>
#include <QTableWidget>
#include <QMessageBox>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace tst_workflow {

using namespace assay;

namespace {

QString csvField(const QVariant &v)
{
    QString s = v.isNull() ? QString() : v.toString();
    if (s.contains(QLatin1Char(',')) || s.contains(QLatin1Char('"')) || s.contains(QLatin1Char('\n')))
        s = QLatin1Char('"') + s.replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
    return s;
}

// The demo world's tables as one CSV file each.
bool writeDemoCsvs(const ImportedSchema &world, const QString &dir)
{
    QDir().mkpath(dir);
    for (const ImportedTable &t : world.tables) {
        QFile f(dir + QLatin1Char('/') + t.name + QStringLiteral(".csv"));
        if (!f.open(QIODevice::WriteOnly))
            return false;
        QStringList header;
        for (const ImportedColumn &c : t.columns)
            header << c.name;
        f.write(header.join(QLatin1Char(',')).toUtf8() + '\n');
        for (const QVariantList &row : t.rows) {
            QStringList cells;
            for (const QVariant &v : row)
                cells << csvField(v);
            f.write(cells.join(QLatin1Char(',')).toUtf8() + '\n');
        }
    }
    return true;
}

} // namespace

class TestWorkflow : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        MessageLog::install();
    }

    void wholeJobFromTheGui()
    {
        MainWindow w;
        w.resize(1280, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.newProject(m_dir.filePath(QStringLiteral("flow.assay"))));
        Project *project = w.project();
        Database &db = project->database();

        // 1. The demo's knowledge base as CSV files, imported from the File menu's path.
        QFile script(QStringLiteral(":/demo/world.sql"));
        QVERIFY(script.open(QIODevice::ReadOnly));
        auto world = SqlScriptReader::read(script.readAll(), QStringLiteral("world.sql"));
        QVERIFY2(world, qPrintable(world.error()));
        const QString csv = m_dir.filePath(QStringLiteral("csv"));
        QVERIFY(writeDemoCsvs(world.value(), csv));
        QSignalSpy imported(&w, &MainWindow::knowledgeImported);
        w.importKnowledge(QStringLiteral("csv"), csv, false);
        QVERIFY(imported.wait(30000));
        QCOMPARE(project->service<KnowledgeBase>()->tables().size(), world.value().tables.size());
        w.navigator()->setCurrentPage(ProjectNavigator::Schema);
        test::screenshot(&w, QStringLiteral("workflow-1-schema"));

        // 2. Generation: SQL templates by rules, undone and redone as one step.
        GenerationActions *gen = w.generationActions();
        QVERIFY(gen);
        QSignalSpy generated(gen, &GenerationActions::jobFinished);
        QVERIFY(gen->startSqlTemplates({}));
        QVERIFY(generated.wait(120000));
        QVERIFY2(generated.last().at(0).toBool(), qPrintable(generated.last().at(1).toString()));
        QVERIFY(generated.last().at(1).toString().startsWith(QLatin1String("SQL templates:")));
        // The result is said on the page that shows it, which comes to the front, with Undo.
        QCOMPARE(w.navigator()->currentPage(), ProjectNavigator::Templates);
        QVERIFY(w.templateGrid()->messageBar()->isVisible());
        QVERIFY2(w.templateGrid()->messageBar()->text().startsWith(QLatin1String("SQL templates:")), qPrintable(w.templateGrid()->messageBar()->text()));
        QCOMPARE(w.templateGrid()->messageBar()->buttonTexts(), QStringList{QStringLiteral("Undo")});
        auto stats = GenerationStore(db).stats();
        QVERIFY(stats);
        const qint64 sqlTemplates = stats.value().sqlTemplates;
        QVERIFY(sqlTemplates > 10);
        QCOMPARE(w.templateGrid()->model()->totalCount(ReviewModel::Scope::SqlTemplates), int(GenerationStore(db).sqlTemplates().value().size()));
        project->undoStack()->undo();
        // Taken back (here as Edit → Undo would): the bar no longer offers Undo, and says so.
        QVERIFY2(!w.templateGrid()->messageBar()->buttonTexts().contains(QStringLiteral("Undo")), qPrintable(w.templateGrid()->messageBar()->buttonTexts().join(QLatin1Char(','))));
        QVERIFY2(w.templateGrid()->messageBar()->text().startsWith(QLatin1String("Undone: SQL templates:")), qPrintable(w.templateGrid()->messageBar()->text()));
        QCOMPARE(GenerationStore(db).sqlTemplates().value().size(), 0);
        QCOMPARE(w.templateGrid()->model()->totalCount(ReviewModel::Scope::SqlTemplates), 0);
        QVERIFY(w.templateGrid()->sidePanelText().contains(QLatin1String("Generate SQL Templates")));
        project->undoStack()->redo();
        QCOMPARE(GenerationStore(db).stats().value().sqlTemplates, sqlTemplates);
        QVERIFY(w.templateGrid()->model()->totalCount(ReviewModel::Scope::SqlTemplates) > 0);

        // Text templates (offline, both forms) and the text queries.
        QVERIFY(gen->startTextTemplates({}));
        QVERIFY(generated.wait(120000));
        QVERIFY2(generated.last().at(0).toBool(), qPrintable(generated.last().at(1).toString()));
        QVERIFY(gen->startQueries(false));
        QVERIFY(generated.wait(120000));
        QVERIFY2(generated.last().at(0).toBool(), qPrintable(generated.last().at(1).toString()));
        stats = GenerationStore(db).stats();
        QVERIFY(stats.value().textTemplates.value(QStringLiteral("short")) > 0);
        QVERIFY(stats.value().textQueries.value(QStringLiteral("short")) > 100);
        QVERIFY(stats.value().textQueries.value(QStringLiteral("long")) > 100);
        QCOMPARE(w.queryGrid()->model()->totalCount(ReviewModel::Scope::Queries),
                 int(stats.value().textQueries.value(QStringLiteral("short")) + stats.value().textQueries.value(QStringLiteral("long"))));
        QTRY_VERIFY_WITH_TIMEOUT(w.queryGrid()->model()->rowCount() > 200, 30000);
        {
            // Generating the SQL templates again keeps them and their queries (issue 73); when
            // the knowledge changed some template's groups, the app asks before removing any
            // query, and a no leaves the project as it was.
            const auto queriesBefore = stats.value().textQueries;
            int asked = 0;
            QString question;
            gen->setConfirmation([&](const QString &text) {
                ++asked;
                question = text;
                return false;
            });
            QVERIFY(gen->startSqlTemplates({}));
            QVERIFY(generated.wait(120000));
            QVERIFY2(generated.last().at(0).toBool(), qPrintable(generated.last().at(1).toString()));
            QVERIFY2(generated.last().at(1).toString().contains(QLatin1String("gave the same groups and were kept with their text queries; 0 changed")),
                     qPrintable(generated.last().at(1).toString()));
            QCOMPARE(GenerationStore(db).stats().value().textQueries, queriesBefore);
            QCOMPARE(asked, 0);
            KnowledgeBase *kb = project->service<KnowledgeBase>();
            const KnowledgeTable *offices = kb->tableNamed(QStringLiteral("offices"));
            QVERIFY(offices);
            const KnowledgeRow row = kb->rows(offices->id).value().first();
            const qint64 city = offices->columnNamed(QStringLiteral("city"))->id;
            const QVariant was = row.value(city);
            QVERIFY(kb->setCell(offices->id, row.id, city, QStringLiteral("Nowhere Harbour")).ok());
            QVERIFY(gen->startSqlTemplates({}));
            QVERIFY(generated.wait(120000));
            QVERIFY(!generated.last().at(0).toBool());
            QCOMPARE(asked, 1);
            QVERIFY2(question.contains(QLatin1String("generating again would remove")) && question.contains(QLatin1String("Nothing was changed")), qPrintable(question));
            QCOMPARE(GenerationStore(db).stats().value().textQueries, queriesBefore);
            QVERIFY(kb->setCell(offices->id, row.id, city, was).ok());
            gen->setConfirmation({});
        }
        w.navigator()->setCurrentPage(ProjectNavigator::Templates);
        test::screenshot(&w, QStringLiteral("workflow-2-templates"));
        w.navigator()->setCurrentPage(ProjectNavigator::Queries);
        test::screenshot(&w, QStringLiteral("workflow-3-queries"));

        // 3. The corpus: the demo's documents as a folder of text files.
        auto corpus = DemoCorpus::generate(world.value());
        QVERIFY(corpus);
        const QString corpusDir = m_dir.filePath(QStringLiteral("demo-corpus"));
        QVERIFY(corpus.value().writeTo(corpusDir));
        QSignalSpy corpusDone(w.corpusPage(), &CorpusPage::jobFinished);
        QVERIFY(w.corpusPage()->startImport(corpusDir + QStringLiteral("/corpus"), CorpusImporter::Format::Folder));
        QVERIFY(corpusDone.wait(120000));
        QVERIFY2(corpusDone.last().at(0).toBool(), qPrintable(corpusDone.last().at(1).toString()));
        auto documents = CorpusStore(db).documents();
        QVERIFY(documents);
        QCOMPARE(documents.value().size(), corpus.value().documents().size());
        w.navigator()->setCurrentPage(ProjectNavigator::Corpus);
        test::screenshot(&w, QStringLiteral("workflow-4-corpus"));

        // 4. Two pipelines on the short form, scored by "contains" as they end.
        RunsPage *runs = w.runsPage();
        runs->launcher()->reload();
        runs->launcher()->nameEdit()->setText(QStringLiteral("flow"));
        runs->launcher()->setFormChecked(QStringLiteral("long"), false);
        QVERIFY(test::checkLauncherCell(runs->launcher()->grid(), QStringLiteral("bm25"), QStringLiteral("reader=none,k=1")));
        QVERIFY(test::checkLauncherCell(runs->launcher()->grid(), QStringLiteral("keyword"), QStringLiteral("reader=none,k=1")));
        runs->launcher()->scoreChooser()->setJudge(QStringLiteral("contains"));
        const QVector<PlannedRun> planned = runs->launcher()->plannedRuns();
        QCOMPARE(planned.size(), 2);
        QSignalSpy scored(runs->queue(), &RunQueue::runScored);
        runs->launcher()->startButton()->click();
        QVERIFY(test::waitIdle(*runs, 300000));
        QCOMPARE(scored.count(), 2);
        for (const PlannedRun &p : planned) {
            auto id = RunStore(db).idOf(p.name);
            QVERIFY(id);
            QCOMPARE(RunOutcomes::answerJudges(db, id.value()).value(), QStringList{QStringLiteral("contains")});
        }
        // A second judge on the first run, for the Judges view.
        runs->runsModel()->refresh();
        const qint64 firstId = RunStore(db).idOf(planned.first().name).value();
        runs->runsView()->setCurrentIndex(runs->runsModel()->index(runs->runsModel()->rowOf(firstId), 0));
        runs->scoreSelected({QStringLiteral("exact"), {}});
        QVERIFY(test::waitIdle(*runs, 120000));
        QCOMPARE(scored.count(), 3);

        // Results of a system run elsewhere (GRAMMAR's format); a bad record imports nothing.
        const QString results = m_dir.filePath(QStringLiteral("external.json"));
        QFile rf(results);
        QVERIFY(rf.open(QIODevice::WriteOnly));
        rf.write(R"([{"query": "Who leads the Harbour Wall?", "answer": "Ines Varga", "true_document_ids": ["d1"], "retrieved_document_ids": ["d1"],
                      "gpt_response": "Ines Varga leads it.", "retrieval_judgement": 1, "judgement": "Correct", "query_tag": "x1"},
                     {"query": "When did the Quay office open?", "answer": "2014", "true_document_ids": ["d2"], "retrieved_document_ids": ["d3"],
                      "gpt_response": "I do not know.", "retrieval_judgement": 0, "judgement": "Incorrect", "query_tag": "x2"}])");
        rf.close();
        QSignalSpy resultsDone(runs, &RunsPage::importFinished);
        QVERIFY(runs->startImportResults(results, ResultsImporter::Format::Grammar, QStringLiteral("external"), QString()));
        QVERIFY(resultsDone.wait(30000));
        QVERIFY2(resultsDone.last().at(0).toBool(), qPrintable(resultsDone.last().at(1).toString()));
        QVERIFY(RunStore(db).idOf(QStringLiteral("external")));
        QVERIFY(runs->progressText().contains(QLatin1String("2 items imported")));
        w.navigator()->setCurrentPage(ProjectNavigator::Runs);
        test::screenshot(&w, QStringLiteral("workflow-5-runs"));

        // 5. Analysis: groups, the Compare view and the Judges view.
        AnalysisPage *analysis = w.analysisPage();
        w.navigator()->setCurrentPage(ProjectNavigator::Analysis);
        QTRY_COMPARE_WITH_TIMEOUT(analysis->analyses().size(), 3, 60000);
        for (const RunAnalysis &a : analysis->analyses())
            QVERIFY2(!a.grammar.groups.isEmpty(), qPrintable(a.run));
        const RunAnalysis &first = analysis->analyses().first();
        QVERIFY(!first.closedDomain); // auto: a retrieval-only run
        QVERIFY(analysis->analyses().last().closedDomain); // auto: an imported system's answers
        test::screenshot(&w, QStringLiteral("workflow-6-analysis-groups"));
        analysis->tabs()->setCurrentWidget(analysis->comparePanel());
        QTRY_VERIFY_WITH_TIMEOUT(analysis->comparePanel()->summaryText().contains(QLatin1String("Refined accuracy")), 30000);
        QCOMPARE(analysis->comparePanel()->runA()->currentText(), planned.at(0).name);
        QVERIFY(analysis->comparePanel()->changedGroups()->rowCount() > 0); // bm25 and keyword differ on some groups
        test::screenshot(&w, QStringLiteral("workflow-7-analysis-compare"));
        analysis->tabs()->setCurrentWidget(analysis->judgesPanel());
        analysis->judgesPanel()->run()->setCurrentText(planned.first().name);
        QTRY_VERIFY_WITH_TIMEOUT(analysis->judgesPanel()->summaryText().contains(QLatin1String("Precision")), 30000);
        qint64 cells = 0;
        for (int r = 0; r < 2; ++r)
            for (int c = 0; c < 2; ++c)
                cells += analysis->judgesPanel()->matrix()->item(r, c)->text().remove(QLatin1Char(',')).toLongLong();
        QCOMPARE(cells, qint64(GenerationStore(db).stats().value().textQueries.value(QStringLiteral("short"))));
        test::screenshot(&w, QStringLiteral("workflow-8-analysis-judges"));

        // 6. An exam from the short queries, taken by three IR students, fitted.
        ExamsPage *exams = w.examsPage();
        w.navigator()->setCurrentPage(ProjectNavigator::Exams);
        QSignalSpy examDone(exams, &ExamsPage::jobFinished);
        QVERIFY(exams->startGenerate(QStringLiteral("flow-exam"), QStringLiteral("short"), 7));
        QVERIFY(examDone.wait(120000));
        QVERIFY2(examDone.last().at(0).toBool(), qPrintable(examDone.last().at(1).toString()));
        ExamStore examStore(db);
        const qint64 examId = examStore.idOf(QStringLiteral("flow-exam")).value();
        const qint64 kept = examStore.items(examId).value().size();
        QVERIFY(kept > 50);
        QVERIFY(exams->startTake({QStringLiteral("ir:bm25:1"), QStringLiteral("ir:keyword:3"), QStringLiteral("ir:tfidf:5")}));
        QVERIFY(examDone.wait(300000));
        QVERIFY2(examDone.last().at(0).toBool(), qPrintable(examDone.last().at(1).toString()));
        QCOMPARE(examStore.runs(examId).value().size(), 3);
        QSignalSpy fitted(exams->irtPanel(), &IrtPanel::fitted);
        exams->irtPanel()->modelChooser()->setCurrentIndex(exams->irtPanel()->modelChooser()->findText(QStringLiteral("1pl")));
        exams->irtPanel()->hierarchicalBox()->setChecked(false);
        exams->irtPanel()->fit();
        QVERIFY(fitted.wait(120000));
        int withParameters = 0;
        for (const ExamItem &item : examStore.items(examId).value())
            withParameters += item.b.has_value();
        QCOMPARE(withParameters, int(kept));
        const QString matrix = m_dir.filePath(QStringLiteral("flow_responses.csv")), factors = m_dir.filePath(QStringLiteral("flow_factors.csv"));
        QVERIFY(exams->startExportMatrix(matrix, factors));
        QVERIFY(examDone.wait(60000));
        QVERIFY(examDone.last().at(0).toBool());
        QVERIFY(QFileInfo(matrix).size() > 0 && QFileInfo(factors).size() > 0);
        test::screenshot(&w, QStringLiteral("workflow-9-exams"));

        // 7. The report: every run with the settings it was analysed with.
        const QString report = m_dir.filePath(QStringLiteral("report"));
        QVERIFY(w.reportAction()->exportTo(report, false));
        QVERIFY(QFileInfo::exists(report + QStringLiteral("/report.html")));
        {
            QFile html(report + QStringLiteral("/report.html"));
            QVERIFY(html.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(html.readAll());
            QVERIFY(text.contains(QLatin1String("<h2>Exam and IRT</h2>")) && text.contains(QLatin1String("<h3>Model</h3>\n<p>1PL")));
        }
        // Said on the page the user is on, with the buttons that open it.
        auto *bar = MessageBar::of(w.pages()->currentWidget());
        QVERIFY(bar && bar->isVisible());
        QVERIFY2(bar->text().contains(QLatin1String("Report of 3 analysed runs")), qPrintable(bar->text()));
        QCOMPARE(bar->buttonTexts(), (QStringList{QStringLiteral("Open Report"), QStringLiteral("Show Folder")}));
        QFile summary(report + QStringLiteral("/summary.json"));
        QVERIFY(summary.open(QIODevice::ReadOnly));
        const nlohmann::json s = nlohmann::json::parse(summary.readAll().toStdString());
        QCOMPARE(int(s["runs"].size()), 3);
        for (const auto &r : s["runs"]) {
            QVERIFY(r.contains("judge") && r.contains("retrieval_judge") && r.contains("closed_domain"));
        }
        // A report exported after the verdicts changed (here: a run scored again, which drops
        // its analysis) is not written from the stale analysis: the page analyses again first,
        // then the report follows.
        QVERIFY(!analysis->isStale());
        analysis->forgetRun(QString::fromStdString(s["runs"][0]["run"].get<std::string>()));
        QVERIFY(analysis->isStale());
        // Exported from a page without a message bar (Corpus): the confirmation still offers
        // Open Report and Show Folder, never an OK-only box.
        const auto pageBefore = w.navigator()->currentPage();
        w.navigator()->setCurrentPage(ProjectNavigator::Corpus);
        QVERIFY(!MessageBar::of(w.pages()->currentWidget()));
        const QString again = m_dir.filePath(QStringLiteral("report-again"));
        QSignalSpy reanalysed(analysis, &AnalysisPage::analysed);
        QVERIFY(w.reportAction()->exportTo(again, false));
        QVERIFY(!QFileInfo::exists(again + QStringLiteral("/report.html"))); // not yet: the analysis runs first
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(again + QStringLiteral("/report.html")), 120000);
        QCOMPARE(reanalysed.count(), 1);
        QVERIFY(!analysis->isStale());
        QTRY_VERIFY_WITH_TIMEOUT(w.findChild<QMessageBox *>(QStringLiteral("reportWritten")), 10000);
        {
            auto *box = w.findChild<QMessageBox *>(QStringLiteral("reportWritten"));
            QStringList buttons;
            for (QAbstractButton *b : box->buttons())
                buttons << b->text();
            QVERIFY2(buttons.contains(QStringLiteral("Open Report")) && buttons.contains(QStringLiteral("Show Folder")), qPrintable(buttons.join(QLatin1Char(','))));
            QVERIFY2(box->text().contains(again), qPrintable(box->text()));
        }
        for (auto *box : w.findChildren<QMessageBox *>())
            box->close();
        w.navigator()->setCurrentPage(pageBefore);

        // 8. The Overview page's checklist has followed every step.
        w.navigator()->setCurrentPage(ProjectNavigator::Overview);
        OverviewPage *overview = w.overviewPage();
        QVERIFY(overview->isVisible());
        using Step = ProjectProgress::Step;
        for (Step step : {Step::Knowledge, Step::SqlTemplates, Step::Queries, Step::Corpus, Step::Runs, Step::Scoring, Step::Analysis, Step::Exam,
                          Step::Irt, Step::Report}) {
            const ProjectProgress::Item item = overview->items().value(int(step));
            QVERIFY2(item.state == ProjectProgress::State::Done, qPrintable(item.title + QStringLiteral(": ") + item.detail));
        }
        QVERIFY2(overview->items().value(int(Step::Report)).detail.contains(report), qPrintable(overview->items().value(int(Step::Report)).detail));
        test::screenshot(&w, QStringLiteral("workflow-10-overview"));
    }
};

ASSAY_TEST_MAIN(TestWorkflow)

} // namespace tst_workflow
#include "tst_workflow.moc"
