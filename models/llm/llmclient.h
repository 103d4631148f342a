#pragma once
// The one client every LLM-backed feature uses. Fully asynchronous (Qt Network on the
// caller's event loop): requests queue, at most `concurrency` are in flight, starts are paced
// to the profile's requests/min and tokens/min, and each finishes through its callback.
// 429 / 5xx / timeouts / connection resets retry with exponential backoff and jitter,
// honouring Retry-After; 400/401/403/404 and insufficient_quota fail at once with the
// server's message. With a store, answers come from the cache first and every finished call
// is recorded. Every callback runs from the event loop, never inside send(): a cached answer
// is delivered like a network one, so a caller may start waiting after sending.
// Three clocks guard an attempt: connecting, the first byte after the request went out, and
// the whole exchange. A circuit breaker fails the profile's work at once after N failures in a
// row with no good answer between them: timeouts, connection failures, 5xx replies and
// unreadable replies. 408 and 409 are retried; any other 4xx fails at once.
#include "llm/llmprofile.h"
#include "llm/llmrequest.h"
#include "llm/llmusage.h"

#include <QElapsedTimer>
#include <QMap>
#include <QNetworkAccessManager>
#include <QObject>
#include <QQueue>
#include <QTimer>

#include <functional>
#include <memory>
#include <random>

class QNetworkReply;

namespace assay {

class LlmStore;

class LlmClient : public QObject {
    Q_OBJECT
public:
    using Callback = std::function<void(const LlmResult &)>;

    explicit LlmClient(LlmProfile profile, LlmStore *store = nullptr, QObject *parent = nullptr);
    ~LlmClient() override;

    const LlmProfile &profile() const { return m_profile; }
    void send(LlmRequest request, Callback done);
    // Convenience: a chat request from a system and a user message.
    static LlmRequest chat(const QString &system, const QString &user, double temperature = 0, int maxTokens = 512);

    LlmUsage usage() const { return m_usage; }
    LlmUsage usage(const QString &tag) const { return m_byTag.value(tag); }
    int inFlight() const { return m_inFlight; }
    int maxInFlightSeen() const { return m_maxInFlight; }
    int pending() const { return int(m_queue.size()) + m_inFlight + int(m_sleeping.size()) + m_delivering; }
    // The breaker's message while it is open, else empty.
    QString breakerError() const;

signals:
    void usageChanged();
    void idle();

private:
    struct Call;
    void pump();
    void start(const std::shared_ptr<Call> &call);
    void onFinished(const std::shared_ptr<Call> &call, QNetworkReply *reply);
    void finish(const std::shared_ptr<Call> &call, LlmResult result);
    // finish() from the event loop, never from inside the caller's send().
    void finishLater(const std::shared_ptr<Call> &call, LlmResult result);
    void retryLater(const std::shared_ptr<Call> &call, qint64 delayMs);
    // An attempt that failed (silent: no answer at all; else a 5xx or unreadable reply):
    // counts towards the breaker.
    void noteFailure(const LlmResult &r, bool silent);
    void tripBreaker(const LlmResult &last);
    qint64 estimatedTokens(const LlmRequest &request) const;

    LlmProfile m_profile;
    LlmStore *m_store;
    QByteArray m_authorization;
    QNetworkAccessManager m_network;
    QQueue<std::shared_ptr<Call>> m_queue;
    QTimer m_pumpTimer;
    QElapsedTimer m_clock;
    qint64 m_nextStartMs = 0;
    int m_inFlight = 0;
    QList<std::shared_ptr<Call>> m_sleeping; // retries waiting out their backoff
    QMap<QNetworkReply *, std::shared_ptr<Call>> m_replies;
    int m_delivering = 0;
    int m_maxInFlight = 0;
    int m_failingInARow = 0;
    bool m_heardFrom = false; // the endpoint has answered (any HTTP status) since this client started
    int m_breakerCount = 0;
    qint64 m_breakerOpenUntilMs = -1;
    LlmResult m_breakerResult;
    LlmUsage m_usage;
    QMap<QString, LlmUsage> m_byTag;
    std::mt19937 m_random{20261122u};
    bool m_keyPending = false; // a keychain read is under way; calls wait in the queue
    QString m_keyError;
};

} // namespace assay
