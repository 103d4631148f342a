// Two processes on one project, the rule of docs/project-file.md: concurrent use through
// SQLite's own locking. This process (the app's side) runs generation steps, executes and
// scores runs, while a second process loops `assay-cli info`, `analyze grammar` and `score` on
// the same file, until each side has done three rounds while the other worked. Every command of both must succeed, nothing written may be
// lost, and the file must pass integrity_check.
#include "testmain.h"
#include "testdemo.h"
#include "demo/demoproject.h"
#include "generation/generationworkflow.h"
#include "project/database.h"
#include "project/project.h"
#include "readers/pipelinespec.h"
#include "runs/runexecutor.h"
#include "runs/runstore.h"
#include "runs/scorer.h"
#include "testsettings.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QtTest>

namespace tst_projectconcurrency {

using namespace assay;

class TestProjectConcurrency : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_dir.isValid());
    }

    void appAndCommandLineWorkOnOneProject()
    {
        // Both sides go on until each has done at least `rounds` rounds while the other was
        // working (and, for a longer stress run, ASSAY_STRESS_SECONDS have passed).
        const int minimumRounds = 3;
        const int seconds = qEnvironmentVariableIsSet("ASSAY_STRESS_SECONDS") ? qEnvironmentVariableIntValue("ASSAY_STRESS_SECONDS") : 0;
        const QString path = m_dir.filePath(QStringLiteral("shared.assay"));
        QVERIFY(test::writeDemoProject(path));
        auto project = Project::open(path);
        QVERIFY(project.ok());
        Database &db = project.value()->database();
        auto bm25 = PipelineSpec::parse(QStringLiteral("retriever=bm25,k=3,reader=none"));
        QVERIFY(bm25.ok());
        RunStore runs(db);
        auto base = runs.openOrCreate(QStringLiteral("base"), bm25.value(), QStringLiteral("short"));
        QVERIFY(base.ok());
        QVERIFY(RunExecutor::execute(db, base.value()).ok());
        QVERIFY(Scorer::score(db, base.value(), QStringLiteral("contains"), {}).ok());

        // The second process: info, analysis and scoring in a loop, one line per round done,
        // until this side creates the stop file (or ten minutes have passed).
        const QString stop = m_dir.filePath(QStringLiteral("stop"));
        const QString cli = QStringLiteral(ASSAY_CLI);
        const QString loop = QStringLiteral(
            "end=$((SECONDS+600)); n=0; while [ ! -e \"$2\" ] && [ $SECONDS -lt $end ]; do "
            "\"$0\" info \"$1\" >/dev/null || exit 11; "
            "\"$0\" analyze grammar \"$1\" --run base --json >/dev/null || exit 12; "
            "\"$0\" score \"$1\" --run base --judge contains >/dev/null || exit 13; "
            "n=$((n+1)); echo $n; done");
        QProcess other;
        other.setProcessChannelMode(QProcess::SeparateChannels);
        other.start(QStringLiteral("bash"), {QStringLiteral("-c"), loop, cli, path, stop});
        QVERIFY(other.waitForStarted());
        int loops = 0; // the other side's rounds done so far
        const auto readLoops = [&] {
            while (other.canReadLine())
                loops = qMax(loops, QString::fromUtf8(other.readLine()).trimmed().toInt());
        };

        // This side: generation steps (each a write transaction of its own, seconds long),
        // runs that commit their results as they go, and scoring.
        QElapsedTimer clock;
        clock.start();
        int rounds = 0;
        QStringList names;
        while (other.state() == QProcess::Running && clock.elapsed() < qint64(seconds + 600) * 1000) {
            other.waitForReadyRead(0);
            readLoops();
            if (rounds >= minimumRounds && loops >= minimumRounds && clock.elapsed() >= qint64(seconds) * 1000)
                break;
            GenerationWorkflow::TextOptions text;
            text.forms = {QStringLiteral("short")};
            text.perTemplate = 1 + rounds % 3;
            auto generated = GenerationWorkflow::generateTextTemplates(*project.value(), text);
            QVERIFY2(generated.ok(), qPrintable(generated.error()));
            auto built = GenerationWorkflow::buildQueries(*project.value(), rounds % 2 == 0);
            QVERIFY2(built.ok(), qPrintable(built.error()));
            const QString name = QStringLiteral("app-%1").arg(rounds);
            auto run = runs.openOrCreate(name, bm25.value(), QStringLiteral("short"));
            QVERIFY2(run.ok(), qPrintable(run.error()));
            auto executed = RunExecutor::execute(db, run.value());
            QVERIFY2(executed.ok(), qPrintable(executed.error()));
            auto scored = Scorer::score(db, run.value(), QStringLiteral("contains"), {});
            QVERIFY2(scored.ok(), qPrintable(scored.error()));
            names << name;
            ++rounds;
            QCoreApplication::processEvents();
        }
        {
            QFile stopFile(stop);
            QVERIFY(stopFile.open(QIODevice::WriteOnly));
        }
        if (other.state() != QProcess::NotRunning)
            QVERIFY(other.waitForFinished(600000));
        readLoops();
        QVERIFY2(other.exitStatus() == QProcess::NormalExit && other.exitCode() == 0,
                 qPrintable(QStringLiteral("the second process failed (exit %1): %2").arg(other.exitCode()).arg(QString::fromUtf8(other.readAllStandardError()))));
        qInfo("%d rounds of generation, run and scoring here; %d rounds of info, analysis and scoring in the other process, in %.1f s", rounds, loops,
              clock.elapsed() / 1000.0);
        QVERIFY(rounds >= minimumRounds);
        QVERIFY(loops >= minimumRounds);

        // Nothing lost: every run of this side is done with every item done and judged, and
        // the other side's verdicts on the base run are all there.
        for (const QString &name : std::as_const(names)) {
            auto id = runs.idOf(name);
            QVERIFY(id.ok());
            auto header = runs.header(id.value());
            QVERIFY(header.ok());
            QCOMPARE(header.value().status, QStringLiteral("done"));
            QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM run_item WHERE run_id = %1 AND status <> 'done'").arg(id.value())).value().toInt(), 0);
            QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM judgement j JOIN run_item i ON i.id = j.run_item_id WHERE i.run_id = %1 AND j.aspect = 'answer'")
                                   .arg(id.value()))
                         .value()
                         .toInt(),
                     db.scalar(QStringLiteral("SELECT count(*) FROM run_item WHERE run_id = %1").arg(id.value())).value().toInt());
        }
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM judgement j JOIN run_item i ON i.id = j.run_item_id WHERE i.run_id = %1 AND j.aspect = 'answer'")
                               .arg(base.value()))
                     .value()
                     .toInt(),
                 db.scalar(QStringLiteral("SELECT count(*) FROM run_item WHERE run_id = %1").arg(base.value())).value().toInt());
        project.value().reset();
        auto check = Database::open(path, Database::Mode::ReadOnly);
        QVERIFY(check.ok());
        QCOMPARE(check.value().scalar(QStringLiteral("PRAGMA integrity_check")).value().toString(), QStringLiteral("ok"));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestProjectConcurrency)

} // namespace tst_projectconcurrency
#include "tst_projectconcurrency.moc"
