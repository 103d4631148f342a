#include "llm/llmreplyclassifier.h"

#include <QStringList>

namespace assay {

namespace {

// What a 200 must hold to be an answer: choices with a message's content or tool calls (chat),
// a text (completions) or data (embeddings). Empty: it does.
QString missingAnswer(const QString &path, const nlohmann::json &body)
{
    if (path.endsWith(QLatin1String("/embeddings")))
        return body.contains("data") && body["data"].is_array() && !body["data"].empty() ? QString() : QStringLiteral("no data");
    if (!body.contains("choices") || !body["choices"].is_array() || body["choices"].empty() || !body["choices"][0].is_object())
        return QStringLiteral("no choices");
    const auto &choice = body["choices"][0];
    if (choice.contains("text") && choice["text"].is_string())
        return {};
    if (!choice.contains("message") || !choice["message"].is_object())
        return QStringLiteral("choices[0] has no message");
    const auto &message = choice["message"];
    const bool content = message.contains("content") && message["content"].is_string();
    const bool tools = message.contains("tool_calls") && message["tool_calls"].is_array() && !message["tool_calls"].empty();
    return content || tools ? QString() : QStringLiteral("no content and no tool calls");
}

QString kilobytes(qint64 bytes) { return QStringLiteral("%1 kB").arg(double(bytes) / 1024.0, 0, 'f', bytes < 10 * 1024 ? 1 : 0); }

} // namespace

bool LlmReplyClassifier::isTransportFailure(const QString &errorClass)
{
    static const QStringList classes{QStringLiteral("timeout"), QStringLiteral("connection"), QStringLiteral("server"),
                                     QStringLiteral("invalid_json"), QStringLiteral("truncated")};
    return classes.contains(errorClass);
}

LlmReplyClassifier::Verdict LlmReplyClassifier::classify(const LlmProfile &profile, const Reply &reply)
{
    Verdict v;
    LlmResult &r = v.result;
    r.httpStatus = reply.httpStatus;
    const auto body = nlohmann::json::parse(reply.bytes.toStdString(), nullptr, false);
    const auto serverMessage = [&body, &reply]() {
        if (body.is_object() && body.contains("error") && body["error"].is_object())
            return QString::fromStdString(body["error"].value("message", std::string()));
        return QString::fromUtf8(reply.bytes.left(300));
    };
    if (reply.tooLarge > 0) {
        r.errorClass = QStringLiteral("too_large");
        r.error = QStringLiteral("the reply is larger than the profile's limit of %1 (at least %2 arrived)").arg(kilobytes(profile.maxReplyBytes), kilobytes(reply.tooLarge));
    } else if (reply.timedOut != Clock::None) {
        r.errorClass = QStringLiteral("timeout");
        switch (reply.timedOut) {
        case Clock::Connect:
            r.error = QStringLiteral("could not connect within %1 s").arg(profile.connectTimeoutMs / 1000.0);
            break;
        case Clock::FirstByte:
            r.error = QStringLiteral("no first byte within %1 s of the request").arg(profile.firstByteTimeoutMs / 1000.0);
            break;
        default:
            r.error = QStringLiteral("no complete answer within %1 s").arg(profile.timeoutMs / 1000.0);
        }
        v.retry = true;
    } else if (reply.httpStatus == 0) {
        r.errorClass = QStringLiteral("connection");
        r.error = reply.errorString;
        v.retry = true;
    } else if (reply.networkError && reply.httpStatus < 400) {
        // The status line came, the body did not (all of it): a proxy or server cut it short.
        const qint64 promised = reply.promisedBytes;
        r.errorClass = QStringLiteral("truncated");
        r.error = promised > 0 ? QStringLiteral("the reply stopped after %1 of %2 bytes (%3)").arg(reply.bytes.size()).arg(promised).arg(reply.errorString)
                               : QStringLiteral("the reply stopped early (%1)").arg(reply.errorString);
        v.retry = true;
    } else if (r.httpStatus == 429) {
        const std::string type = body.is_object() && body.contains("error") && body["error"].is_object()
                                     ? body["error"].value("code", body["error"].value("type", std::string()))
                                     : std::string();
        r.error = serverMessage();
        if (type == "insufficient_quota") {
            r.errorClass = QStringLiteral("insufficient_quota");
        } else {
            r.errorClass = QStringLiteral("rate_limited");
            v.retry = true;
            bool ok = false;
            const int seconds = reply.retryAfter.trimmed().toInt(&ok);
            if (ok && seconds >= 0)
                v.retryAfterMs = seconds * 1000;
        }
    } else if (r.httpStatus >= 500) {
        r.errorClass = QStringLiteral("server");
        r.error = QStringLiteral("HTTP %1: %2").arg(r.httpStatus).arg(serverMessage());
        v.retry = true;
    } else if (r.httpStatus == 408 || r.httpStatus == 409) {
        // Request timeout and conflict: the request itself is fine, another attempt may pass.
        r.errorClass = QStringLiteral("client_retry");
        r.error = QStringLiteral("HTTP %1: %2").arg(r.httpStatus).arg(serverMessage());
        v.retry = true;
    } else if (r.httpStatus == 401 || r.httpStatus == 403) {
        r.errorClass = QStringLiteral("auth");
        r.error = QStringLiteral("HTTP %1: the endpoint %2 refused the key of profile '%3' (%4): %5")
                      .arg(r.httpStatus)
                      .arg(profile.baseUrl, profile.name,
                           profile.keyInKeychain ? QStringLiteral("from the OS keychain") : QStringLiteral("environment variable %1").arg(profile.keyEnv),
                           serverMessage());
    } else if (r.httpStatus >= 400) {
        // Any other 4xx says the request is wrong: it fails at once, without retries.
        r.errorClass = QStringLiteral("client_error");
        r.error = QStringLiteral("HTTP %1: %2").arg(r.httpStatus).arg(serverMessage());
    } else if (!body.is_object()) {
        // Complete but unreadable: worth another attempt, as a server under load may send it once.
        r.errorClass = QStringLiteral("invalid_json");
        r.error = QStringLiteral("the server's reply is not JSON: %1").arg(QString::fromUtf8(reply.bytes.left(120)));
        v.retry = true;
    } else if (const QString missing = missingAnswer(reply.path, body); !missing.isEmpty()) {
        // A 200 that holds no answer is a failure of its own, never an empty answer.
        r.errorClass = QStringLiteral("malformed");
        r.error = QStringLiteral("malformed reply: %1 (%2)").arg(missing, QString::fromUtf8(reply.bytes.left(160)));
    } else {
        r.ok = true;
        r.body = body;
        const auto usage = body.value("usage", nlohmann::json::object());
        r.usageReported = usage.is_object() && usage.contains("prompt_tokens");
        r.promptTokens = r.usageReported ? usage.value("prompt_tokens", 0) : 0;
        r.completionTokens = r.usageReported ? usage.value("completion_tokens", 0) : 0;
        r.cost = profile.cost(r.promptTokens, r.completionTokens);
    }
    return v;
}

} // namespace assay
