// Core services: ETA estimation, background jobs with progress and cancel, the message log
// and its item models, recent files.
#include "testmain.h"
#include "core/etaestimator.h"
#include "core/fastremainder.h"
#include "core/job.h"
#include "core/messagelog.h"
#include "core/recentfiles.h"
#include "itemmodels/loglevelfilter.h"
#include "itemmodels/logmodel.h"
#include "testsettings.h"

#include <QThread>
#include <QtTest>

#include <limits>
#include <random>

namespace tst_core {

using namespace assay;

class TestCore : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        test::isolateSettings();
        MessageLog::install();
    }

    // The bootstrap's remainder without division equals `%` for every divisor kind: 1, powers
    // of two, small and large counts, the largest 64-bit values; dividends at the edges and random.
    void fastRemainderIsExact()
    {
        constexpr quint64 top = std::numeric_limits<quint64>::max();
        std::mt19937_64 random(11);
        QVector<quint64> divisors{1, 2, 3, 7, 64, 1000, 3644, 10932, (quint64(1) << 32) - 1, quint64(1) << 32, (quint64(1) << 32) + 1, (quint64(1) << 63) - 1,
                                  quint64(1) << 63, top - 1, top};
        for (int i = 0; i < 200; ++i)
            divisors << (random() >> (random() % 64)) + 1;
        int checked = 0;
        for (quint64 d : divisors) {
            const FastRemainder mod(d);
            QVector<quint64> xs{0, 1, d - 1, d, d + 1, top, top - 1, top - d, 2 * d - 1};
            for (int i = 0; i < 2000; ++i)
                xs << random();
            for (quint64 x : xs) {
                if (mod(x) != x % d)
                    QFAIL(qPrintable(QStringLiteral("%1 mod %2: %3, not %4").arg(x).arg(d).arg(mod(x)).arg(x % d)));
                ++checked;
            }
        }
        QVERIFY(checked > 400000);
    }

    void etaUnknownBeforeProgress()
    {
        EtaEstimator eta;
        eta.start();
        QVERIFY(eta.secondsLeft() < 0);
        eta.update(0, 100, 500);
        QVERIFY(eta.secondsLeft() < 0);
        QCOMPARE(EtaEstimator::describe(-1), QString());
    }

    void etaFollowsSteadyRate()
    {
        EtaEstimator eta;
        eta.start();
        // 10 units per second, observed every 100 ms.
        for (int i = 1; i <= 40; ++i)
            eta.update(i, 100, i * 100);
        QVERIFY(qAbs(eta.unitsPerSecond() - 10.0) < 1e-9);
        QVERIFY(qAbs(eta.secondsLeft() - 6.0) < 1e-9);
        eta.update(100, 100, 10000);
        QCOMPARE(eta.secondsLeft(), 0.0);
    }

    void etaSmoothsAnOutlier()
    {
        EtaEstimator eta;
        eta.start();
        for (int i = 1; i <= 20; ++i)
            eta.update(i, 100, i * 100);
        eta.update(21, 100, 2000 + 5000); // one item took 5 s (a retried request)
        // The smoothed rate drops but stays far above the instant rate of 0.2/s.
        QVERIFY(eta.unitsPerSecond() > 7.0);
        QVERIFY(eta.unitsPerSecond() < 10.0);
    }

    void etaDescriptions()
    {
        QCOMPARE(EtaEstimator::describe(0.4), QStringLiteral("almost done"));
        QCOMPARE(EtaEstimator::describe(42), QStringLiteral("about 42 s left"));
        QCOMPARE(EtaEstimator::describe(150), QStringLiteral("about 3 min left"));
        QCOMPARE(EtaEstimator::describe(3 * 3600 + 5 * 60), QStringLiteral("about 3 h 5 min left"));
    }

    void jobRunsOffThreadAndReports()
    {
        Qt::HANDLE workerThread = nullptr;
        Job job(QStringLiteral("count"), [&](Job &j) {
            workerThread = QThread::currentThreadId();
            for (int i = 1; i <= 50; ++i) {
                QThread::msleep(4);
                j.reportProgress(i, 50);
            }
            return Status();
        });
        QSignalSpy progress(&job, &Job::progressChanged);
        QSignalSpy finished(&job, &Job::finished);
        job.start();
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 10000); // from the worker thread
        QCOMPARE(finished.constFirst().at(0).toBool(), true);
        QVERIFY(workerThread != QThread::currentThreadId());
        // Throttled to at most ~10 per second, but the final update always arrives.
        QVERIFY(progress.count() >= 1);
        QVERIFY(progress.count() < 50);
        QCOMPARE(progress.constLast().at(0).toLongLong(), 50);
        QCOMPARE(progress.constLast().at(3).toDouble(), 0.0);
    }

    void jobCanBeCancelled()
    {
        std::atomic_int done{0};
        Job job(QStringLiteral("long"), [&](Job &j) {
            for (int i = 0; i < 100000 && !j.isCancelled(); ++i) {
                QThread::msleep(1);
                ++done;
            }
            return Status();
        });
        QSignalSpy finished(&job, &Job::finished);
        job.start();
        QTRY_VERIFY(done.load() > 3);
        job.cancel();
        // finished comes from the worker thread, maybe before a wait() would listen.
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 5000);
        QCOMPARE(finished.constFirst().at(0).toBool(), false);
        QVERIFY(finished.constFirst().at(1).toString().contains(QLatin1String("cancelled")));
        QVERIFY(done.load() < 100000);
    }

    void jobFailureCarriesMessage()
    {
        Job job(QStringLiteral("fails"), [](Job &) { return Status::failure(QStringLiteral("input.csv:3: bad row")); });
        const Status s = job.runHere();
        QVERIFY(!s.ok());
        QCOMPARE(s.error(), QStringLiteral("input.csv:3: bad row"));
    }

    void logModelCollectsMessages()
    {
        MessageLog::instance().clear();
        QCoreApplication::processEvents();
        LogModel model;
        LogLevelFilter filter;
        filter.setSourceModel(&model);
        qInfo("an info line");
        qWarning("a warning line");
        QTRY_COMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(1, LogModel::MessageColumn).data().toString(), QStringLiteral("a warning line"));
        QCOMPARE(model.index(1, LogModel::LevelColumn).data().toString(), QStringLiteral("Warning"));
        filter.setMinimumLevel(QtWarningMsg);
        QCOMPARE(filter.rowCount(), 1);
        filter.setMinimumLevel(QtDebugMsg);
        QCOMPARE(filter.rowCount(), 2);
        MessageLog::instance().clear();
        QTRY_COMPARE(model.rowCount(), 0);
    }

    void recentFilesOrderDedupAndLimit()
    {
        RecentFiles recent(3);
        recent.clear();
        recent.add(QStringLiteral("/tmp/a.assay"));
        recent.add(QStringLiteral("/tmp/b.assay"));
        recent.add(QStringLiteral("/tmp/a.assay"));
        QCOMPARE(recent.paths(), (QStringList{QStringLiteral("/tmp/a.assay"), QStringLiteral("/tmp/b.assay")}));
        recent.add(QStringLiteral("/tmp/c.assay"));
        recent.add(QStringLiteral("/tmp/d.assay"));
        QCOMPARE(recent.paths().size(), 3);
        QCOMPARE(recent.paths().constFirst(), QStringLiteral("/tmp/d.assay"));
        QVERIFY(!recent.paths().contains(QStringLiteral("/tmp/b.assay")));
        recent.remove(QStringLiteral("/tmp/d.assay"));
        QCOMPARE(recent.paths().constFirst(), QStringLiteral("/tmp/c.assay"));
        // Persisted: a fresh object reads the same list.
        QCOMPARE(RecentFiles(3).paths(), recent.paths());
    }
};

ASSAY_TEST_GUILESS_MAIN(TestCore)

} // namespace tst_core
#include "tst_core.moc"
