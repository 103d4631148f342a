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
// the whole exchange. The circuit breaker opens on sustained failure only: every attempt
// failing (timeouts, connection failures, 5xx, unreadable replies) for the profile's window
// (20 s); queued work then fails, requests in flight may still answer, and after the window
// single probes test the endpoint (half-open) until one answers. 401/403, insufficient_quota
// and nothing but 429 for a minute stop the client for good. Everything the server sends back
// is scrubbed of the key (docs/llm-faults.md). 408 and 409 are retried; any other 4xx fails at
// once. A 200 without an answer is a "malformed" failure; a reply over the profile's size
// limit is "too_large".
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
    // Every attempt's outcome, for the breaker and the stops.
    void noteOutcome(const LlmResult &r, qint64 attemptStartMs, bool retryAfterGiven);
    void openBreaker();
    void closeBreaker();
    // The client cannot serve any more work (auth refused, quota, a rate limit that does not lift).
    void stop(const LlmResult &cause, const QString &message);
    // Queued and sleeping calls fail with `message`.
    void failWaiting(const QString &message, bool stopsWork);
    // A failed call's warning, once per distinct message (an empty path flushes the count).
    void logFailure(const QString &path, const LlmResult &result);
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
    bool m_heardFrom = false; // the endpoint has answered (any HTTP status) since this client started
    enum class Breaker { Closed, Open, HalfOpen };
    Breaker m_breaker = Breaker::Closed;
    qint64 m_streakStartMs = -1;     // since when every attempt has failed (-1: the last one did not)
    int m_streakFailures = 0;
    qint64 m_lastAnswerMs = 0;
    qint64 m_rateStreakStartMs = -1; // since when nothing but 429 without Retry-After came back
    LlmResult m_lastFailure;
    std::shared_ptr<Call> m_probe; // the half-open probe in flight
    int m_breakerCount = 0;
    qint64 m_breakerSpanMs = 0;
    qint64 m_breakerOpenUntilMs = -1;
    LlmResult m_breakerResult;
    QString m_stopMessage; // set once the client has stopped for good
    LlmResult m_lastStopResult;
    QByteArray m_keyBytes; // what the scrubber removes
    QString m_lastLogged;
    int m_repeatsNotLogged = 0;
    LlmUsage m_usage;
    QMap<QString, LlmUsage> m_byTag;
    std::mt19937 m_random{20261122u};
    bool m_keyPending = false; // a keychain read is under way; calls wait in the queue
    QString m_keyError;
};

} // namespace assay
