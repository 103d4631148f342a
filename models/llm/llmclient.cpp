#include "llm/llmclient.h"

#include "llm/llmactivity.h"
#include "llm/llmkeychain.h"
#include "llm/llmreplyclassifier.h"
#include "llm/llmstore.h"
#include "llm/secretscrubber.h"

#include <QNetworkReply>
#include <QPointer>
#include <QNetworkRequest>
#include <QUrl>

#include <utility>

namespace assay {

namespace {
// How long every attempt must have failed before backing-off calls hold their places.
constexpr qint64 StrugglingAfterMs = 1000;
} // namespace

struct LlmClient::Call {
    enum class Clock { None, Connect, FirstByte, Total };
    LlmRequest request;
    Callback done;
    QString key;
    QByteArray payload;
    int attempts = 0;
    qint64 attemptStartMs = 0; // on the client's clock
    qint64 tooLarge = 0;       // bytes seen when the reply outgrew the profile's limit
    bool holdsPlace = false;   // backing off from a failure (not a Retry-After): counts against the concurrency while the endpoint struggles
    QElapsedTimer clock;
    Clock timedOut = Clock::None;
};

LlmClient::LlmClient(LlmProfile profile, LlmStore *store, QObject *parent)
    : QObject(parent), m_profile(std::move(profile)), m_store(store)
{
    if (const QString key = m_profile.apiKey(); !key.isEmpty()) {
        m_authorization = "Bearer " + key.toUtf8();
        m_keyBytes = key.toUtf8();
    }
    if (m_profile.keyInKeychain) {
        m_keyPending = true;
        QPointer<LlmClient> self(this);
        LlmKeychain::read(m_profile.name, [self](Result<QString> key) {
            if (!self)
                return;
            self->m_keyPending = false;
            if (key) {
                self->m_authorization = "Bearer " + key.value().toUtf8();
                self->m_keyBytes = key.value().toUtf8();
            }
            else
                self->m_keyError = key.error();
            self->pump();
        });
    }
    m_pumpTimer.setSingleShot(true);
    connect(&m_pumpTimer, &QTimer::timeout, this, &LlmClient::pump);
    m_clock.start();
    LlmActivity::instance().clientStarted();
}

LlmClient::~LlmClient()
{
    logFailure({}, {});
    LlmActivity::instance().clientStopped();
}

void LlmClient::logFailure(const QString &path, const LlmResult &result)
{
    // One line per distinct failure: the breaker or a stop fails many calls with one message,
    // which is said once with how often it repeated.
    const QString text = result.errorClass + QLatin1Char(' ') + result.error;
    if (!path.isEmpty() && text == m_lastLogged) {
        ++m_repeatsNotLogged;
        return;
    }
    if (m_repeatsNotLogged > 0)
        qWarning("LLM %s: the same failure %d more time(s)", qPrintable(m_profile.name), m_repeatsNotLogged);
    m_repeatsNotLogged = 0;
    m_lastLogged = text;
    if (path.isEmpty())
        return;
    if (result.attempts == 0)
        qWarning("LLM %s %s not sent (%s): %s", qPrintable(m_profile.name), qPrintable(path), qPrintable(result.errorClass), qPrintable(result.error));
    else
        qWarning("LLM %s %s failed (%s) after %d attempt(s): %s", qPrintable(m_profile.name), qPrintable(path), qPrintable(result.errorClass), result.attempts,
                 qPrintable(result.error));
}

LlmRequest LlmClient::chat(const QString &system, const QString &user, double temperature, int maxTokens)
{
    LlmRequest r;
    nlohmann::json messages = nlohmann::json::array();
    if (!system.isEmpty())
        messages.push_back({{"role", "system"}, {"content", system.toStdString()}});
    messages.push_back({{"role", "user"}, {"content", user.toStdString()}});
    r.body = {{"messages", messages}, {"temperature", temperature}, {"max_tokens", maxTokens}};
    return r;
}

void LlmClient::send(LlmRequest request, Callback done)
{
    auto call = std::make_shared<Call>();
    if (!request.body.contains("model"))
        request.body["model"] = m_profile.model.toStdString();
    call->request = std::move(request);
    call->done = std::move(done);
    call->clock.start();
    call->key = LlmStore::cacheKey(m_profile.baseUrl, call->request);
    if (m_store) {
        LlmResult cached;
        auto hit = m_store->lookup(call->key, cached);
        if (!hit) {
            // Not taken for a miss: sending would pay for what the cache may hold.
            LlmResult r;
            r.errorClass = QStringLiteral("cache");
            r.error = QStringLiteral("the LLM cache cannot be read: %1").arg(hit.error());
            finishLater(call, r);
            return;
        }
        if (hit.value()) {
            cached.attempts = 0;
            cached.cost = 0; // a cached answer costs nothing
            finishLater(call, cached);
            return;
        }
    }
    if (!m_stopMessage.isEmpty() || (m_breaker == Breaker::Open && m_clock.elapsed() < m_breakerOpenUntilMs)) {
        LlmResult r = m_stopMessage.isEmpty() ? m_breakerResult : m_lastStopResult;
        r.error = breakerError();
        r.stopsWork = !m_stopMessage.isEmpty();
        finishLater(call, r);
        return;
    }
    call->payload = QByteArray::fromStdString(call->request.body.dump());
    m_queue.enqueue(call);
    pump();
}

qint64 LlmClient::estimatedTokens(const LlmRequest &request) const
{
    // About four characters a token for the prompt, plus the completion allowance.
    return qint64(request.body.dump().size() / 4) + request.body.value("max_tokens", 256);
}

void LlmClient::pump()
{
    if (m_keyPending)
        return;
    if (!m_keyError.isEmpty()) {
        // Without its key no call can succeed; each one says why.
        while (!m_queue.isEmpty()) {
            LlmResult r;
            r.errorClass = QStringLiteral("auth");
            r.error = m_keyError;
            finishLater(m_queue.dequeue(), r);
        }
        return;
    }
    if (m_breaker == Breaker::Open && !m_queue.isEmpty()) {
        // After the window, one request probes the endpoint (half-open); the rest wait for it.
        if (m_clock.elapsed() < m_breakerOpenUntilMs) {
            m_pumpTimer.start(int(m_breakerOpenUntilMs - m_clock.elapsed()));
            return;
        }
        m_breaker = Breaker::HalfOpen;
    }
    if (m_breaker == Breaker::HalfOpen) {
        if (m_probe || m_queue.isEmpty())
            return;
        m_probe = m_queue.dequeue();
        start(m_probe);
        return;
    }
    // While the endpoint is failing (every attempt since the last answer failed, or nothing but
    // 429 without Retry-After), a call waiting out its backoff keeps its place: at most
    // `concurrency` calls are in progress, so an endpoint in trouble is not sent every queued
    // request at once. A healthy endpoint's occasional retry does not hold a place.
    // Struggling: `concurrency` failures in a row, or a second of nothing but failures (a
    // healthy endpoint's sporadic failures end within milliseconds, at the next answer). A call
    // told to wait by Retry-After does not hold a place: the server said when.
    const qint64 nowMs = m_clock.elapsed();
    const bool struggling = (m_streakStartMs >= 0 && (m_streakFailures >= m_profile.concurrency || nowMs - m_streakStartMs >= StrugglingAfterMs))
                            || (m_rateStreakStartMs >= 0 && nowMs - m_rateStreakStartMs >= StrugglingAfterMs);
    const int held = struggling ? int(std::count_if(m_sleeping.begin(), m_sleeping.end(), [](const std::shared_ptr<Call> &c) { return c->holdsPlace; })) : 0;
    while (!m_queue.isEmpty() && m_inFlight + held < m_profile.concurrency) {
        const qint64 now = m_clock.elapsed();
        if (now < m_nextStartMs) {
            m_pumpTimer.start(int(m_nextStartMs - now));
            return;
        }
        auto call = m_queue.dequeue();
        // Pace starts so that requests/min and tokens/min are never exceeded.
        qint64 gap = 0;
        if (m_profile.requestsPerMinute > 0)
            gap = std::max<qint64>(gap, 60000 / m_profile.requestsPerMinute);
        if (m_profile.tokensPerMinute > 0)
            gap = std::max<qint64>(gap, estimatedTokens(call->request) * 60000 / m_profile.tokensPerMinute);
        m_nextStartMs = std::max(now, m_nextStartMs) + gap;
        start(call);
    }
}

void LlmClient::start(const std::shared_ptr<Call> &call)
{
    ++call->attempts;
    call->attemptStartMs = m_clock.elapsed();
    call->timedOut = Call::Clock::None;
    ++m_inFlight;
    m_maxInFlight = std::max(m_maxInFlight, m_inFlight);
    QString base = m_profile.baseUrl;
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    QNetworkRequest request(QUrl(base + call->request.path));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    if (!m_authorization.isEmpty())
        request.setRawHeader("Authorization", m_authorization);
    QNetworkReply *reply = m_network.post(request, call->payload);
    m_replies.insert(reply, call);
    // Three clocks: connecting (only when a new connection is opened), the first byte after
    // the request went out, and the whole exchange.
    const auto clock = [call, reply](Call::Clock which) {
        auto *timer = new QTimer(reply);
        timer->setSingleShot(true);
        QObject::connect(timer, &QTimer::timeout, reply, [call, reply, which] {
            call->timedOut = which;
            reply->abort();
        });
        return timer;
    };
    QTimer *connecting = clock(Call::Clock::Connect);
    QTimer *firstByte = clock(Call::Clock::FirstByte);
    clock(Call::Clock::Total)->start(m_profile.timeoutMs);
    connect(reply, &QNetworkReply::socketStartedConnecting, connecting, [connecting, ms = m_profile.connectTimeoutMs] { connecting->start(ms); });
    connect(reply, &QNetworkReply::requestSent, firstByte, [connecting, firstByte, ms = m_profile.firstByteTimeoutMs] {
        connecting->stop();
        if (!firstByte->isActive())
            firstByte->start(ms);
    });
    connect(reply, &QNetworkReply::metaDataChanged, firstByte, [connecting, firstByte] {
        connecting->stop();
        firstByte->stop();
    });
    // A reply over the profile's limit is cut off as it arrives, never held whole.
    connect(reply, &QNetworkReply::downloadProgress, reply, [call, reply, limit = qint64(m_profile.maxReplyBytes)](qint64 received, qint64 total) {
        if (call->tooLarge == 0 && std::max(received, total) > limit) {
            call->tooLarge = std::max(received, total);
            reply->abort();
        }
    });
    connect(reply, &QNetworkReply::finished, this, [this, call, reply] { onFinished(call, reply); });
}

void LlmClient::onFinished(const std::shared_ptr<Call> &call, QNetworkReply *reply)
{
    reply->deleteLater();
    if (!m_replies.remove(reply))
        return; // already failed (the client stopped)
    --m_inFlight;
    const bool probe = call == m_probe;
    if (probe)
        m_probe.reset();
    LlmReplyClassifier::Reply facts;
    facts.path = call->request.path;
    facts.httpStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    // Whatever the server sent is scrubbed of the key before anything reads it (docs/llm-faults.md).
    facts.bytes = SecretScrubber::scrub(reply->isOpen() ? reply->readAll() : QByteArray(), m_keyBytes); // an aborted reply has nothing to read
    facts.networkError = reply->error() != QNetworkReply::NoError;
    facts.errorString = reply->errorString();
    facts.promisedBytes = reply->header(QNetworkRequest::ContentLengthHeader).toLongLong();
    facts.retryAfter = reply->rawHeader("Retry-After");
    facts.timedOut = call->timedOut == Call::Clock::Connect     ? LlmReplyClassifier::Clock::Connect
                     : call->timedOut == Call::Clock::FirstByte ? LlmReplyClassifier::Clock::FirstByte
                     : call->timedOut == Call::Clock::Total     ? LlmReplyClassifier::Clock::Total
                                                                : LlmReplyClassifier::Clock::None;
    facts.tooLarge = call->tooLarge;
    const LlmReplyClassifier::Verdict v = LlmReplyClassifier::classify(m_profile, facts);
    LlmResult r = v.result;
    r.attempts = call->attempts;
    bool retry = v.retry;
    const int retryAfterMs = v.retryAfterMs;
    r.error = SecretScrubber::scrub(r.error, QString::fromUtf8(m_keyBytes));
    noteOutcome(r, call->attemptStartMs, retryAfterMs >= 0);
    if (!m_stopMessage.isEmpty() && !r.ok) {
        // The client has stopped (auth, quota, a rate limit that does not lift): nothing retries.
        if (r.errorClass != QLatin1String("auth") && r.errorClass != QLatin1String("insufficient_quota"))
            r.error = m_stopMessage;
        r.stopsWork = true;
        retry = false;
    } else if (LlmReplyClassifier::isTransportFailure(r.errorClass) && m_breaker != Breaker::Closed) {
        r.error = breakerError();
        retry = false;
    } else if (probe && r.ok) {
        closeBreaker();
    }
    if (retry && call->attempts <= m_profile.maxRetries) {
        // Exponential backoff with jitter in [50%, 100%], capped at 30 s, or the server's Retry-After.
        const qint64 backoff = qint64(m_profile.retryBaseMs) << std::min(call->attempts - 1, 16);
        const double jitter = std::uniform_real_distribution<double>(0.5, 1.0)(m_random);
        call->holdsPlace = retryAfterMs < 0;
        retryLater(call, retryAfterMs >= 0 ? retryAfterMs : qint64(double(std::min<qint64>(backoff, 30000)) * jitter));
        pump();
        return;
    }
    if (r.ok && m_store)
        if (auto s = m_store->store(call->key, call->request, r); !s) // the answer still counts; only the cache lost it
            qWarning("LLM cache: the answer could not be stored: %s", qPrintable(s.error()));
    finish(call, r);
    pump();
}

void LlmClient::noteOutcome(const LlmResult &r, qint64 attemptStartMs, bool retryAfterGiven)
{
    const qint64 now = m_clock.elapsed();
    // The rate-limit stop: nothing but 429 without Retry-After for rateLimitStopMs.
    if (r.errorClass == QLatin1String("rate_limited") && !retryAfterGiven) {
        if (m_rateStreakStartMs < 0)
            m_rateStreakStartMs = attemptStartMs;
        if (now - m_rateStreakStartMs >= m_profile.rateLimitStopMs && m_stopMessage.isEmpty())
            stop(r, QStringLiteral("the endpoint %1 answered nothing but HTTP 429 (rate limited, no Retry-After) for %2 s: lower profile '%3''s "
                                "requests per minute (--rpm, now %4) or its concurrency (--concurrency, now %5) in Edit → Settings → LLM endpoints, "
                                "then run again")
                     .arg(m_profile.baseUrl)
                     .arg(QString::number((now - m_rateStreakStartMs) / 1000.0, 'f', now - m_rateStreakStartMs < 10000 ? 1 : 0))
                     .arg(m_profile.name,
                          m_profile.requestsPerMinute > 0 ? QString::number(m_profile.requestsPerMinute) : QStringLiteral("unlimited"))
                     .arg(m_profile.concurrency));
    } else if (r.httpStatus != 0) {
        m_rateStreakStartMs = -1;
    }
    if (r.errorClass == QLatin1String("auth") || r.errorClass == QLatin1String("insufficient_quota")) {
        if (m_stopMessage.isEmpty())
            stop(r, r.error);
    }
    if (!LlmReplyClassifier::isTransportFailure(r.errorClass)) {
        // The endpoint answered: any failing streak is over.
        m_heardFrom = true;
        m_lastAnswerMs = now;
        m_streakStartMs = -1;
        m_streakFailures = 0;
        if (m_breaker != Breaker::Closed)
            closeBreaker();
        return;
    }
    if (r.httpStatus != 0)
        m_heardFrom = true;
    if (m_streakStartMs < 0)
        m_streakStartMs = std::max(attemptStartMs, m_lastAnswerMs); // failing since it was sent, or since the last answer
    ++m_streakFailures;
    m_lastFailure = r;
    if (m_breaker == Breaker::HalfOpen) {
        openBreaker(); // the probe failed
        return;
    }
    // An endpoint never heard from is given up after two silent attempts (with the default
    // first-byte limit, a lone request on a silent endpoint is reported after about 51 s).
    const bool silent = r.errorClass == QLatin1String("timeout") || r.errorClass == QLatin1String("connection");
    const int threshold = silent && !m_heardFrom ? std::min(m_profile.breakerThreshold, 2) : m_profile.breakerThreshold;
    if (m_breaker == Breaker::Closed && m_streakFailures >= threshold && now - m_streakStartMs >= m_profile.breakerWindowMs)
        openBreaker();
}

void LlmClient::retryLater(const std::shared_ptr<Call> &call, qint64 delayMs)
{
    m_sleeping.append(call);
    QTimer::singleShot(int(std::min<qint64>(delayMs, 3600000)), this, [this, call] {
        if (!m_sleeping.removeOne(call))
            return; // failed by the breaker meanwhile
        m_queue.prepend(call);
        pump();
    });
}

void LlmClient::finishLater(const std::shared_ptr<Call> &call, LlmResult result)
{
    ++m_delivering;
    QMetaObject::invokeMethod(
        this,
        [this, call, result] {
            --m_delivering;
            finish(call, result);
        },
        Qt::QueuedConnection);
}

QString LlmClient::breakerError() const
{
    if (!m_stopMessage.isEmpty())
        return m_stopMessage;
    if (m_breaker == Breaker::Closed)
        return {};
    const QString &what = m_breakerResult.errorClass;
    const QString seconds = QString::number(m_breakerSpanMs / 1000.0, 'f', m_breakerSpanMs < 10000 ? 1 : 0);
    if (what == QLatin1String("server"))
        return QStringLiteral("the endpoint %1 answered HTTP %2 to %3 requests in a row over %4 s: %5")
            .arg(m_profile.baseUrl)
            .arg(m_breakerResult.httpStatus)
            .arg(m_breakerCount)
            .arg(seconds, m_breakerResult.error);
    if (what == QLatin1String("invalid_json") || what == QLatin1String("truncated"))
        return QStringLiteral("the endpoint %1 sent an unreadable reply to %2 requests in a row over %3 s: %4")
            .arg(m_profile.baseUrl)
            .arg(m_breakerCount)
            .arg(seconds, m_breakerResult.error);
    return QStringLiteral("endpoint %1 not responding (%2 %3 in a row over %4 s; last: %5)")
        .arg(m_profile.baseUrl)
        .arg(m_breakerCount)
        .arg(what == QLatin1String("timeout") ? QStringLiteral("timeouts") : QStringLiteral("connection failures"), seconds, m_breakerResult.error);
}

void LlmClient::openBreaker()
{
    const qint64 now = m_clock.elapsed();
    m_breakerResult = LlmResult();
    m_breakerResult.errorClass = m_lastFailure.errorClass;
    m_breakerResult.error = m_lastFailure.error;
    m_breakerResult.httpStatus = m_lastFailure.httpStatus;
    m_breakerCount = m_streakFailures;
    m_breakerSpanMs = now - m_streakStartMs;
    m_breaker = Breaker::Open;
    m_breakerOpenUntilMs = now + m_profile.breakerWindowMs;
    // Queued and sleeping work fails now; requests in flight finish by themselves (their own
    // clocks bound them), so a reply that arrives with 200 is still delivered.
    failWaiting(breakerError(), false);
    m_pumpTimer.start(int(m_profile.breakerWindowMs));
}

void LlmClient::closeBreaker()
{
    m_breaker = Breaker::Closed;
    m_breakerOpenUntilMs = -1;
    m_streakStartMs = -1;
    m_streakFailures = 0;
}

void LlmClient::stop(const LlmResult &cause, const QString &message)
{
    m_stopMessage = message;
    m_lastStopResult = LlmResult();
    m_lastStopResult.errorClass = cause.errorClass;
    m_lastStopResult.httpStatus = cause.httpStatus;
    failWaiting(message, true);
}

void LlmClient::failWaiting(const QString &message, bool stopsWork)
{
    QList<std::shared_ptr<Call>> calls = std::exchange(m_sleeping, {});
    while (!m_queue.isEmpty())
        calls.append(m_queue.dequeue());
    LlmResult r = stopsWork ? m_lastStopResult : m_breakerResult;
    r.error = message;
    r.stopsWork = stopsWork;
    for (const auto &call : std::as_const(calls)) {
        r.attempts = call->attempts;
        finishLater(call, r);
    }
}

void LlmClient::finish(const std::shared_ptr<Call> &call, LlmResult result)
{
    result.latencyMs = call->clock.elapsed();
    for (LlmUsage *u : {&m_usage, &m_byTag[call->request.tag]}) {
        ++u->requests;
        u->cached += result.cached;
        u->promptTokens += result.cached ? 0 : result.promptTokens;
        u->completionTokens += result.cached ? 0 : result.completionTokens;
        u->cost += result.cost;
        u->latencyMs += result.latencyMs;
        u->unreported += result.ok && !result.cached && !result.usageReported;
        if (!result.ok) {
            ++u->failed;
            ++u->failures[result.errorClass];
        }
    }
    if (m_store)
        if (auto s = m_store->record(m_profile.name, call->request, result); !s)
            qWarning("LLM usage: the call could not be recorded: %s", qPrintable(s.error()));
    LlmUsage delta;
    delta.requests = 1;
    delta.cached = result.cached;
    delta.failed = !result.ok;
    delta.promptTokens = result.cached ? 0 : result.promptTokens;
    delta.completionTokens = result.cached ? 0 : result.completionTokens;
    delta.cost = result.cost;
    delta.unreported = result.ok && !result.cached && !result.usageReported;
    LlmActivity::instance().add(delta);
    if (!result.ok)
        logFailure(call->request.path, result);
    emit usageChanged();
    if (call->done)
        call->done(result);
    if (pending() == 0)
        emit idle();
}

} // namespace assay
