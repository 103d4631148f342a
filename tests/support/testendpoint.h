#pragma once
// A small OpenAI-compatible HTTP/1.1 server on 127.0.0.1 for tests: chat completions,
// completions (echo + logprobs) and embeddings in the real wire format, deterministic
// replies from a fixture table, and scripted faults for the next requests (latency, 429 with
// Retry-After, insufficient_quota, 401, 500, hang, malformed JSON, truncated body, connection
// reset), or a random mix of faults drawn per request from a seed.
#include <QHash>
#include <QMutex>
#include <QObject>
#include <QQueue>
#include <QTcpServer>

#include <nlohmann/json.hpp>

#include <QSet>

#include <atomic>
#include <random>

namespace assay::test {

class TestEndpoint : public QObject {
    Q_OBJECT
public:
    // EchoAuthorization: 401 whose body repeats the request's Authorization header (as some
    // proxies do); NoChoices: 200 without "choices"; HugeReply: 200 with an answer of `value` kB;
    // ServiceUnavailable: 503 with an HTML page.
    enum class Fault { None, Latency, RateLimited, InsufficientQuota, Unauthorized, ServerError, Hang, MalformedJson, TruncatedBody, ConnectionReset,
                       EchoAuthorization, NoChoices, HugeReply, ServiceUnavailable };
    struct Step {
        Fault fault = Fault::None;
        int value = 0; // Latency: ms; RateLimited: Retry-After seconds (0: none); HugeReply: kB
    };

    explicit TestEndpoint(QObject *parent = nullptr);
    bool start(quint16 port = 0);
    quint16 port() const { return m_server.serverPort(); }
    QString baseUrl() const { return QStringLiteral("http://127.0.0.1:%1/v1").arg(port()); }

    // Reply `content` when the last user message contains `needle`.
    void addFixture(const QString &needle, const QString &content);

    // A scripted agent: one reply per turn of a conversation whose first user message
    // contains the script's needle (an empty needle: any conversation no other script takes).
    // The turn is the number of assistant messages already in the request, so the script is
    // deterministic however many conversations run at once. A turn with `when` applies only
    // if the messages after the last assistant one contain it (e.g. DFSDT's note on failed
    // attempts); the first turn that applies answers. A turn replies text (`content`, ReAct
    // and PAL) or one tool call (`tool` with JSON `arguments`, function calling).
    struct AgentTurn {
        int turn = 0;
        QString content;
        QString tool;
        QString arguments = QStringLiteral("{}");
        QString when;
    };
    void addAgentScript(const QString &needle, const QList<AgentTurn> &turns);
    // Scripts from JSON: {"needle": [{"turn": 0, "content"|"tool"+"arguments", "when"}, ...]}.
    bool loadAgentScripts(const QByteArray &json, QString *error);
    // Faults applied to the next requests, one step per request, in order.
    void script(const QList<Step> &steps);
    void clearScript();
    void setDefaultLatency(int ms) { m_latency = ms; }
    // false: chat completions carry no logprobs even when asked (as many servers do).
    void setLogprobs(bool on) { m_logprobs = on; }
    // Fractions of requests (after the script) that get each fault, drawn independently per
    // request from `seed`; a rate-limited reply carries Retry-After.
    struct FaultMix {
        double rateLimited = 0, server = 0, hang = 0, truncated = 0, invalidJson = 0, reset = 0;
        int retryAfterSeconds = 1;
    };
    void setFaultMix(const FaultMix &mix, quint32 seed);
    // Parses "rate_limited=5,server=2,hang=1,truncated=1,invalid_json=1,reset=1" (percent).
    static bool parseFaultMix(const QString &spec, FaultMix *mix);
    // Every request is accepted and never answered (a silent endpoint).
    void setHangAlways(bool on) { m_hangAlways = on; }
    // Chat replies without "usage" (some OpenAI-compatible servers send none).
    void setOmitUsage(bool on) { m_omitUsage = on; }
    int requestCount() const { return m_requests.load(); }
    int maxConcurrent() const { return m_maxConcurrent.load(); }
    // Successful answers to a request body that had been answered successfully before: what a
    // client pays twice (e.g. after it was killed before storing the first answer).
    int paidTwice() const { return m_paidTwice.load(); }
    QByteArray lastAuthorization() const;
    QByteArray lastBody() const;
    QList<QByteArray> bodies() const; // every request body received, in order

private:
    void serve(QTcpSocket *socket);
    void respond(QTcpSocket *socket, const QByteArray &method, const QByteArray &path, const QByteArray &body);
    QByteArray reply(const QByteArray &path, const QByteArray &body, int *status) const;
    void send(QTcpSocket *socket, int status, const QByteArray &body, const QByteArray &extraHeaders = {}, bool truncate = false);

    QTcpServer m_server;
    QHash<QString, QString> m_fixtures;
    QList<QPair<QString, QList<AgentTurn>>> m_agents;
    // The scripted reply to a chat request, if a script takes it.
    bool agentReply(const nlohmann::json &request, nlohmann::json *message) const;
    QQueue<Step> m_script;
    int m_latency = 0;
    std::atomic_bool m_logprobs{true};
    bool m_hangAlways = false;
    std::atomic_bool m_omitUsage{false};
    bool m_mixOn = false;
    FaultMix m_mix;
    std::mt19937 m_random;
    QSet<QByteArray> m_answered;
    std::atomic_int m_paidTwice{0};
    std::atomic_int m_requests{0};
    std::atomic_int m_open{0};
    std::atomic_int m_maxConcurrent{0};
    mutable QMutex m_mutex;
    QByteArray m_lastAuthorization;
    QByteArray m_lastBody;
    QList<QByteArray> m_bodies;
};

} // namespace assay::test
