// Faults are faults (docs/llm-faults.md): the LLM client against scripted faults of the local
// endpoint. Bursts that a retry saves fail nothing; only sustained failure opens the breaker,
// which lets a 200 in flight through, probes one request at a time and closes on an answer;
// 429 without Retry-After stops after its window naming the rate settings; a refused key stops
// the client and is scrubbed from everything; a 200 without an answer and an oversized reply
// are failures of their own.
#include "testmain.h"
#include "testllm.h"
#include "core/messagelog.h"
#include "llm/llmclient.h"
#include "llm/llmstore.h"
#include "llm/secretscrubber.h"
#include "project/project.h"
#include "testendpoint.h"
#include "testsettings.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

namespace tst_llmfaults {

using namespace assay;
using Endpoint = assay::test::TestEndpoint;

namespace {
const char *secret = "sk-test-FAULTS-9876543210";
}

class TestLlmFaults : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    static LlmProfile profileFor(const Endpoint &endpoint)
    {
        LlmProfile p;
        p.name = QStringLiteral("faulty");
        p.baseUrl = endpoint.baseUrl();
        p.model = QStringLiteral("test-model");
        p.keyEnv = QStringLiteral("ASSAY_FAULTS_KEY");
        p.retryBaseMs = 20;
        p.timeoutMs = 3000;
        return p;
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        MessageLog::install();
        qputenv("ASSAY_FAULTS_KEY", secret);
    }

    void threeServiceUnavailableThenHealthyFailNothing()
    {
        // Three 503s (an HTML page, as a proxy sends it) before a healthy endpoint: 300
        // requests at concurrency 8 all succeed, five times out of five.
        for (int round = 0; round < 5; ++round) {
            Endpoint endpoint;
            QVERIFY(endpoint.start());
            endpoint.script(QList<Endpoint::Step>(3, {Endpoint::Fault::ServiceUnavailable, 0}));
            LlmClient client(profileFor(endpoint));
            const auto results = test::sendMany(client, 300, QStringLiteral("question"));
            QCOMPARE(test::failedOf(results), 0);
            QCOMPARE(endpoint.requestCount(), 303);
            QVERIFY(client.breakerError().isEmpty());
        }
    }

    void aBurstOfFiveErrorsFailsNothing()
    {
        // Five errors of every retried kind within a fraction of a second: each item's retry
        // saves it; none is failed by the breaker.
        Endpoint endpoint;
        QVERIFY(endpoint.start());
        endpoint.script({{Endpoint::Fault::ServerError, 0}, {Endpoint::Fault::ConnectionReset, 0}, {Endpoint::Fault::ServiceUnavailable, 0},
                         {Endpoint::Fault::MalformedJson, 0}, {Endpoint::Fault::ServerError, 0}});
        LlmProfile p = profileFor(endpoint);
        p.breakerThreshold = 1;
        LlmClient client(p);
        const auto results = test::sendMany(client, 40, QStringLiteral("question"));
        QCOMPARE(test::failedOf(results), 0);
    }

    void sustainedFailureOpensProbesAndCloses()
    {
        Endpoint endpoint;
        QVERIFY(endpoint.start());
        Endpoint::FaultMix down;
        down.server = 1.0;
        endpoint.setFaultMix(down, 7u);
        LlmProfile p = profileFor(endpoint);
        p.breakerWindowMs = 400;
        p.concurrency = 4;
        LlmClient client(p);
        QElapsedTimer clock;
        clock.start();
        const auto failed = test::sendMany(client, 20, QStringLiteral("question"));
        QCOMPARE(test::failedOf(failed), 20);
        QVERIFY2(clock.elapsed() < 3000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY2(failed.last().error.contains(QRegularExpression(QStringLiteral("answered HTTP 500 to \\d+ requests in a row over 0\\.[4-9] s"))),
                 qPrintable(failed.last().error));
        QVERIFY(!failed.last().stopsWork); // an outage, not a refused key: the next run may pass
        // While open: fails at once, sends nothing.
        int sent = endpoint.requestCount();
        QCOMPARE(test::failedOf(test::sendMany(client, 3, QStringLiteral("while open"))), 3);
        QCOMPARE(endpoint.requestCount(), sent);
        // After the window, half-open: one probe goes out; it fails, so the others fail with it.
        QTest::qWait(450);
        sent = endpoint.requestCount();
        QCOMPARE(test::failedOf(test::sendMany(client, 5, QStringLiteral("half open"))), 5);
        QCOMPARE(endpoint.requestCount(), sent + 1);
        // The endpoint recovers: the next probe answers, the breaker closes, work flows again.
        endpoint.setFaultMix({}, 7u);
        QTest::qWait(450);
        QCOMPARE(test::failedOf(test::sendMany(client, 12, QStringLiteral("recovered"))), 0);
        QVERIFY(client.breakerError().isEmpty());
    }

    void aReplyInFlightSurvivesTheBreaker()
    {
        // Request A is answered slowly (200 after 900 ms); request B meets nothing but 500s and
        // opens the breaker meanwhile. A's answer is delivered, never thrown away.
        Endpoint endpoint;
        QVERIFY(endpoint.start());
        QList<Endpoint::Step> steps{{Endpoint::Fault::Latency, 900}};
        steps += QList<Endpoint::Step>(40, {Endpoint::Fault::ServerError, 0});
        endpoint.script(steps);
        LlmProfile p = profileFor(endpoint);
        p.breakerWindowMs = 300;
        p.concurrency = 2;
        LlmClient client(p);
        LlmResult a, b;
        int done = 0;
        client.send(LlmClient::chat({}, QStringLiteral("slow one")), [&](const LlmResult &r) { a = r, ++done; });
        client.send(LlmClient::chat({}, QStringLiteral("failing one")), [&](const LlmResult &r) { b = r, ++done; });
        QTRY_COMPARE_WITH_TIMEOUT(done, 2, 10000);
        QVERIFY2(!b.ok && b.error.contains(QLatin1String("answered HTTP 500")), qPrintable(b.error));
        QVERIFY2(a.ok, qPrintable(a.error));
    }

    void rateLimitedWithoutRetryAfterStopsNamingTheSettings()
    {
        Endpoint endpoint;
        QVERIFY(endpoint.start());
        Endpoint::FaultMix limited;
        limited.rateLimited = 1.0;
        limited.retryAfterSeconds = 0; // no Retry-After header
        endpoint.setFaultMix(limited, 3u);
        LlmProfile p = profileFor(endpoint);
        p.rateLimitStopMs = 600;
        p.requestsPerMinute = 6000;
        LlmClient client(p);
        QElapsedTimer clock;
        clock.start();
        const auto results = test::sendMany(client, 30, QStringLiteral("question"));
        QCOMPARE(test::failedOf(results), 30);
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
        const QString &error = results.last().error;
        QVERIFY2(error.contains(QLatin1String("nothing but HTTP 429")) && error.contains(QLatin1String("--rpm, now 6000"))
                     && error.contains(QLatin1String("--concurrency, now 8")),
                 qPrintable(error));
        QVERIFY(results.last().stopsWork);
        const int sent = endpoint.requestCount();
        QVERIFY(!test::sendMany(client, 1, QStringLiteral("after the stop")).first().ok);
        QCOMPARE(endpoint.requestCount(), sent);
    }

    void aRefusedKeyStopsAndIsScrubbed()
    {
        const QString path = m_dir.filePath(QStringLiteral("auth.assay"));
        Endpoint endpoint;
        QVERIFY(endpoint.start());
        endpoint.script({{Endpoint::Fault::EchoAuthorization, 0}});
        LlmProfile p = profileFor(endpoint);
        p.concurrency = 1;
        {
            auto project = Project::create(path).take();
            LlmStore store(project->database());
            LlmClient client(p, &store);
            const auto results = test::sendMany(client, 10, QStringLiteral("question"));
            QCOMPARE(test::failedOf(results), 10);
            QCOMPARE(endpoint.requestCount(), 1); // the first refusal stops the rest
            for (const LlmResult &r : results) {
                QVERIFY(r.stopsWork);
                QVERIFY2(r.error.contains(QLatin1String("refused the key of profile 'faulty' (environment variable ASSAY_FAULTS_KEY)")), qPrintable(r.error));
                QVERIFY2(!r.error.contains(QLatin1String(secret)), qPrintable(r.error));
            }
            QVERIFY2(results.first().error.contains(QLatin1String("Bearer [redacted]")), qPrintable(results.first().error));
        }
        // Said once, with how often it repeated; never with the key.
        int said = 0, repeats = 0;
        for (const LogEntry &e : MessageLog::instance().entries()) {
            QVERIFY2(!e.message.contains(QLatin1String(secret)), qPrintable(e.message));
            said += e.message.contains(QLatin1String("refused the key of profile 'faulty'"));
            repeats += e.message.contains(QLatin1String("the same failure 9 more time(s)"));
        }
        QCOMPARE(said, 1);
        QCOMPARE(repeats, 1);
        for (const QString &file : {path, path + QStringLiteral("-wal")}) {
            QFile f(file);
            if (f.open(QIODevice::ReadOnly))
                QVERIFY2(!f.readAll().contains(secret), qPrintable(file));
        }
    }

    void aReplyWithoutChoicesIsMalformed()
    {
        Endpoint endpoint;
        QVERIFY(endpoint.start());
        endpoint.script({{Endpoint::Fault::NoChoices, 0}});
        LlmClient client(profileFor(endpoint));
        const LlmResult r = test::sendMany(client, 1, QStringLiteral("question")).first();
        QVERIFY(!r.ok);
        QCOMPARE(r.errorClass, QStringLiteral("malformed"));
        QVERIFY2(r.error.startsWith(QLatin1String("malformed reply: no choices")), qPrintable(r.error));
        QCOMPARE(r.attempts, 1);
        QVERIFY(r.content().isEmpty());
    }

    void anOversizedReplyIsAnErrorNotStored()
    {
        const QString path = m_dir.filePath(QStringLiteral("large.assay"));
        Endpoint endpoint;
        QVERIFY(endpoint.start());
        endpoint.script({{Endpoint::Fault::HugeReply, 2048}, {Endpoint::Fault::HugeReply, 8}});
        LlmProfile p = profileFor(endpoint);
        p.maxReplyBytes = 64 * 1024;
        p.concurrency = 1;
        auto project = Project::create(path).take();
        LlmStore store(project->database());
        LlmClient client(p, &store);
        const auto results = test::sendMany(client, 2, QStringLiteral("question"));
        QVERIFY(!results[0].ok);
        QCOMPARE(results[0].errorClass, QStringLiteral("too_large"));
        QVERIFY2(results[0].error.contains(QLatin1String("limit of 64 kB")), qPrintable(results[0].error));
        QVERIFY2(results[1].ok, qPrintable(results[1].error)); // 8 kB is within the limit
        const qint64 stored = project->database().scalar(QStringLiteral("SELECT coalesce(max(length(response)), 0) FROM llm_cache")).value().toLongLong();
        QVERIFY2(stored < 64 * 1024, qPrintable(QString::number(stored)));
    }

    void scrubberRemovesKeysAndBearerTokens()
    {
        const QString key = QStringLiteral("sk-live-abcdefgh12345678");
        QCOMPARE(SecretScrubber::scrub(QStringLiteral("echo: Bearer sk-live-abcdefgh12345678 and again sk-live-abcdefgh12345678"), key),
                 QStringLiteral("echo: Bearer [redacted] and again [redacted]"));
        QCOMPARE(SecretScrubber::scrub(QStringLiteral("authorization: bearer eyJhbGciOi.J9.x-y_z="), QString()), QStringLiteral("authorization: bearer [redacted]"));
        QCOMPARE(SecretScrubber::scrub(QByteArray("plain reply"), key.toUtf8()), QByteArray("plain reply"));
        // A short key is not searched for: it would cut ordinary words.
        QCOMPARE(SecretScrubber::scrub(QStringLiteral("the cat"), QStringLiteral("cat")), QStringLiteral("the cat"));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestLlmFaults)

} // namespace tst_llmfaults
#include "tst_llmfaults.moc"
