// Open pages follow the project without being revisited: a corpus imported and a run made and
// scored by another program (assay-cli), and an exam taken by a background job on its own
// connection, show on the Corpus, Runs, Analysis and Exams pages that are open at the time;
// a hidden page catches up when it is shown again.
#include "testmain.h"
#include "analysistabs/analysispage.h"
#include "corpuspage.h"
#include "examspage.h"
#include "exams/examworkflow.h"
#include "examtabs/irtpanel.h"
#include "itemmodels/corpusdocumentsmodel.h"
#include "itemmodels/runsmodel.h"
#include "project/project.h"
#include "runspage.h"
#include "testdemo.h"
#include "testexam.h"
#include "testsettings.h"

#include <QComboBox>
#include <QFile>
#include <QListWidget>
#include <QProcess>
#include <QTableView>
#include <QThread>
#include <QtTest>

namespace tst_pagesfollow {

using namespace assay;

namespace {

QString runCli(const QStringList &args)
{
    QProcess cli;
    cli.start(QStringLiteral(ASSAY_CLI), args);
    if (!cli.waitForFinished(300000))
        return QStringLiteral("assay-cli %1: did not finish").arg(args.join(QLatin1Char(' ')));
    if (cli.exitStatus() != QProcess::NormalExit || cli.exitCode() != 0)
        return QStringLiteral("assay-cli %1: %2").arg(args.join(QLatin1Char(' ')), QString::fromUtf8(cli.readAllStandardError()));
    return {};
}

bool hasRun(RunsModel *model, const QString &name)
{
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->run(r).name == name)
            return true;
    return false;
}

bool listed(QListWidget *list, const QString &text)
{
    for (int r = 0; r < list->count(); ++r)
        if (list->item(r)->text().startsWith(text))
            return true;
    return false;
}

} // namespace

class TestPagesFollow : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        m_project = test::openDemoProject(m_dir);
        QVERIFY(m_project);
        QVERIFY(test::createGroundedExam(*m_project, QStringLiteral("follow")).ok());
        m_project->watchChanges(20, 100);
    }

    void corpusImportedByAnotherProgram()
    {
        CorpusPage page(m_project.get());
        page.resize(1200, 700);
        page.show();
        const int before = page.model()->rowCount();
        QVERIFY(before > 0);
        QDir().mkpath(m_dir.filePath(QStringLiteral("more")));
        QFile doc(m_dir.filePath(QStringLiteral("more/lighthouse.txt")));
        QVERIFY(doc.open(QIODevice::WriteOnly));
        doc.write("The Quillmoor lighthouse was built in 1871 and stands 40 metres tall.\n");
        doc.close();
        QCOMPARE(runCli({QStringLiteral("corpus"), QStringLiteral("import"), m_project->path(), m_dir.filePath(QStringLiteral("more"))}), QString());
        QTRY_COMPARE_WITH_TIMEOUT(page.model()->rowCount(), before + 1, 10000);
    }

    void runMadeAndScoredByAnotherProgram()
    {
        RunsPage runs(m_project.get());
        runs.resize(1400, 900);
        runs.show();
        AnalysisPage analysis(m_project.get());
        analysis.resize(1400, 900);
        analysis.show();
        const QString name = QStringLiteral("from-cli");
        QVERIFY(!hasRun(runs.runsModel(), name));
        // A first run, selected by the user: the selection survives the refresh another
        // program's run causes.
        QCOMPARE(runCli({QStringLiteral("run"), m_project->path(), QStringLiteral("--name"), QStringLiteral("first"), QStringLiteral("--set"),
                         QStringLiteral("short"), QStringLiteral("--pipeline"), QStringLiteral("retriever=keyword,k=1,reader=none")}),
                 QString());
        QTRY_VERIFY_WITH_TIMEOUT(hasRun(runs.runsModel(), QStringLiteral("first")), 10000);
        int firstRow = -1;
        for (int r = 0; r < runs.runsModel()->rowCount(); ++r)
            if (runs.runsModel()->run(r).name == QLatin1String("first"))
                firstRow = r;
        const qint64 selected = runs.runsModel()->run(firstRow).id;
        runs.runsView()->setCurrentIndex(runs.runsModel()->index(firstRow, 0));
        QCOMPARE(runCli({QStringLiteral("run"), m_project->path(), QStringLiteral("--name"), name, QStringLiteral("--set"), QStringLiteral("short"),
                         QStringLiteral("--pipeline"), QStringLiteral("retriever=bm25,k=1,reader=none")}),
                 QString());
        QTRY_VERIFY_WITH_TIMEOUT(hasRun(runs.runsModel(), name), 10000);
        const QModelIndex current = runs.runsView()->currentIndex();
        QVERIFY(current.isValid());
        QCOMPARE(runs.runsModel()->run(current.row()).id, selected);
        QVERIFY(!listed(analysis.runList(), name)); // not scored yet: not analysable
        // Scored while the Analysis page is hidden: it catches up when shown.
        analysis.hide();
        QCOMPARE(runCli({QStringLiteral("score"), m_project->path(), QStringLiteral("--run"), name, QStringLiteral("--judge"), QStringLiteral("contains")}), QString());
        QTest::qWait(1000);
        QVERIFY(!listed(analysis.runList(), name));
        analysis.show();
        QTRY_VERIFY_WITH_TIMEOUT(listed(analysis.runList(), name), 10000);
    }

    void examTakenByABackgroundJob()
    {
        ExamsPage page(m_project.get());
        page.resize(1400, 900);
        page.show();
        QCOMPARE(page.examChooser()->currentText(), QStringLiteral("follow"));
        const QString before = page.irtPanel()->guardText();
        const QString path = m_project->path();
        Status taken;
        QThread *worker = QThread::create([&] {
            auto job = Project::openForJob(path);
            if (!job) {
                taken = Status::failure(job.error());
                return;
            }
            taken = ExamWorkflow::take(*job.value(), QStringLiteral("follow"), {QStringLiteral("oracle-ir"), QStringLiteral("ir:bm25:1")}, nullptr, nullptr);
        });
        worker->start();
        QVERIFY(worker->wait(120000));
        delete worker;
        QVERIFY2(taken.ok(), qPrintable(taken.error()));
        QTRY_VERIFY_WITH_TIMEOUT(page.irtPanel()->guardText() != before, 10000);
        QVERIFY2(page.irtPanel()->guardText().contains(QLatin1String("2")), qPrintable(page.irtPanel()->guardText()));
    }
};

ASSAY_TEST_MAIN(TestPagesFollow)

} // namespace tst_pagesfollow
#include "tst_pagesfollow.moc"
