// A judge's stability measured against a scripted one (docs/METHODS.md §5.11):
// the loopback endpoint answers each judge prompt Correct, or Incorrect with the probability
// the item's query names (flip=P), drawn per request seed. score --repeat 5 sends five distinct
// requests per item the first time and none when run again; the measured flip rate is within
// ±0.02 of the one the script implies; Fleiss' κ and the accuracy per repetition follow. The
// bias probes against a judge scripted to favour padded answers (METHODS §5.12).
#include "testmain.h"
#include "analysis/biasprobe.h"
#include "analysis/judgestability.h"
#include "project/project.h"
#include "runs/runstore.h"
#include "runs/scorer.h"
#include "scoring/llmjudge.h"
#include "testllm.h"
#include "testsettings.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include "llm/llmprofilestore.h"
#include "scoring/judge.h"
#include <QtTest>

#include <cmath>

#include <nlohmann/json.hpp>

namespace tst_judgestability {

using namespace assay;

class TestJudgeStability : public QObject {
    Q_OBJECT
    test::TestEndpoint m_endpoint;

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_endpoint.start());
        QVERIFY(test::saveEndpointProfile(m_endpoint, QStringLiteral("flaky")));
    }

    void votes()
    {
        QCOMPARE(LlmJudge::votesOf(QStringLiteral("votes 1 0 u 1; Correct")), (QVector<int>{1, 0, -1, 1}));
        QVERIFY(LlmJudge::votesOf(QStringLiteral("Correct")).isEmpty());
        // Hand-computed: items with votes (1,1,1), (1,0,1), (0,0,0): 1 flaky of 3; accuracy per
        // repetition 2/3, 1/3, 2/3.
        const StabilityReport r = JudgeStability::measure({{1, QStringLiteral("a"), {}, {1, 1, 1}}, {2, QStringLiteral("b"), {}, {1, 0, 1}},
                                                           {3, QStringLiteral("c"), {}, {0, 0, 0}}, {4, QStringLiteral("d"), {}, {1}}});
        QCOMPARE(r.items, 3);
        QCOMPARE(r.flaky, 1);
        QCOMPARE(r.flakyItems.first().key, QStringLiteral("b"));
        QCOMPARE(r.accuracyPerRepetition, (QVector<double>{2.0 / 3, 1.0 / 3, 2.0 / 3}));
        QVERIFY(std::abs(r.accuracyMean - 5.0 / 9) < 1e-12);
        QVERIFY(std::abs(r.accuracySd - std::sqrt(1.0 / 27)) < 1e-12);
        QVERIFY(JudgeStability::measure({{1, {}, {}, {1}}}).missing.contains(QLatin1String("Repeat")));
    }

    void scriptedFlipRate()
    {
        QTemporaryDir dir;
        auto project = Project::create(dir.filePath(QStringLiteral("s.assay")));
        QVERIFY(project);
        const int n = 5000, repetitions = 5;
        const double flips[] = {0.0, 0.05, 0.1, 0.2, 0.3};
        QVector<ImportedRunItem> items;
        double expected = 0;
        for (int i = 0; i < n; ++i) {
            ImportedRunItem it;
            const double p = flips[i % 5];
            it.key = QStringLiteral("q%1").arg(i);
            it.query = QStringLiteral("Question %1 (flip=%2)").arg(i).arg(p);
            it.gold = QStringLiteral("A");
            it.answer = QStringLiteral("A");
            items << it;
            expected += 1 - std::pow(1 - p, repetitions) - std::pow(p, repetitions);
        }
        expected /= n;
        Database &db = project.value()->database();
        QVERIFY(RunStore(db).createImported(QStringLiteral("r"), QStringLiteral("short"), QStringLiteral("test"), items));
        const qint64 run = RunStore(db).idOf(QStringLiteral("r")).value();
        const int before = m_endpoint.requestCount();
        QElapsedTimer clock;
        clock.start();
        Scorer::Options options;
        options.repeat = repetitions;
        auto scored = Scorer::score(db, run, QStringLiteral("llm:flaky"), options);
        QVERIFY2(scored, qPrintable(scored.error()));
        QCOMPARE(m_endpoint.requestCount() - before, n * repetitions); // distinct requests: none answered from the cache
        const double seconds = clock.elapsed() / 1000.0;
        auto report = JudgeStability::analyze(db, QStringLiteral("r"), QStringLiteral("llm:flaky"));
        QVERIFY2(report, qPrintable(report.error()));
        const StabilityReport &r = report.value();
        qInfo("%d items x %d repetitions in %.1f s: flip rate %.4f [%.4f, %.4f], scripted %.4f; Fleiss kappa %.3f; accuracy per repetition mean %.4f SD %.4f",
              n, repetitions, seconds, r.flipRate, r.flipCi.first, r.flipCi.second, expected, r.fleiss.kappa.value_or(-9), r.accuracyMean, r.accuracySd);
        QCOMPARE(r.items, n);
        QCOMPARE(r.repetitions, repetitions);
        QVERIFY2(std::abs(r.flipRate - expected) <= 0.02, qPrintable(QString::number(r.flipRate)));
        QVERIFY(r.fleiss.kappa);
        QCOMPARE(r.accuracyPerRepetition.size(), repetitions);
        QVERIFY(std::abs(r.accuracyMean - (1 - 0.13)) < 0.02); // mean flip probability 0.13
        // Items with flip=0 are never flaky.
        for (const auto &f : r.flakyItems)
            QVERIFY(!f.query.contains(QLatin1String("flip=0)")));
        // Scored again: every reply comes from the cache.
        const int second = m_endpoint.requestCount();
        QVERIFY(Scorer::score(db, run, QStringLiteral("llm:flaky"), options));
        QCOMPARE(m_endpoint.requestCount(), second);
        const nlohmann::json json = r.toJson();
        for (const char *key : {"flip_rate", "flip_rate_ci", "fleiss_kappa", "accuracy_per_repetition", "accuracy_range", "flaky_items"})
            QVERIFY2(json.contains(key), key);
        // A string-match judge gives the same verdict every time: repeating it is refused.
        auto refused = Scorer::score(db, run, QStringLiteral("contains"), options);
        QVERIFY(!refused);
        QVERIFY(refused.error().contains(QLatin1String("llm:PROFILE")));
    }

    void failedRequestsStayUnreadAndRetryFailed()
    {
        // Three judge requests get HTTP 500 (no retries): their items are unread with the error
        // kept, the other items are judged, and scoring goes on. --retry-failed asks again
        // about exactly those three and keeps every other verdict.
        QTemporaryDir dir;
        auto project = Project::create(dir.filePath(QStringLiteral("f.assay")));
        QVERIFY(project);
        LlmProfile p = LlmProfileStore::find(QStringLiteral("flaky")).value();
        p.name = QStringLiteral("unreliable");
        p.maxRetries = 0;
        p.concurrency = 1;
        p.breakerThreshold = 10; // three 500s in a row must not open the breaker here
        QVERIFY(LlmProfileStore::save(p).ok());
        QVector<ImportedRunItem> items;
        for (int i = 0; i < 10; ++i) {
            ImportedRunItem it;
            it.key = QStringLiteral("u%1").arg(i);
            it.query = QStringLiteral("Unreliable question %1 (flip=0)").arg(i);
            it.gold = QStringLiteral("A");
            it.answer = QStringLiteral("A");
            items << it;
        }
        Database &db = project.value()->database();
        QVERIFY(RunStore(db).createImported(QStringLiteral("u"), QStringLiteral("short"), QStringLiteral("test"), items));
        const qint64 run = RunStore(db).idOf(QStringLiteral("u")).value();
        m_endpoint.script(QList<test::TestEndpoint::Step>(3, {test::TestEndpoint::Fault::ServerError, 0}));
        auto scored = Scorer::score(db, run, QStringLiteral("llm:unreliable"), {});
        m_endpoint.clearScript();
        QVERIFY2(scored, qPrintable(scored.error()));
        QCOMPARE(scored.value().failedRequests, qint64(3));
        QCOMPARE(scored.value().unread, qint64(3));
        QCOMPARE(scored.value().correct, qint64(7));
        QVERIFY2(scored.value().lastFailure.contains(QLatin1String("HTTP 500")), qPrintable(scored.value().lastFailure));
        auto stored = RunStore(db).judgements(run, QStringLiteral("llm:unreliable"), QStringLiteral("answer"));
        QVERIFY(stored);
        int failed = 0;
        for (const RunStore::Judgement &j : stored.value())
            failed += std::get<3>(j).startsWith(QLatin1String(Judge::FailedPrefix)) && !std::get<1>(j);
        QCOMPARE(failed, 3);
        const int before = m_endpoint.requestCount();
        Scorer::Options retry;
        retry.retryFailed = true;
        auto again = Scorer::score(db, run, QStringLiteral("llm:unreliable"), retry);
        QVERIFY2(again, qPrintable(again.error()));
        QCOMPARE(again.value().asked, qint64(3));
        QCOMPARE(m_endpoint.requestCount() - before, 3);
        QCOMPARE(again.value().failedRequests, qint64(0));
        QCOMPARE(again.value().correct, qint64(10));
        QCOMPARE(again.value().unread, qint64(0));
        // Nothing left to retry: nothing is asked.
        QCOMPARE(Scorer::score(db, run, QStringLiteral("llm:unreliable"), retry).value().asked, qint64(0));
    }

    // A judge the scripted endpoint makes verbosity-biased: a response padded with the
    // restatement is always Correct, and otherwise Incorrect. The verbosity probe finds every
    // verdict changed (to Correct), the order probe none; prompts come from editable files.
    void biasProbes()
    {
        QTemporaryDir dir;
        auto project = Project::create(dir.filePath(QStringLiteral("p.assay")));
        QVERIFY(project);
        QVector<ImportedRunItem> items;
        for (int i = 0; i < 30; ++i) {
            ImportedRunItem it;
            it.key = QStringLiteral("q%1").arg(i);
            it.query = QStringLiteral("Which city, case %1?").arg(i);
            it.gold = QStringLiteral("Tallinn");
            it.answer = QStringLiteral("Riga");
            items << it;
        }
        Database &db = project.value()->database();
        QVERIFY(RunStore(db).createImported(QStringLiteral("p"), QStringLiteral("short"), QStringLiteral("test"), items));
        m_endpoint.addFixture(QStringLiteral("To restate the question"), QStringLiteral("Correct"));
        // The plain response, in the judge's prompt and in the order probe's: Incorrect.
        m_endpoint.addFixture(QStringLiteral("##Given Response##: Riga\n##Judgement##"), QStringLiteral("Incorrect"));
        m_endpoint.addFixture(QStringLiteral("##Given Response##: Riga\n##True Answer##"), QStringLiteral("Incorrect"));
        auto verbosity = BiasProbe::run(db, QStringLiteral("p"), QStringLiteral("llm:flaky"), QStringLiteral("verbosity"), 20, 3);
        QVERIFY2(verbosity, qPrintable(verbosity.error()));
        QCOMPARE(verbosity.value().items, 20);
        QCOMPARE(verbosity.value().compared, 20);
        QCOMPARE(verbosity.value().toCorrect, 20);
        QCOMPARE(verbosity.value().share, 1.0);
        QVERIFY(verbosity.value().ci.first > 0.8);
        auto order = BiasProbe::run(db, QStringLiteral("p"), QStringLiteral("llm:flaky"), QStringLiteral("order"), 20, 3);
        QVERIFY2(order, qPrintable(order.error()));
        QCOMPARE(order.value().changed, 0);
        QVERIFY(order.value().ci.second < 0.2);
        QVERIFY(!BiasProbe::run(db, QStringLiteral("p"), QStringLiteral("contains"), QStringLiteral("order")));
        QVERIFY(!BiasProbe::run(db, QStringLiteral("p"), QStringLiteral("llm:flaky"), QStringLiteral("length")));
        for (const char *key : {"probe", "share_changed", "share_changed_ci", "to_correct", "to_incorrect"})
            QVERIFY2(verbosity.value().toJson().contains(key), key);
    }
};

ASSAY_TEST_GUILESS_MAIN(TestJudgeStability)

} // namespace tst_judgestability
#include "tst_judgestability.moc"
