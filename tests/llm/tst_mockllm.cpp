// The LLM client's fault rules against a third-party OpenAI-compatible server: mock-llm
// (@dwmkerr/mock-llm, pinned in packaging/install-deps.sh), configured per case with response
// rules (status codes, bodies, request sequences, the request's own headers echoed back). The
// suite fails, never skips, when mock-llm is missing. What mock-llm cannot play (hangs, resets,
// huge or truncated bodies) is in tst_llmfaults against the project's own endpoint.
#include "testmain.h"
#include "testllm.h"
#include "llm/llmclient.h"
#include "llm/llmstore.h"
#include "project/project.h"
#include "testsettings.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QtTest>

namespace tst_mockllm {

using namespace assay;

namespace {

const char *secret = "sk-mock-SECRET-4242424242";

// Echoes the last user message; no "usage", as mock-llm's own default rule.
const char *echoRule = R"(  - path: "/v1/chat/completions"
    method: "POST"
    match: "@"
    response:
      status: 200
      content: |
        {"id": "chatcmpl-1", "object": "chat.completion", "choices": [{"message": {"role": "assistant", "content": "{{jmes request body.messages[-1].content}}"}, "finish_reason": "stop"}]}
)";

// mock-llm on a free loopback port with the given rules (later rules win).
class MockLlm {
public:
    MockLlm(const QString &dir, const QByteArray &rules)
    {
        const QString program = QStandardPaths::findExecutable(QStringLiteral("mock-llm"));
        if (program.isEmpty()) {
            m_error = QStringLiteral("mock-llm is missing: packaging/install-deps.sh installs @dwmkerr/mock-llm from the npm registry");
            return;
        }
        QTcpServer probe;
        probe.listen(QHostAddress::LocalHost, 0);
        m_port = probe.serverPort();
        probe.close();
        const QString config = QStringLiteral("%1/mock-llm-%2.yaml").arg(dir).arg(m_port);
        QFile f(config);
        if (!f.open(QIODevice::WriteOnly) || f.write(QByteArray("rules:\n") + echoRule + rules) < 0) {
            m_error = f.errorString();
            return;
        }
        f.close();
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOST"), QStringLiteral("127.0.0.1"));
        env.insert(QStringLiteral("PORT"), QString::number(m_port));
        m_process.setProcessEnvironment(env);
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        m_process.start(program, {QStringLiteral("--config"), config});
        QElapsedTimer clock;
        clock.start();
        while (!m_output.contains("server running") && clock.elapsed() < 20000 && m_process.state() != QProcess::NotRunning) {
            m_process.waitForReadyRead(200);
            m_output += m_process.readAll();
        }
        if (!m_output.contains("server running"))
            m_error = QStringLiteral("mock-llm did not start: %1").arg(QString::fromUtf8(m_output.right(500)));
    }
    ~MockLlm()
    {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    QString error() const { return m_error; }
    QString baseUrl() const { return QStringLiteral("http://127.0.0.1:%1/v1").arg(m_port); }

private:
    QProcess m_process;
    QByteArray m_output;
    QString m_error;
    quint16 m_port = 0;
};

QByteArray sequenceRule(int index, int status, const char *body)
{
    return QByteArrayLiteral("  - path: \"/v1/chat/completions\"\n    method: \"POST\"\n    sequence: ") + QByteArray::number(index)
           + "\n    response:\n      status: " + QByteArray::number(status) + "\n      content: '" + body + "'\n";
}

QByteArray matchRule(const char *needle, int status, const char *body)
{
    return QByteArrayLiteral("  - path: \"/v1/chat/completions\"\n    method: \"POST\"\n    match: \"contains(body.messages[-1].content, '") + needle
           + "')\"\n    response:\n      status: " + QByteArray::number(status) + "\n      content: |\n        " + body + "\n";
}

} // namespace

class TestMockLlm : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    static LlmProfile profileFor(const MockLlm &server)
    {
        LlmProfile p;
        p.name = QStringLiteral("mock");
        p.baseUrl = server.baseUrl();
        p.model = QStringLiteral("gpt-mock");
        p.keyEnv = QStringLiteral("ASSAY_MOCK_KEY");
        p.retryBaseMs = 50;
        p.timeoutMs = 5000;
        return p;
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        qputenv("ASSAY_MOCK_KEY", secret);
    }

    void threeServiceUnavailableThenHealthy()
    {
        // The issue's case: three 503s, then a healthy endpoint. 300 requests, five rounds of
        // five: no item fails, every answer is the server's.
        for (int round = 0; round < 5; ++round) {
            const char *busy = R"({"error": {"message": "The engine is currently overloaded", "type": "server_error"}})";
            MockLlm server(m_dir.path(), sequenceRule(0, 503, busy) + sequenceRule(1, 503, busy) + sequenceRule(2, 503, busy));
            QVERIFY2(server.error().isEmpty(), qPrintable(server.error()));
            LlmClient client(profileFor(server));
            const auto results = test::sendMany(client, 300, QStringLiteral("round %1 question").arg(round), 60000);
            QCOMPARE(test::failedOf(results), 0);
            QCOMPARE(results[17].content(), QStringLiteral("round %1 question 17").arg(round));
        }
    }

    void anOutageOpensTheBreakerAndNothingIsAnAnswer()
    {
        MockLlm server(m_dir.path(), matchRule("@", 500, R"({"error": {"message": "internal error", "type": "server_error"}})").replace("contains(body.messages[-1].content, '@')", "@"));
        QVERIFY2(server.error().isEmpty(), qPrintable(server.error()));
        LlmProfile p = profileFor(server);
        p.breakerWindowMs = 600;
        LlmClient client(p);
        QElapsedTimer clock;
        clock.start();
        const auto results = test::sendMany(client, 40, QStringLiteral("outage"));
        QCOMPARE(test::failedOf(results), 40);
        QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY2(results.last().error.contains(QLatin1String("answered HTTP 500 to")), qPrintable(results.last().error));
        for (const LlmResult &r : results)
            QVERIFY(r.content().isEmpty());
    }

    void aRefusedKeyIsScrubbedAndStops()
    {
        // mock-llm echoes the request's Authorization header in its 401 body.
        MockLlm server(m_dir.path(), matchRule("denied", 401,
                                               R"({"error": {"message": "Incorrect API key provided: {{jmes request headers.authorization}}", "type": "invalid_request_error", "code": "invalid_api_key"}})"));
        QVERIFY2(server.error().isEmpty(), qPrintable(server.error()));
        const QString path = m_dir.filePath(QStringLiteral("mock-auth.assay"));
        LlmProfile p = profileFor(server);
        p.concurrency = 1;
        {
            auto project = Project::create(path).take();
            LlmStore store(project->database());
            LlmClient client(p, &store);
            const auto results = test::sendMany(client, 20, QStringLiteral("denied"));
            QCOMPARE(test::failedOf(results), 20);
            QVERIFY(results.first().stopsWork);
            QVERIFY2(results.first().error.contains(QLatin1String("Incorrect API key provided: Bearer [redacted]")), qPrintable(results.first().error));
            QVERIFY2(results.first().error.contains(QLatin1String("environment variable ASSAY_MOCK_KEY")), qPrintable(results.first().error));
        }
        for (const QString &file : {path, path + QStringLiteral("-wal")}) {
            QFile f(file);
            if (f.open(QIODevice::ReadOnly))
                QVERIFY2(!f.readAll().contains(secret), qPrintable(file));
        }
    }

    void aReplyWithoutChoicesIsAnError()
    {
        MockLlm server(m_dir.path(), matchRule("empty", 200, R"({"id": "chatcmpl-2", "object": "chat.completion", "model": "gpt-mock"})"));
        QVERIFY2(server.error().isEmpty(), qPrintable(server.error()));
        LlmClient client(profileFor(server));
        const LlmResult r = test::sendMany(client, 1, QStringLiteral("empty")).first();
        QVERIFY(!r.ok);
        QCOMPARE(r.errorClass, QStringLiteral("malformed"));
        QVERIFY2(r.error.startsWith(QLatin1String("malformed reply: no choices")), qPrintable(r.error));
    }

    void rateLimitedWithoutRetryAfterStops()
    {
        MockLlm server(m_dir.path(), matchRule("busy", 429, R"({"error": {"message": "Rate limit reached", "type": "requests", "code": "rate_limit_exceeded"}})"));
        QVERIFY2(server.error().isEmpty(), qPrintable(server.error()));
        LlmProfile p = profileFor(server);
        p.rateLimitStopMs = 800;
        p.concurrency = 4;
        LlmClient client(p);
        const auto results = test::sendMany(client, 12, QStringLiteral("busy"));
        QCOMPARE(test::failedOf(results), 12);
        QVERIFY(results.last().stopsWork);
        QVERIFY2(results.last().error.contains(QLatin1String("(--concurrency, now 4)")), qPrintable(results.last().error));
    }

    void repliesWithoutUsageAreUnknownNotFree()
    {
        MockLlm server(m_dir.path(), QByteArray());
        QVERIFY2(server.error().isEmpty(), qPrintable(server.error()));
        LlmProfile p = profileFor(server);
        p.pricePerMillionInput = 5;
        p.pricePerMillionOutput = 15;
        LlmClient client(p);
        const auto results = test::sendMany(client, 3, QStringLiteral("free?"));
        QCOMPARE(test::failedOf(results), 0);
        for (const LlmResult &r : results)
            QVERIFY(!r.usageReported);
        QCOMPARE(client.usage().unreported, qint64(3));
        QVERIFY(client.usage().summary().contains(QLatin1String("3 replies reported no token usage")));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestMockLlm)

} // namespace tst_mockllm
#include "tst_mockllm.moc"
