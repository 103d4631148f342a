#pragma once
// A small OpenAI-compatible HTTP/1.1 server on 127.0.0.1 for tests: chat completions,
// completions (echo + logprobs) and embeddings in the real wire format, deterministic
// replies from a fixture table, and scripted faults for the next requests (latency, 429 with
// Retry-After, insufficient_quota, 401, 500, hang, malformed JSON, truncated body).
#include <QHash>
#include <QMutex>
#include <QObject>
#include <QQueue>
#include <QTcpServer>

#include <atomic>

namespace assay::test {

class TestEndpoint : public QObject {
    Q_OBJECT
public:
    enum class Fault { None, Latency, RateLimited, InsufficientQuota, Unauthorized, ServerError, Hang, MalformedJson, TruncatedBody };
    struct Step {
        Fault fault = Fault::None;
        int value = 0; // Latency: ms; RateLimited: Retry-After seconds (0: none)
    };

    explicit TestEndpoint(QObject *parent = nullptr);
    bool start(quint16 port = 0);
    quint16 port() const { return m_server.serverPort(); }
    QString baseUrl() const { return QStringLiteral("http://127.0.0.1:%1/v1").arg(port()); }

    // Reply `content` when the last user message contains `needle`.
    void addFixture(const QString &needle, const QString &content);
    // Faults applied to the next requests, one step per request, in order.
    void script(const QList<Step> &steps);
    void setDefaultLatency(int ms) { m_latency = ms; }
    // Every request is accepted and never answered (a silent endpoint).
    void setHangAlways(bool on) { m_hangAlways = on; }
    int requestCount() const { return m_requests.load(); }
    int maxConcurrent() const { return m_maxConcurrent.load(); }
    QByteArray lastAuthorization() const;
    QByteArray lastBody() const;

private:
    void serve(QTcpSocket *socket);
    void respond(QTcpSocket *socket, const QByteArray &method, const QByteArray &path, const QByteArray &body);
    QByteArray reply(const QByteArray &path, const QByteArray &body, int *status) const;
    void send(QTcpSocket *socket, int status, const QByteArray &body, const QByteArray &extraHeaders = {}, bool truncate = false);

    QTcpServer m_server;
    QHash<QString, QString> m_fixtures;
    QQueue<Step> m_script;
    int m_latency = 0;
    bool m_hangAlways = false;
    std::atomic_int m_requests{0};
    std::atomic_int m_open{0};
    std::atomic_int m_maxConcurrent{0};
    mutable QMutex m_mutex;
    QByteArray m_lastAuthorization;
    QByteArray m_lastBody;
};

} // namespace assay::test
