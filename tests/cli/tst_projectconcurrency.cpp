// Two processes on one project, the rule of docs/project-file.md: concurrent use through
// SQLite's own locking. For a minute this process (the app's side) runs generation steps,
// executes and scores runs, while a second process loops `assay-cli info`, `analyze grammar`
// and `score` on the same file. Every command of both must succeed, nothing written may be
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
#include <QProcess>
#include <QtTest>

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
        const int seconds = qEnvironmentVariableIsSet("ASSAY_STRESS_SECONDS") ? qEnvironmentVariableIntValue("ASSAY_STRESS_SECONDS") : 60;
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

        // The second process: info, analysis and scoring in a loop, until the time is up.
        const QString cli = QStringLiteral(ASSAY_CLI);
        const QString loop = QStringLiteral(
                                 "end=$((SECONDS+%1)); n=0; while [ $SECONDS -lt $end ]; do "
                                 "\"$0\" info \"$1\" >/dev/null || exit 11; "
                                 "\"$0\" analyze grammar \"$1\" --run base --json >/dev/null || exit 12; "
                                 "\"$0\" score \"$1\" --run base --judge contains >/dev/null || exit 13; "
                                 "n=$((n+1)); done; echo $n")
                                 .arg(seconds);
        QProcess other;
        other.setProcessChannelMode(QProcess::SeparateChannels);
        other.start(QStringLiteral("bash"), {QStringLiteral("-c"), loop, cli, path});
        QVERIFY(other.waitForStarted());

        // This side: generation steps (each a write transaction of its own, seconds long),
        // runs that commit their results as they go, and scoring.
        QElapsedTimer clock;
        clock.start();
        int rounds = 0;
        QStringList names;
        while (other.state() == QProcess::Running && clock.elapsed() < qint64(seconds + 120) * 1000) {
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
        if (other.state() != QProcess::NotRunning)
            QVERIFY(other.waitForFinished(600000));
        const QString loops = QString::fromUtf8(other.readAllStandardOutput()).trimmed();
        QVERIFY2(other.exitStatus() == QProcess::NormalExit && other.exitCode() == 0,
                 qPrintable(QStringLiteral("the second process failed (exit %1): %2").arg(other.exitCode()).arg(QString::fromUtf8(other.readAllStandardError()))));
        qInfo("%d rounds of generation, run and scoring here; %s rounds of info, analysis and scoring in the other process", rounds, qPrintable(loops));
        QVERIFY(rounds >= 2);
        QVERIFY(loops.toInt() >= 2);

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
#include "tst_projectconcurrency.moc"
