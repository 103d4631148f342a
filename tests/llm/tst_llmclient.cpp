// The LLM client against the local OpenAI-compatible endpoint: wire format, every retry
// class, Retry-After, no retry where none is allowed, timeouts, cache hits that send nothing,
// canonical keys, concurrency and rate limits, cost, JSON extraction, batch round trip, and
// the API key never reaching the project file or the log.
#include "testmain.h"
#include "core/messagelog.h"
#include "llm/jsonextractor.h"
#include "llm/llmbatch.h"
#include "llm/llmclient.h"
#include "llm/llmprofilestore.h"
#include "llm/llmstore.h"
#include "llm/llmwait.h"
#include "llm/llmbatchcall.h"
#include "project/project.h"
#include "testendpoint.h"
#include "testsettings.h"

#include <QElapsedTimer>
#include <QRegularExpression>
#include <QFile>
#include <QTemporaryDir>
#include <QSignalSpy>
#include <QCryptographicHash>
#include <QtTest>

namespace tst_llmclient {

using namespace assay;
using Endpoint = assay::test::TestEndpoint;

namespace {
const char *secret = "sk-test-SECRET-0123456789";
}

class TestLlmClient : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Endpoint> m_endpoint;
    int m_serial = 0;

    LlmProfile profile() const
    {
        LlmProfile p;
        p.name = QStringLiteral("local");
        p.baseUrl = m_endpoint->baseUrl();
        p.model = QStringLiteral("test-model");
        p.keyEnv = QStringLiteral("ASSAY_TEST_KEY");
        p.retryBaseMs = 20;
        p.timeoutMs = 3000;
        return p;
    }
    // Sends one request and waits for its result.
    LlmResult call(LlmClient &client, LlmRequest request)
    {
        LlmResult out;
        bool done = false;
        client.send(std::move(request), [&](const LlmResult &r) {
            out = r;
            done = true;
        });
        QElapsedTimer clock;
        clock.start();
        while (!done && clock.elapsed() < 20000)
            QTest::qWait(5);
        if (!done)
            out.error = QStringLiteral("no result within 20 s");
        return out;
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        MessageLog::install();
        qputenv("ASSAY_TEST_KEY", secret);
        m_endpoint = std::make_unique<Endpoint>();
        QVERIFY(m_endpoint->start());
        m_endpoint->addFixture(QStringLiteral("capital of Norway"), QStringLiteral("Oslo"));
    }

    void chatSpeaksTheWireFormat()
    {
        LlmClient client(profile());
        const int before = m_endpoint->requestCount();
        const LlmResult r = call(client, LlmClient::chat(QStringLiteral("Be brief."), QStringLiteral("What is the capital of Norway?")));
        QVERIFY2(r.ok, qPrintable(r.error));
        QCOMPARE(r.content(), QStringLiteral("Oslo"));
        QCOMPARE(r.attempts, 1);
        QCOMPARE(m_endpoint->requestCount(), before + 1);
        QCOMPARE(m_endpoint->lastAuthorization(), QByteArray("Bearer ") + secret);
        const auto sent = nlohmann::json::parse(m_endpoint->lastBody().toStdString());
        QCOMPARE(sent["model"].get<std::string>(), std::string("test-model"));
        QCOMPARE(sent["messages"].size(), size_t(2));
        QVERIFY(r.promptTokens > 0);
        QCOMPARE(r.completionTokens, qint64(1));
    }

    void completionsAndEmbeddings()
    {
        LlmClient client(profile());
        LlmRequest completion;
        completion.path = QStringLiteral("/completions");
        completion.body = {{"prompt", "The answer is B"}, {"echo", true}, {"logprobs", 1}, {"max_tokens", 0}};
        const LlmResult c = call(client, completion);
        QVERIFY(c.ok);
        QCOMPARE(c.content(), QStringLiteral("The answer is B"));
        QCOMPARE(c.body["choices"][0]["logprobs"]["token_logprobs"].size(), size_t(4));
        LlmRequest embedding;
        embedding.path = QStringLiteral("/embeddings");
        embedding.body = {{"input", {"alpha", "beta"}}};
        const LlmResult e = call(client, embedding);
        QVERIFY(e.ok);
        QCOMPARE(e.body["data"].size(), size_t(2));
        QCOMPARE(e.body["data"][0]["embedding"].size(), size_t(64));
    }

    void retryClasses_data()
    {
        QTest::addColumn<int>("fault");
        QTest::addColumn<QString>("klass");
        QTest::newRow("429") << int(Endpoint::Fault::RateLimited) << "rate_limited";
        QTest::newRow("500") << int(Endpoint::Fault::ServerError) << "server";
        QTest::newRow("timeout") << int(Endpoint::Fault::Hang) << "timeout";
        QTest::newRow("truncated body") << int(Endpoint::Fault::TruncatedBody) << "truncated";
        QTest::newRow("invalid JSON") << int(Endpoint::Fault::MalformedJson) << "invalid_json";
        QTest::newRow("connection reset") << int(Endpoint::Fault::ConnectionReset) << "connection";
    }
    void retryClasses()
    {
        QFETCH(int, fault);
        QFETCH(QString, klass);
        LlmProfile p = profile();
        p.timeoutMs = 300;
        LlmClient client(p);
        m_endpoint->script({{Endpoint::Fault(fault), 0}, {Endpoint::Fault::Latency, 1}});
        const int before = m_endpoint->requestCount();
        const LlmResult r = call(client, LlmClient::chat({}, QStringLiteral("capital of Norway")));
        QVERIFY2(r.ok, qPrintable(r.errorClass + QLatin1Char(' ') + r.error));
        // Qt itself sends a request again once when its connection is reset before any reply.
        const bool qtResends = Endpoint::Fault(fault) == Endpoint::Fault::ConnectionReset;
        QCOMPARE(r.attempts, qtResends ? 1 : 2);
        QCOMPARE(m_endpoint->requestCount(), before + 2);
        QCOMPARE(client.usage().failed, 0);
        // Without retries the same fault, repeated, is the call's failure, with its class.
        p.maxRetries = 0;
        LlmClient once(p);
        m_endpoint->script(QList<Endpoint::Step>(4, {Endpoint::Fault(fault), 0}));
        const LlmResult failed = call(once, LlmClient::chat({}, QStringLiteral("capital of Norway")));
        m_endpoint->clearScript();
        QVERIFY(!failed.ok);
        QCOMPARE(failed.errorClass, klass);
        QCOMPARE(failed.attempts, 1);
    }

    void retriesExhaustedRecordTheClass()
    {
        LlmProfile p = profile();
        p.maxRetries = 2;
        LlmClient client(p);
        m_endpoint->script({{Endpoint::Fault::ServerError, 0}, {Endpoint::Fault::ServerError, 0}, {Endpoint::Fault::ServerError, 0}});
        const LlmResult r = call(client, LlmClient::chat({}, QStringLiteral("x")));
        QVERIFY(!r.ok);
        QCOMPARE(r.attempts, 3);
        QCOMPARE(r.errorClass, QStringLiteral("server"));
        QCOMPARE(client.usage().failures.value(QStringLiteral("server")), 1);
    }

    void retryAfterIsHonoured()
    {
        LlmClient client(profile());
        m_endpoint->script({{Endpoint::Fault::RateLimited, 1}});
        QElapsedTimer clock;
        clock.start();
        const LlmResult r = call(client, LlmClient::chat({}, QStringLiteral("capital of Norway")));
        QVERIFY(r.ok);
        QCOMPARE(r.attempts, 2);
        QVERIFY2(clock.elapsed() >= 950, qPrintable(QString::number(clock.elapsed())));
    }

    void noRetryWhereNoneIsAllowed_data()
    {
        QTest::addColumn<int>("fault");
        QTest::addColumn<QString>("klass");
        QTest::addColumn<QString>("message");
        QTest::newRow("401") << int(Endpoint::Fault::Unauthorized) << "auth" << "Incorrect API key provided";
        QTest::newRow("insufficient_quota") << int(Endpoint::Fault::InsufficientQuota) << "insufficient_quota" << "exceeded your current quota";
    }
    void noRetryWhereNoneIsAllowed()
    {
        QFETCH(int, fault);
        QFETCH(QString, klass);
        QFETCH(QString, message);
        LlmClient client(profile());
        m_endpoint->script({{Endpoint::Fault(fault), 0}});
        const int before = m_endpoint->requestCount();
        const LlmResult r = call(client, LlmClient::chat({}, QStringLiteral("x")));
        QVERIFY(!r.ok);
        QCOMPARE(r.attempts, 1);
        QCOMPARE(m_endpoint->requestCount(), before + 1);
        QCOMPARE(r.errorClass, klass);
        QVERIFY2(r.error.contains(message), qPrintable(r.error));
    }

    void cacheHitSendsNothing()
    {
        auto project = Project::create(m_dir.filePath(QStringLiteral("cache%1.assay").arg(++m_serial))).take();
        LlmStore store(project->database());
        LlmClient client(profile(), &store);
        const int before = m_endpoint->requestCount();
        QVERIFY(call(client, LlmClient::chat({}, QStringLiteral("capital of Norway"))).ok);
        const LlmResult again = call(client, LlmClient::chat({}, QStringLiteral("capital of Norway")));
        QVERIFY(again.cached);
        QCOMPARE(again.content(), QStringLiteral("Oslo"));
        QCOMPARE(m_endpoint->requestCount(), before + 1);
        // At temperature > 0 each sample index is its own entry.
        LlmRequest sample = LlmClient::chat({}, QStringLiteral("tell a story"), 0.8);
        QVERIFY(!call(client, sample).cached);
        sample.sampleIndex = 1;
        QVERIFY(!call(client, sample).cached);
        QVERIFY(call(client, sample).cached);
        QCOMPARE(m_endpoint->requestCount(), before + 3);
        QCOMPARE(store.usage().value().cached, qint64(2));
        QCOMPARE(store.usage().value().requests, qint64(5));
    }

    void cachedAnswersArriveFromTheEventLoop()
    {
        // A caller may start waiting after send(): no callback runs inside it, cached or not.
        auto project = Project::create(m_dir.filePath(QStringLiteral("async%1.assay").arg(++m_serial))).take();
        LlmStore store(project->database());
        LlmClient client(profile(), &store);
        QVERIFY(call(client, LlmClient::chat({}, QStringLiteral("capital of Norway"))).ok);
        int delivered = 0;
        for (int i = 0; i < 3; ++i)
            client.send(LlmClient::chat({}, QStringLiteral("capital of Norway")), [&](const LlmResult &r) { delivered += r.cached; });
        QCOMPARE(delivered, 0);
        QCOMPARE(client.pending(), 3);
        QSignalSpy idle(&client, &LlmClient::idle);
        // The one waiting helper returns although every answer is already there.
        QVERIFY(LlmWait::until([&](const LlmWait::Done &done) {
                    client.send(LlmClient::chat({}, QStringLiteral("capital of Norway")), [&, done](const LlmResult &r) {
                        delivered += r.cached;
                        done();
                    });
                })
                    .ok());
        QCOMPARE(delivered, 4);
        QCOMPARE(client.pending(), 0);
        QVERIFY(idle.count() >= 1);
        // A batch served wholly from the cache returns, in request order.
        auto batch = LlmBatchCall::run(client, {LlmClient::chat({}, QStringLiteral("capital of Norway")), LlmClient::chat({}, QStringLiteral("capital of Norway"))});
        QVERIFY(batch.ok());
        QCOMPARE(batch.value().size(), 2);
        QVERIFY(batch.value()[1].cached);
    }

    void silentEndpointTripsTheBreaker()
    {
        // Accepts connections, never answers: once every attempt has failed for the breaker's
        // window (here 0.5 s), every queued request fails at once, instead of 7 attempts × the
        // timeout per request.
        Endpoint silent;
        QVERIFY(silent.start());
        silent.setHangAlways(true);
        LlmProfile p = profile();
        p.baseUrl = silent.baseUrl();
        p.firstByteTimeoutMs = 300;
        p.breakerWindowMs = 500;
        p.timeoutMs = 60000;
        p.concurrency = 2;
        LlmClient client(p);
        int failed = 0;
        QStringList errors;
        QElapsedTimer clock;
        clock.start();
        for (int i = 0; i < 20; ++i)
            client.send(LlmClient::chat({}, QStringLiteral("hello %1").arg(i)), [&](const LlmResult &r) {
                failed += !r.ok;
                errors << r.error;
            });
        QTRY_COMPARE_WITH_TIMEOUT(failed, 20, 10000);
        QVERIFY2(clock.elapsed() < 2000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY(silent.requestCount() <= 4);
        // Never heard from: two silent attempts are enough.
        QVERIFY2(errors.last().contains(QRegularExpression(QStringLiteral("not responding \\([2-4] timeouts in a row over 0\\.[5-9] s"))), qPrintable(errors.last()));
        QVERIFY(errors.contains(QStringLiteral("no first byte within 0.3 s of the request")) || errors.first().contains(QLatin1String("no first byte")));
        // While open, new work fails at once without a request.
        const int sent = silent.requestCount();
        const LlmResult r = call(client, LlmClient::chat({}, QStringLiteral("later")));
        QVERIFY(!r.ok && r.error.contains(QLatin1String("not responding")));
        QCOMPARE(silent.requestCount(), sent);
    }

    void anEndpointThatAnsweredKeepsTheThreshold()
    {
        // One answer, then silence: the profile's three timeouts in a row, not two.
        Endpoint flaky;
        QVERIFY(flaky.start());
        flaky.setHangAlways(true);
        flaky.script({{Endpoint::Fault::None, 0}});
        LlmProfile p = profile();
        p.baseUrl = flaky.baseUrl();
        p.firstByteTimeoutMs = 300;
        p.breakerWindowMs = 500;
        p.concurrency = 1;
        LlmClient client(p);
        QVERIFY(call(client, LlmClient::chat({}, QStringLiteral("capital of Norway"))).ok);
        const LlmResult r = call(client, LlmClient::chat({}, QStringLiteral("and now?")));
        QVERIFY(!r.ok);
        QCOMPARE(r.attempts, 3);
        QVERIFY2(r.error.contains(QLatin1String("not responding (3 timeouts in a row")), qPrintable(r.error));
    }

    void aLoneRequestOnASilentEndpointFailsAfterTwoAttempts()
    {
        Endpoint silent;
        QVERIFY(silent.start());
        silent.setHangAlways(true);
        LlmProfile p = profile();
        p.baseUrl = silent.baseUrl();
        p.firstByteTimeoutMs = 300;
        p.breakerWindowMs = 500;
        LlmClient client(p);
        const LlmResult r = call(client, LlmClient::chat({}, QStringLiteral("anyone?")));
        QVERIFY(!r.ok);
        QCOMPARE(r.attempts, 2);
        QCOMPARE(silent.requestCount(), 2);
        QVERIFY2(r.error.contains(QLatin1String("not responding (2 timeouts in a row")), qPrintable(r.error));
    }

    void slowButAliveEndpointIsNotCut()
    {
        // The first byte after 600 ms is inside a 1 s first-byte limit; an answer resets the count.
        Endpoint slow;
        QVERIFY(slow.start());
        slow.setDefaultLatency(600);
        LlmProfile p = profile();
        p.baseUrl = slow.baseUrl();
        p.firstByteTimeoutMs = 1000;
        p.breakerThreshold = 1;
        LlmClient client(p);
        QVERIFY(call(client, LlmClient::chat({}, QStringLiteral("capital of Norway"))).ok);
        QVERIFY(call(client, LlmClient::chat({}, QStringLiteral("capital of Norway again"))).ok);
    }

    void canonicalKey()
    {
        LlmRequest a, b;
        a.body = nlohmann::json::parse(R"({"model":"m","messages":[{"role":"user","content":"x"}],"temperature":0})");
        b.body = nlohmann::json::parse(R"({"temperature":0,"messages":[{"content":"x","role":"user"}],"model":"m"})");
        QCOMPARE(LlmStore::cacheKey(QStringLiteral("http://h/v1"), a), LlmStore::cacheKey(QStringLiteral("http://h/v1"), b));
        QVERIFY(LlmStore::cacheKey(QStringLiteral("http://h/v1"), a) != LlmStore::cacheKey(QStringLiteral("http://other/v1"), a));
        // The API key is no input at all: two profiles with different keys share cache entries.
        qputenv("ASSAY_TEST_KEY", "sk-different");
        QCOMPARE(LlmStore::cacheKey(profile().baseUrl, a), LlmStore::cacheKey(m_endpoint->baseUrl(), a));
        qputenv("ASSAY_TEST_KEY", secret);
        QCOMPARE(LlmStore::cacheKey(QStringLiteral("http://h/v1"), a).size(), 64);
        // The key is the SHA-256 of the JSON object {base_url, body, path[, sample]} as dumped
        // with sorted keys: projects made before keep their cache entries.
        const auto reference = [](const QString &baseUrl, const LlmRequest &r) {
            nlohmann::json material{{"base_url", baseUrl.toStdString()}, {"path", r.path.toStdString()}, {"body", r.body}};
            if (r.body.value("temperature", 0.0) > 0)
                material["sample"] = r.sampleIndex;
            return QString::fromLatin1(QCryptographicHash::hash(QByteArray::fromStdString(material.dump()), QCryptographicHash::Sha256).toHex());
        };
        LlmRequest sampled;
        // (Built in code: moc misreads raw strings holding escaped quotes.)
        sampled.body = {{"model", "m"}, {"temperature", 0.7}, {"tools", nlohmann::json::array({{{"x", 1}}})},
                        {"messages", nlohmann::json::array({{{"role", "user"}, {"content", "Z\u00fcrich \"quoted\" \u0007"}}})}};
        sampled.sampleIndex = 3;
        sampled.path = QStringLiteral("/chat/completions");
        for (const LlmRequest &r : {a, b, sampled})
            for (const QString &url : {QStringLiteral("http://h/v1"), QStringLiteral("http://h") + QChar(0x22) + QStringLiteral("q/v1") + QChar(0xe9)})
                QCOMPARE(LlmStore::cacheKey(url, r), reference(url, r));
        sampled.sampleIndex = 4;
        QVERIFY(LlmStore::cacheKey(QStringLiteral("http://h/v1"), sampled) != reference(QStringLiteral("http://h/v1"), [&] { LlmRequest x = sampled; x.sampleIndex = 3; return x; }()));
    }

    void concurrencyNeverExceedsTheLimit()
    {
        LlmProfile p = profile();
        p.concurrency = 3;
        LlmClient client(p);
        m_endpoint->setDefaultLatency(40);
        int done = 0;
        for (int i = 0; i < 12; ++i)
            client.send(LlmClient::chat({}, QStringLiteral("n %1").arg(i)), [&](const LlmResult &r) { done += r.ok; });
        QCOMPARE(client.inFlight(), 3);
        QTRY_COMPARE_WITH_TIMEOUT(done, 12, 10000);
        m_endpoint->setDefaultLatency(0);
        QCOMPARE(client.maxInFlightSeen(), 3);
    }

    void rateLimitIsRespected()
    {
        LlmProfile p = profile();
        p.requestsPerMinute = 600; // one start every 100 ms
        LlmClient client(p);
        int done = 0;
        QElapsedTimer clock;
        clock.start();
        for (int i = 0; i < 6; ++i)
            client.send(LlmClient::chat({}, QStringLiteral("r %1").arg(i)), [&](const LlmResult &) { ++done; });
        QTRY_COMPARE_WITH_TIMEOUT(done, 6, 10000);
        QVERIFY2(clock.elapsed() >= 490, qPrintable(QString::number(clock.elapsed())));
    }

    void tokenRateLimitIsRespected()
    {
        LlmProfile p = profile();
        // Each request is estimated at max_tokens (6000) plus its prompt (~30 tokens):
        // at 3.6M tokens/min that is one start every ~100 ms.
        p.tokensPerMinute = 3600000;
        LlmClient client(p);
        int done = 0;
        QElapsedTimer clock;
        clock.start();
        for (int i = 0; i < 6; ++i)
            client.send(LlmClient::chat({}, QStringLiteral("t %1").arg(i), 0, 6000), [&](const LlmResult &) { ++done; });
        QTRY_COMPARE_WITH_TIMEOUT(done, 6, 10000);
        QVERIFY2(clock.elapsed() >= 490, qPrintable(QString::number(clock.elapsed())));
    }

    void usagePerRunAndProfile()
    {
        auto project = Project::create(m_dir.filePath(QStringLiteral("usage.assay"))).take();
        LlmStore store(project->database());
        LlmClient client(profile(), &store);
        LlmRequest a = LlmClient::chat({}, QStringLiteral("run a")), b = LlmClient::chat({}, QStringLiteral("run b"));
        a.tag = QStringLiteral("run-1");
        b.tag = QStringLiteral("run-2");
        QVERIFY(call(client, a).ok);
        QVERIFY(call(client, b).ok);
        m_endpoint->script({{Endpoint::Fault::Unauthorized, 0}});
        LlmRequest c = LlmClient::chat({}, QStringLiteral("run b again"));
        c.tag = QStringLiteral("run-2");
        QVERIFY(!call(client, c).ok);
        QCOMPARE(store.usage(QStringLiteral("run-1")).value().requests, qint64(1));
        QCOMPARE(store.usage(QStringLiteral("run-2")).value().requests, qint64(2));
        QCOMPARE(store.usage(QStringLiteral("run-2")).value().failures.value(QStringLiteral("auth")), 1);
        QCOMPARE(store.usageOfProfile(QStringLiteral("local")).value().requests, qint64(3));
        QCOMPARE(store.usageOfProfile(QStringLiteral("other")).value().requests, qint64(0));
        QCOMPARE(client.usage(QStringLiteral("run-2")).failed, qint64(1));
    }

    // A reply without "usage" (issue 48: a third-party server sent none) is not 0 tokens: the
    // call counts as unreported, in the client, the ledger and the summary line.
    void replyWithoutUsageIsUnknownNotZero()
    {
        auto project = Project::create(m_dir.filePath(QStringLiteral("nousage.assay"))).take();
        LlmStore store(project->database());
        LlmClient client(profile(), &store);
        LlmRequest with = LlmClient::chat({}, QStringLiteral("counted reply"));
        with.tag = QStringLiteral("u");
        const LlmResult counted = call(client, with);
        QVERIFY(counted.ok && counted.usageReported && counted.promptTokens > 0);
        m_endpoint->setOmitUsage(true);
        LlmRequest without = LlmClient::chat({}, QStringLiteral("uncounted reply"));
        without.tag = QStringLiteral("u");
        const LlmResult bare = call(client, without);
        m_endpoint->setOmitUsage(false);
        QVERIFY(bare.ok);
        QVERIFY(!bare.usageReported);
        QCOMPARE(client.usage(QStringLiteral("u")).unreported, qint64(1));
        QCOMPARE(store.usage(QStringLiteral("u")).value().unreported, qint64(1));
        QCOMPARE(store.usage(QStringLiteral("u")).value().requests, qint64(2));
        QVERIFY2(store.usage(QStringLiteral("u")).value().summary().contains(QStringLiteral("(at least: 1 replies reported no token usage)")),
                 qPrintable(store.usage(QStringLiteral("u")).value().summary()));
        // A cached answer costs nothing and is not counted as unreported again.
        QVERIFY(call(client, without).cached);
        QCOMPARE(store.usage(QStringLiteral("u")).value().unreported, qint64(1));
        QVERIFY(!LlmUsage{}.summary().contains(QStringLiteral("at least")));
    }

    void keychainWithoutAKeyFailsClearly()
    {
        LlmProfile p = profile();
        p.name = QStringLiteral("no-such-keychain-entry");
        p.keyInKeychain = true;
        LlmClient client(p);
        const int before = m_endpoint->requestCount();
        QElapsedTimer clock;
        clock.start();
        const LlmResult r = call(client, LlmClient::chat({}, QStringLiteral("x")));
        QVERIFY(!r.ok);
        QCOMPARE(r.errorClass, QStringLiteral("auth"));
        QVERIFY2(r.error.startsWith(QLatin1String("keychain:")), qPrintable(r.error));
        QCOMPARE(m_endpoint->requestCount(), before); // nothing was sent without a key
        QVERIFY(clock.elapsed() < 15000);
    }

    void costArithmetic()
    {
        LlmProfile p = profile();
        p.pricePerMillionInput = 2.5;
        p.pricePerMillionOutput = 10;
        QCOMPARE(p.cost(1000000, 0), 2.5);
        QCOMPARE(p.cost(2000, 500), 2000 * 2.5e-6 + 500 * 10e-6);
        LlmClient client(p);
        const LlmResult r = call(client, LlmClient::chat({}, QStringLiteral("capital of Norway")));
        QCOMPARE(r.cost, p.cost(r.promptTokens, r.completionTokens));
        QCOMPARE(client.usage().cost, r.cost);
    }

    void jsonExtraction()
    {
        QCOMPARE(JsonExtractor::extract(QStringLiteral("Sure!\n```json\n{\"a\": 1}\n```\nDone.")).value()["a"].get<int>(), 1);
        QCOMPARE(JsonExtractor::extract(QStringLiteral("Here: {\"s\": \"a } b\", \"n\": [1, 2]} and more")).value()["n"].size(), size_t(2));
        QCOMPARE(JsonExtractor::extract(QStringLiteral("[\"x\", \"y\"]")).value().size(), size_t(2));
        QVERIFY(!JsonExtractor::extract(QStringLiteral("no json here {broken")).ok());
    }

    void batchRoundTrip()
    {
        auto project = Project::create(m_dir.filePath(QStringLiteral("batch.assay"))).take();
        LlmStore store(project->database());
        const LlmProfile p = profile();
        const QString requests = m_dir.filePath(QStringLiteral("requests.jsonl")), results = m_dir.filePath(QStringLiteral("results.jsonl"));
        QVERIFY(LlmBatch::writeRequests(requests, {{QStringLiteral("q1"), LlmClient::chat({}, QStringLiteral("first"))},
                                                   {QStringLiteral("q2"), LlmClient::chat({}, QStringLiteral("second"))}}, p).ok());
        QFile req(requests);
        QVERIFY(req.open(QIODevice::ReadOnly));
        const auto line = nlohmann::json::parse(req.readLine().toStdString());
        QCOMPARE(line["method"].get<std::string>(), std::string("POST"));
        QCOMPARE(line["url"].get<std::string>(), std::string("/v1/chat/completions"));
        // The provider's output for q1 succeeded, q2 failed.
        QFile out(results);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(R"({"custom_id":"q2","response":{"status_code":500,"body":{}},"error":null})" "\n");
        out.write(R"({"custom_id":"q1","response":{"status_code":200,"body":{"choices":[{"message":{"role":"assistant","content":"from batch"}}],"usage":{"prompt_tokens":3,"completion_tokens":2}}},"error":null})" "\n");
        out.close();
        QCOMPARE(LlmBatch::ingestResults(requests, results, store, p).value(), 1);
        LlmClient client(p, &store);
        const int before = m_endpoint->requestCount();
        const LlmResult r = call(client, LlmClient::chat({}, QStringLiteral("first")));
        QVERIFY(r.cached);
        QCOMPARE(r.content(), QStringLiteral("from batch"));
        QCOMPARE(m_endpoint->requestCount(), before);
        // A results file naming an unknown request is refused with its line.
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(R"({"custom_id":"zz","response":{"status_code":200,"body":{}}})" "\n");
        out.close();
        QVERIFY(LlmBatch::ingestResults(requests, results, store, p).error().contains(QLatin1String("results.jsonl:1: custom_id 'zz'")));
    }

    void apiKeyNeverReachesProjectOrLog()
    {
        const QString path = m_dir.filePath(QStringLiteral("secret.assay"));
        {
            auto project = Project::create(path).take();
            LlmStore store(project->database());
            LlmClient client(profile(), &store);
            QVERIFY(call(client, LlmClient::chat({}, QStringLiteral("capital of Norway"))).ok);
            // A 401 whose body repeats the Authorization header: scrubbed before it is stored.
            m_endpoint->script({{Endpoint::Fault::EchoAuthorization, 0}});
            const LlmResult denied = call(client, LlmClient::chat({}, QStringLiteral("denied")));
            QVERIFY(!denied.ok && denied.stopsWork);
            QVERIFY2(denied.error.contains(QLatin1String("Bearer [redacted]")), qPrintable(denied.error));
        }
        for (const QString &file : {path, path + QStringLiteral("-wal")}) {
            QFile f(file);
            if (f.open(QIODevice::ReadOnly))
                QVERIFY2(!f.readAll().contains("SECRET"), qPrintable(file));
        }
        for (const LogEntry &e : MessageLog::instance().entries())
            QVERIFY2(!e.message.contains(QLatin1String("SECRET")), qPrintable(e.message));
        QCOMPARE(LlmProfile::maskedKey(QString::fromLatin1(secret)), QStringLiteral("sk-…6789"));
    }

    void profilesValidateAndPersist()
    {
        LlmProfile p = profile();
        p.baseUrl = QStringLiteral("http://127.0.0.1:8000");
        QVERIFY(p.validate().error().contains(QLatin1String("must end in /v1")));
        p.baseUrl = QStringLiteral("http://127.0.0.1:8000/v1/");
        QVERIFY(p.validate().ok());
        p.name = QStringLiteral("team");
        p.concurrency = 16;
        QVERIFY(LlmProfileStore::save(p).ok());
        const auto found = LlmProfileStore::find(QStringLiteral("team"));
        QVERIFY(found.ok());
        QCOMPARE(found.value().concurrency, 16);
        QVERIFY(LlmProfileStore::remove(QStringLiteral("team")).ok());
        QVERIFY(!LlmProfileStore::find(QStringLiteral("team")).ok());
    }
};

ASSAY_TEST_GUILESS_MAIN(TestLlmClient)

} // namespace tst_llmclient
#include "tst_llmclient.moc"
