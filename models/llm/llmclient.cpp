#include "llm/llmclient.h"

#include "llm/llmactivity.h"
#include "llm/llmkeychain.h"
#include "llm/llmstore.h"

#include <QNetworkReply>
#include <QPointer>
#include <QNetworkRequest>
#include <QUrl>

#include <utility>

namespace assay {

namespace {
// After the breaker opens, new work fails at once for this long; then one attempt may probe.
constexpr qint64 BreakerCooldownMs = 30000;
} // namespace

struct LlmClient::Call {
    enum class Clock { None, Connect, FirstByte, Total };
    LlmRequest request;
    Callback done;
    QString key;
    QByteArray payload;
    int attempts = 0;
    QElapsedTimer clock;
    Clock timedOut = Clock::None;
};

LlmClient::LlmClient(LlmProfile profile, LlmStore *store, QObject *parent)
    : QObject(parent), m_profile(std::move(profile)), m_store(store)
{
    if (const QString key = m_profile.apiKey(); !key.isEmpty())
        m_authorization = "Bearer " + key.toUtf8();
    if (m_profile.keyInKeychain) {
        m_keyPending = true;
        QPointer<LlmClient> self(this);
        LlmKeychain::read(m_profile.name, [self](Result<QString> key) {
            if (!self)
                return;
            self->m_keyPending = false;
            if (key)
                self->m_authorization = "Bearer " + key.value().toUtf8();
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

LlmClient::~LlmClient() { LlmActivity::instance().clientStopped(); }

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
    if (const QString open = breakerError(); !open.isEmpty()) {
        LlmResult r = m_breakerResult;
        r.error = open;
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
    while (!m_queue.isEmpty() && m_inFlight < m_profile.concurrency) {
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
    connect(reply, &QNetworkReply::finished, this, [this, call, reply] { onFinished(call, reply); });
}

void LlmClient::onFinished(const std::shared_ptr<Call> &call, QNetworkReply *reply)
{
    reply->deleteLater();
    if (!m_replies.remove(reply))
        return; // already failed by the breaker
    --m_inFlight;
    LlmResult r;
    r.attempts = call->attempts;
    r.httpStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray bytes = reply->isOpen() ? reply->readAll() : QByteArray(); // an aborted reply has nothing to read
    const auto body = nlohmann::json::parse(bytes.toStdString(), nullptr, false);
    const auto serverMessage = [&body, &bytes]() {
        if (body.is_object() && body.contains("error") && body["error"].is_object())
            return QString::fromStdString(body["error"].value("message", std::string()));
        return QString::fromUtf8(bytes.left(300));
    };
    bool retry = false;
    int retryAfterMs = -1;
    if (call->timedOut != Call::Clock::None) {
        r.errorClass = QStringLiteral("timeout");
        switch (call->timedOut) {
        case Call::Clock::Connect:
            r.error = QStringLiteral("could not connect within %1 s").arg(m_profile.connectTimeoutMs / 1000.0);
            break;
        case Call::Clock::FirstByte:
            r.error = QStringLiteral("no first byte within %1 s of the request").arg(m_profile.firstByteTimeoutMs / 1000.0);
            break;
        default:
            r.error = QStringLiteral("no complete answer within %1 s").arg(m_profile.timeoutMs / 1000.0);
        }
        retry = true;
    } else if (r.httpStatus == 0) {
        r.errorClass = QStringLiteral("connection");
        r.error = reply->errorString();
        retry = true;
    } else if (reply->error() != QNetworkReply::NoError && r.httpStatus < 400) {
        // The status line came, the body did not (all of it): a proxy or server cut it short.
        const qint64 promised = reply->header(QNetworkRequest::ContentLengthHeader).toLongLong();
        r.errorClass = QStringLiteral("truncated");
        r.error = promised > 0 ? QStringLiteral("the reply stopped after %1 of %2 bytes (%3)").arg(bytes.size()).arg(promised).arg(reply->errorString())
                               : QStringLiteral("the reply stopped early (%1)").arg(reply->errorString());
        retry = true;
    } else if (r.httpStatus == 429) {
        const std::string type = body.is_object() && body.contains("error") && body["error"].is_object()
                                     ? body["error"].value("code", body["error"].value("type", std::string()))
                                     : std::string();
        r.error = serverMessage();
        if (type == "insufficient_quota") {
            r.errorClass = QStringLiteral("insufficient_quota");
        } else {
            r.errorClass = QStringLiteral("rate_limited");
            retry = true;
            bool ok = false;
            const int seconds = reply->rawHeader("Retry-After").trimmed().toInt(&ok);
            if (ok)
                retryAfterMs = seconds * 1000;
        }
    } else if (r.httpStatus >= 500) {
        r.errorClass = QStringLiteral("server");
        r.error = QStringLiteral("HTTP %1: %2").arg(r.httpStatus).arg(serverMessage());
        retry = true;
    } else if (r.httpStatus == 408 || r.httpStatus == 409) {
        // Request timeout and conflict: the request itself is fine, another attempt may pass.
        r.errorClass = QStringLiteral("client_retry");
        r.error = QStringLiteral("HTTP %1: %2").arg(r.httpStatus).arg(serverMessage());
        retry = true;
    } else if (r.httpStatus >= 400) {
        // Any other 4xx says the request is wrong: it fails at once, without retries.
        r.errorClass = r.httpStatus == 401 || r.httpStatus == 403 ? QStringLiteral("auth") : QStringLiteral("client_error");
        r.error = QStringLiteral("HTTP %1: %2").arg(r.httpStatus).arg(serverMessage());
    } else if (!body.is_object()) {
        // Complete but unreadable: worth another attempt, as a server under load may send it once.
        r.errorClass = QStringLiteral("invalid_json");
        r.error = QStringLiteral("the server's reply is not JSON: %1").arg(QString::fromUtf8(bytes.left(120)));
        retry = true;
    } else {
        r.ok = true;
        r.body = body;
        const auto usage = body.value("usage", nlohmann::json::object());
        r.usageReported = usage.is_object() && usage.contains("prompt_tokens");
        r.promptTokens = r.usageReported ? usage.value("prompt_tokens", 0) : 0;
        r.completionTokens = r.usageReported ? usage.value("completion_tokens", 0) : 0;
        r.cost = m_profile.cost(r.promptTokens, r.completionTokens);
    }
    if (r.errorClass == QLatin1String("timeout") || r.errorClass == QLatin1String("connection")) {
        noteFailure(r, true);
    } else if (r.errorClass == QLatin1String("server") || r.errorClass == QLatin1String("invalid_json") || r.errorClass == QLatin1String("truncated")) {
        m_heardFrom = true;
        noteFailure(r, false); // an answer, but a broken one: it counts like silence does
    } else {
        m_failingInARow = 0; // the server answered
        m_heardFrom = true;
    }
    if (const QString open = breakerError(); !open.isEmpty() && retry) {
        r.error = open;
        retry = false;
    }
    if (retry && call->attempts <= m_profile.maxRetries) {
        // Exponential backoff with jitter in [50%, 100%], or the server's Retry-After.
        const qint64 backoff = qint64(m_profile.retryBaseMs) << std::min(call->attempts - 1, 16);
        const double jitter = std::uniform_real_distribution<double>(0.5, 1.0)(m_random);
        retryLater(call, retryAfterMs >= 0 ? retryAfterMs : qint64(double(std::min<qint64>(backoff, 60000)) * jitter));
        pump();
        return;
    }
    if (r.ok && m_store)
        if (auto s = m_store->store(call->key, call->request, r); !s) // the answer still counts; only the cache lost it
            qWarning("LLM cache: the answer could not be stored: %s", qPrintable(s.error()));
    finish(call, r);
    pump();
}

void LlmClient::retryLater(const std::shared_ptr<Call> &call, qint64 delayMs)
{
    m_sleeping.append(call);
    QTimer::singleShot(int(delayMs), this, [this, call] {
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
    if (m_breakerOpenUntilMs < 0 || m_clock.elapsed() >= m_breakerOpenUntilMs)
        return {};
    const QString &what = m_breakerResult.errorClass;
    if (what == QLatin1String("server"))
        return QStringLiteral("the endpoint %1 answered HTTP %2 to %3 requests in a row: %4")
            .arg(m_profile.baseUrl)
            .arg(m_breakerResult.httpStatus)
            .arg(m_breakerCount)
            .arg(m_breakerResult.error);
    if (what == QLatin1String("invalid_json") || what == QLatin1String("truncated"))
        return QStringLiteral("the endpoint %1 sent an unreadable reply to %2 requests in a row: %3").arg(m_profile.baseUrl).arg(m_breakerCount).arg(m_breakerResult.error);
    return QStringLiteral("endpoint %1 not responding (%2 %3 in a row; last: %4)")
        .arg(m_profile.baseUrl)
        .arg(m_breakerCount)
        .arg(what == QLatin1String("timeout") ? QStringLiteral("timeouts") : QStringLiteral("connection failures"), m_breakerResult.error);
}

void LlmClient::noteFailure(const LlmResult &r, bool silent)
{
    ++m_failingInARow;
    // An endpoint never heard from is given up after two silent attempts: a lone request on
    // a silent endpoint is then reported after two first-byte limits (50 s with the defaults),
    // not three. One that has answered, or whose answers are server errors, keeps the
    // profile's threshold.
    const int threshold = silent && !m_heardFrom ? std::min(m_profile.breakerThreshold, 2) : m_profile.breakerThreshold;
    if (m_failingInARow >= threshold && breakerError().isEmpty())
        tripBreaker(r);
}

void LlmClient::tripBreaker(const LlmResult &last)
{
    m_breakerResult = LlmResult();
    m_breakerResult.errorClass = last.errorClass;
    m_breakerResult.error = last.error;
    m_breakerResult.httpStatus = last.httpStatus;
    m_breakerOpenUntilMs = m_clock.elapsed() + BreakerCooldownMs;
    m_breakerCount = m_failingInARow;
    QList<std::shared_ptr<Call>> calls = m_sleeping;
    m_sleeping.clear();
    while (!m_queue.isEmpty())
        calls.append(m_queue.dequeue());
    // Taken out of m_replies first: an aborted reply's finished() then finds nothing to do.
    const auto replies = std::exchange(m_replies, {});
    for (auto it = replies.begin(); it != replies.end(); ++it) {
        --m_inFlight;
        calls.append(it.value());
        it.key()->abort();
    }
    LlmResult r = m_breakerResult;
    r.error = breakerError();
    for (const auto &call : std::as_const(calls))
        finishLater(call, r);
    // After the cool-down one failure more opens it again; one answer closes it.
    m_failingInARow = m_profile.breakerThreshold - 1;
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
        qWarning("LLM %s %s failed (%s) after %d attempt(s): %s", qPrintable(m_profile.name), qPrintable(call->request.path),
                 qPrintable(result.errorClass), result.attempts, qPrintable(result.error));
    emit usageChanged();
    if (call->done)
        call->done(result);
    if (pending() == 0)
        emit idle();
}

} // namespace assay
