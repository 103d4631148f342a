// The corruption scenario of issue 31, as a test: the desktop app has a project open and runs
// each job that works on its own connection (generation steps, corpus import, exam generation
// and take, IRT fit, analysis, the demo); after each one a second process opens and closes the
// same file. SQLite's locks of the app must still be held (read from /proc/locks), the WAL
// must still exist, the app must keep reading and writing, and the file must pass
// integrity_check at the end (the demo's build: tst_mainwindow). Any descriptor of the project opened and closed by other means
// than SQLite drops the app's locks, and the second process then deletes the WAL under it.
#include "testmain.h"
#include "testdemo.h"
#include "testlocks.h"
#include "scoring/closeddomain.h"
#include "analysistabs/analysispage.h"
#include "examtabs/irtpanel.h"
#include "corpuspage.h"
#include "core/job.h"
#include "demo/demoproject.h"
#include "examspage.h"
#include "generationactions.h"
#include "mainwindow.h"
#include "project/database.h"
#include "project/project.h"
#include "readers/pipelinespec.h"
#include "runs/runexecutor.h"
#include "runs/runstore.h"
#include "runs/scorer.h"
#include "testsettings.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>

#include <csignal>
#include <cstring>
#include <QSettings>
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

namespace tst_projectlocks {

using namespace assay;

namespace {

bool waitFor(Job *job, QString *message)
{
    if (!job) {
        *message = QStringLiteral("the job did not start");
        return false;
    }
    QSignalSpy finished(job, &Job::finished);
    if (const auto ended = job->outcome(); ended && finished.isEmpty()) { // finished before the spy listened
        *message = ended->ok() ? QString() : ended->error();
        return ended->ok();
    }
    if (!finished.wait(240000)) {
        *message = QStringLiteral("the job did not finish");
        return false;
    }
    *message = finished.at(0).at(1).toString();
    return finished.at(0).at(0).toBool();
}

} // namespace

class TestProjectLocks : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    int m_writes = 0;

    // The second process, then what the first must still have and do (tests/testlocks.h).
    void afterJob(MainWindow &w, const QString &what) { test::checkLocksAfter(w.project(), what, ++m_writes); }

private slots:
    void initTestCase()
    {
        qRegisterMetaType<Job *>();
        QTemporaryDir &settings = test::isolateSettings();
        QSettings().setValue(QStringLiteral("general/demoFolder"), settings.filePath(QStringLiteral("demo")));
        QVERIFY(m_dir.isValid());
    }

    void jobsOnTheirOwnConnectionsKeepTheAppsLocks()
    {
        const QString path = m_dir.filePath(QStringLiteral("locks.assay"));
        QVERIFY(test::writeDemoProject(path));
        MainWindow w;
        w.show();
        QVERIFY(w.openProject(path));
        afterJob(w, QStringLiteral("opening"));
        QString message;

        GenerationActions *generation = w.generationActions();
        QVERIFY2(waitFor(generation->startSqlTemplates({}), &message), qPrintable(message));
        afterJob(w, QStringLiteral("SQL templates"));
        GenerationWorkflow::TextOptions text;
        text.perTemplate = 1;
        QVERIFY2(waitFor(generation->startTextTemplates(text), &message), qPrintable(message));
        afterJob(w, QStringLiteral("text templates"));
        QVERIFY2(waitFor(generation->startQueries(true), &message), qPrintable(message));
        afterJob(w, QStringLiteral("queries"));

        const QString documents = m_dir.filePath(QStringLiteral("documents"));
        QVERIFY(QDir().mkpath(documents));
        for (int i = 0; i < 3; ++i) {
            QFile f(QDir(documents).filePath(QStringLiteral("note%1.txt").arg(i)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray("A note about the quay wall survey, number ") + QByteArray::number(i) + ".\n");
        }
        QVERIFY2(waitFor(w.corpusPage()->startImport(documents, CorpusImporter::Format::Folder), &message), qPrintable(message));
        afterJob(w, QStringLiteral("corpus import"));

        ExamsPage *exams = w.examsPage();
        QVERIFY2(waitFor(exams->startGenerate(QStringLiteral("locks-exam"), QStringLiteral("short"), 3), &message), qPrintable(message));
        afterJob(w, QStringLiteral("exam generation"));
        exams->reload();
        QComboBox *chooser = exams->examChooser();
        chooser->setCurrentText(QStringLiteral("locks-exam"));
        QCOMPARE(chooser->currentText(), QStringLiteral("locks-exam"));
        QVERIFY2(waitFor(exams->startTake({QStringLiteral("ir:bm25:1"), QStringLiteral("ir:bm25:3"), QStringLiteral("ir:keyword:1"),
                                           QStringLiteral("ir:keyword:3"), QStringLiteral("oracle-ir")}),
                         &message),
                 qPrintable(message));
        afterJob(w, QStringLiteral("exam take"));
        IrtPanel *irt = exams->irtPanel();
        irt->modelChooser()->setCurrentIndex(irt->modelChooser()->findText(QStringLiteral("1PL"), Qt::MatchStartsWith));
        QSignalSpy fitted(irt, &IrtPanel::fitted);
        irt->fit();
        QVERIFY2(fitted.count() == 1 || fitted.wait(240000), qPrintable(irt->statusText()));
        afterJob(w, QStringLiteral("IRT fit"));

        // A scored run made by the app's own connection, then the analysis job reads it.
        {
            Database &db = w.project()->database();
            auto spec = PipelineSpec::parse(QStringLiteral("retriever=bm25,k=1,reader=none"));
            QVERIFY(spec.ok());
            auto run = RunStore(db).openOrCreate(QStringLiteral("locks-run"), spec.value(), QStringLiteral("short"));
            QVERIFY2(run.ok(), qPrintable(run.error()));
            QVERIFY(RunExecutor::execute(db, run.value()).ok());
            QVERIFY(Scorer::score(db, run.value(), QStringLiteral("contains"), {}).ok());
        }
        AnalysisPage *analysis = w.analysisPage();
        QSignalSpy analysisStarted(analysis, &AnalysisPage::jobStarted);
        analysis->reload();
        QTRY_VERIFY(analysisStarted.size() >= 1);
        QVERIFY2(waitFor(analysisStarted.constLast().at(0).value<Job *>(), &message), qPrintable(message));
        afterJob(w, QStringLiteral("analysis"));
        w.closeProject();
        test::checkIntegrity(path);

        // The demo, built beside its file and put in place through SQLite, is checked the same
        // way where the app builds it anyway: tst_mainwindow's demoProjectOpensInBackground.
    }

    // kill (SIGTERM) or Ctrl+C closes the app as Quit does: the project's session ends cleanly.
    void terminationClosesTheProject()
    {
        const QString path = m_dir.filePath(QStringLiteral("term.assay"));
        QVERIFY(Project::create(path, QStringLiteral("term")).ok());
        for (const char *signalName : {"SIGTERM", "SIGINT"}) {
            QProcess app;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
            env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
            app.setProcessEnvironment(env);
            app.start(QStringLiteral(ASSAY_GUI), {path});
            QVERIFY(app.waitForStarted(30000));
            QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(path + QStringLiteral(".lock")), 30000); // the project is open
            QTest::qWait(500);
            ::kill(pid_t(app.processId()), std::strcmp(signalName, "SIGTERM") == 0 ? SIGTERM : SIGINT);
            QVERIFY2(app.waitForFinished(30000), signalName);
            QCOMPARE(app.exitStatus(), QProcess::NormalExit);
            QCOMPARE(app.exitCode(), 0);
            QVERIFY2(!QFileInfo::exists(path + QStringLiteral(".lock")), signalName);
            auto reopened = Project::open(path);
            QVERIFY2(reopened.ok(), qPrintable(reopened.error()));
            QVERIFY2(reopened.value()->uncleanShutdown().isEmpty(), qPrintable(reopened.value()->uncleanShutdown()));
        }
    }

    // `assay --help` and `--version` answer without a display (QApplication used to abort
    // before reading them when no platform plugin could start).
    void helpNeedsNoDisplay()
    {
        for (const QString &arg : {QStringLiteral("--help"), QStringLiteral("--version")}) {
            QProcess app;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.remove(QStringLiteral("DISPLAY"));
            env.remove(QStringLiteral("WAYLAND_DISPLAY"));
            env.remove(QStringLiteral("QT_QPA_PLATFORM"));
            app.setProcessEnvironment(env);
            app.start(QStringLiteral(ASSAY_GUI), {arg});
            QVERIFY(app.waitForFinished(30000));
            QCOMPARE(app.exitStatus(), QProcess::NormalExit);
            QCOMPARE(app.exitCode(), 0);
            const QString out = QString::fromUtf8(app.readAllStandardOutput());
            QVERIFY2(arg == QLatin1String("--help") ? out.contains(QLatin1String("--demo")) : out.startsWith(QLatin1String("assay ")), qPrintable(out));
        }
    }
};

ASSAY_TEST_MAIN(TestProjectLocks)

} // namespace tst_projectlocks
#include "tst_projectlocks.moc"
