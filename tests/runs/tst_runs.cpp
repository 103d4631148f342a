// Runs: pipeline specs, each result persisted as it arrives, continuing after a pause and
// after the process was killed (nothing lost, nothing twice), and items that do not change
// when the query set is rebuilt.
#include "testmain.h"
#include "core/job.h"
#include "generation/generationstore.h"
#include "project/database.h"
#include "project/project.h"
#include "readers/pipelinespec.h"
#include "runs/runexecutor.h"
#include "runs/runstore.h"
#include "testdemo.h"
#include "testsettings.h"

#include <QProcess>
#include <QtTest>

namespace tst_runs {

using namespace assay;

namespace {
qint64 scalar(Database &db, const QString &sql)
{
    auto v = db.scalar(sql);
    return v ? v.value().toLongLong() : -1;
}
} // namespace

class TestRuns : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        m_project = test::openDemoProject(m_dir);
        QVERIFY(m_project);
    }

    void pipelineSpecs_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("error");
        QTest::newRow("ok") << "retriever=tfidf,k=5,reader=none" << "";
        QTest::newRow("unknown key") << "retriever=bm25,depth=2" << "unknown key 'depth'";
        QTest::newRow("bad k") << "k=0" << "k must be a whole number";
        QTest::newRow("unknown retriever") << "retriever=magic" << "unknown retriever 'magic'";
        QTest::newRow("not key=value") << "bm25" << "is not KEY=VALUE";
        // An agent searches the corpus itself: oracle and closed-book give it nothing to search.
        QTest::newRow("agent, oracle") << "retriever=oracle,k=3,reader=react:p" << "retriever 'oracle' has nothing to search";
        QTest::newRow("agent, closed-book") << "retriever=closed-book,k=3,reader=fc:p" << "retriever 'closed-book' has nothing to search";
        QTest::newRow("llm, oracle") << "retriever=oracle,k=3,reader=llm:p" << "";
    }
    void pipelineSpecs()
    {
        QFETCH(QString, spec);
        QFETCH(QString, error);
        auto p = PipelineSpec::parse(spec);
        if (error.isEmpty()) {
            QVERIFY(p.ok());
            QCOMPARE(p.value().text(), spec);
        } else {
            QVERIFY2(p.error().contains(error), qPrintable(p.error()));
        }
    }

    void pauseAndContinue()
    {
        RunStore store(m_project->database());
        auto spec = PipelineSpec::parse(QStringLiteral("retriever=keyword,k=2,reader=none")).value();
        auto runId = store.openOrCreate(QStringLiteral("paused"), spec, QStringLiteral("short"));
        QVERIFY2(runId.ok(), qPrintable(runId.error()));
        Database &db = m_project->database();
        const qint64 total = scalar(db, QStringLiteral("SELECT count(*) FROM run_item WHERE run_id = %1").arg(runId.value()));
        QCOMPARE(total, GenerationStore(db).stats().value().textQueries.value(QStringLiteral("short")));
        // Pause after 500 items.
        Job job(QStringLiteral("run"), [&](Job &j) { return RunExecutor::execute(m_project->database(), runId.value(), &j).ok() ? Status() : Status::failure(QStringLiteral("x")); });
        QObject::connect(&job, &Job::progressChanged, &job, [&job](qint64 done, qint64, const QString &, double) {
            if (done >= 500)
                job.cancel();
        });
        QVERIFY(job.runHere().isCancelled()); // a pause is a cancel, not a failure
        const qint64 done = scalar(db, QStringLiteral("SELECT count(*) FROM run_item WHERE run_id = %1 AND status = 'done'").arg(runId.value()));
        QVERIFY(done >= 500 && done < total);
        QCOMPARE(store.runs().value().constLast().status, QStringLiteral("paused"));
        const QString before = db.scalar(QStringLiteral("SELECT group_concat(retrieved_ids, '|') FROM (SELECT retrieved_ids FROM run_item "
                                                        "WHERE run_id = %1 AND status = 'done' ORDER BY id)").arg(runId.value())).value().toString();
        // Continue: only the pending items run; the done ones stay as they were.
        auto again = store.openOrCreate(QStringLiteral("paused"), spec, QStringLiteral("short"));
        QCOMPARE(again.value(), runId.value());
        auto report = RunExecutor::execute(m_project->database(), runId.value());
        QVERIFY(report.ok() && report.value().finished);
        QCOMPARE(report.value().executed, total - done);
        QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM run_item WHERE run_id = %1 AND status = 'done'").arg(runId.value())), total);
        const QString after = db.scalar(QStringLiteral("SELECT group_concat(retrieved_ids, '|') FROM (SELECT retrieved_ids FROM run_item "
                                                       "WHERE run_id = %1 ORDER BY id LIMIT %2)").arg(runId.value()).arg(done)).value().toString();
        QCOMPARE(after, before);
        QCOMPARE(store.runs().value().constLast().status, QStringLiteral("done"));
        // The same name with another pipeline is refused.
        QVERIFY(store.openOrCreate(QStringLiteral("paused"), PipelineSpec::parse(QStringLiteral("retriever=bm25")).value(), QStringLiteral("short"))
                    .error().contains(QLatin1String("exists with pipeline")));
        // Rebuilding the queries leaves the run's items alone.
        QVERIFY(GenerationStore(db).rebuildQueries(false).ok());
        QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM run_item WHERE run_id = %1").arg(runId.value())), total);
    }

    void continuesAfterTheProcessWasKilled()
    {
        const QString path = m_project->path();
        const QStringList args{QStringLiteral("run"), path, QStringLiteral("--name"), QStringLiteral("killed"),
                               QStringLiteral("--pipeline"), QStringLiteral("retriever=tfidf,k=3,reader=none"), QStringLiteral("--set"), QStringLiteral("long")};
        QProcess first;
        first.start(QStringLiteral(ASSAY_CLI), args);
        QVERIFY(first.waitForStarted());
        // Kill it hard once some results are stored.
        qint64 done = 0;
        for (int i = 0; i < 1000 && first.state() == QProcess::Running; ++i) {
            QTest::qWait(10);
            auto probe = Database::open(path, Database::Mode::ReadOnly);
            auto v = probe.value().scalar(QStringLiteral("SELECT count(*) FROM run_item i JOIN run r ON r.id = i.run_id WHERE r.name = 'killed' AND i.status = 'done'"));
            done = v ? v.value().toLongLong() : 0;
            if (done >= 300)
                break;
        }
        QVERIFY2(first.state() == QProcess::Running, "the run finished before it could be killed");
        first.kill();
        QVERIFY(first.waitForFinished(5000));
        QCOMPARE(first.exitStatus(), QProcess::CrashExit);
        QProcess second;
        second.start(QStringLiteral(ASSAY_CLI), args);
        QVERIFY(second.waitForFinished(120000));
        QCOMPARE(second.exitCode(), 0);
        QVERIFY2(QString::fromUtf8(second.readAllStandardOutput()).contains(QLatin1String("done")), "not finished");
        auto db = Database::open(path, Database::Mode::ReadOnly);
        const qint64 total = db.value().scalar(QStringLiteral("SELECT count(*) FROM run_item i JOIN run r ON r.id = i.run_id WHERE r.name = 'killed'")).value().toLongLong();
        const qint64 finished = db.value().scalar(QStringLiteral("SELECT count(*) FROM run_item i JOIN run r ON r.id = i.run_id WHERE r.name = 'killed' AND i.status = 'done'")).value().toLongLong();
        const qint64 distinct = db.value().scalar(QStringLiteral("SELECT count(DISTINCT item_key) FROM run_item i JOIN run r ON r.id = i.run_id WHERE r.name = 'killed'")).value().toLongLong();
        QVERIFY(total > 300);
        QCOMPARE(finished, total);
        QCOMPARE(distinct, total);
    }
};

ASSAY_TEST_GUILESS_MAIN(TestRuns)

} // namespace tst_runs
#include "tst_runs.moc"
