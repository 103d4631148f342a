#include "llm/llmprofile.h"

#include <QSettings>
#include <QUrl>

namespace assay {

Status LlmProfile::validate() const
{
    if (name.trimmed().isEmpty())
        return Status::failure(QStringLiteral("a profile needs a name"));
    const QUrl url(baseUrl);
    if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")) || url.host().isEmpty())
        return Status::failure(QStringLiteral("profile %1: base URL '%2' is not an http(s) URL").arg(name, baseUrl));
    QString path = url.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    if (!path.endsWith(QLatin1String("/v1")))
        return Status::failure(QStringLiteral("profile %1: base URL '%2' must end in /v1 (OpenAI-compatible servers serve "
                                              "/v1/chat/completions); did you mean %3/v1?")
                                   .arg(name, baseUrl, baseUrl.endsWith(QLatin1Char('/')) ? baseUrl.chopped(1) : baseUrl));
    if (model.trimmed().isEmpty())
        return Status::failure(QStringLiteral("profile %1: no model").arg(name));
    if (judgeTemperature < 0 || judgeTemperature > 2)
        return Status::failure(QStringLiteral("the judge temperature is between 0 and 2, not %1").arg(judgeTemperature));
    if (concurrency < 1 || maxRetries < 0 || timeoutMs < 1 || requestsPerMinute < 0 || tokensPerMinute < 0)
        return Status::failure(QStringLiteral("profile %1: limits must be positive").arg(name));
    if (connectTimeoutMs < 1 || firstByteTimeoutMs < 1 || breakerThreshold < 1 || breakerWindowMs < 1 || rateLimitStopMs < 1)
        return Status::failure(QStringLiteral("profile %1: the connect and first-byte timeouts, the breaker threshold and its window and the rate-limit stop must be positive").arg(name));
    if (maxReplyBytes < 1024)
        return Status::failure(QStringLiteral("profile %1: the largest reply must be at least 1 kB, not %2 bytes").arg(name).arg(maxReplyBytes));
    return {};
}

QString LlmProfile::apiKey() const
{
    return keyInKeychain || keyEnv.isEmpty() ? QString() : qEnvironmentVariable(keyEnv.toUtf8().constData());
}

QString LlmProfile::maskedKey(const QString &key)
{
    if (key.isEmpty())
        return QStringLiteral("(none)");
    return key.left(3) + QStringLiteral("…") + (key.size() > 10 ? key.right(4) : QString());
}

double LlmProfile::cost(qint64 promptTokens, qint64 completionTokens) const
{
    return double(promptTokens) / 1e6 * pricePerMillionInput + double(completionTokens) / 1e6 * pricePerMillionOutput;
}

void LlmProfile::write(QSettings &s) const
{
    s.setValue(QStringLiteral("baseUrl"), baseUrl);
    s.setValue(QStringLiteral("model"), model);
    s.setValue(QStringLiteral("keyEnv"), keyEnv);
    s.setValue(QStringLiteral("keyInKeychain"), keyInKeychain);
    s.setValue(QStringLiteral("concurrency"), concurrency);
    s.setValue(QStringLiteral("requestsPerMinute"), requestsPerMinute);
    s.setValue(QStringLiteral("tokensPerMinute"), tokensPerMinute);
    s.setValue(QStringLiteral("timeoutMs"), timeoutMs);
    s.setValue(QStringLiteral("connectTimeoutMs"), connectTimeoutMs);
    s.setValue(QStringLiteral("firstByteTimeoutMs"), firstByteTimeoutMs);
    s.setValue(QStringLiteral("breakerThreshold"), breakerThreshold);
    s.setValue(QStringLiteral("breakerWindowMs"), breakerWindowMs);
    s.setValue(QStringLiteral("rateLimitStopMs"), rateLimitStopMs);
    s.setValue(QStringLiteral("maxReplyBytes"), maxReplyBytes);
    s.setValue(QStringLiteral("maxRetries"), maxRetries);
    s.setValue(QStringLiteral("retryBaseMs"), retryBaseMs);
    s.setValue(QStringLiteral("priceInput"), pricePerMillionInput);
    s.setValue(QStringLiteral("priceOutput"), pricePerMillionOutput);
    s.setValue(QStringLiteral("judgeTemperature"), judgeTemperature);
}

LlmProfile LlmProfile::read(QSettings &s)
{
    LlmProfile p;
    p.baseUrl = s.value(QStringLiteral("baseUrl")).toString();
    p.model = s.value(QStringLiteral("model")).toString();
    p.keyEnv = s.value(QStringLiteral("keyEnv"), p.keyEnv).toString();
    p.keyInKeychain = s.value(QStringLiteral("keyInKeychain"), false).toBool();
    p.concurrency = s.value(QStringLiteral("concurrency"), p.concurrency).toInt();
    p.requestsPerMinute = s.value(QStringLiteral("requestsPerMinute"), 0).toInt();
    p.tokensPerMinute = s.value(QStringLiteral("tokensPerMinute"), 0).toInt();
    p.timeoutMs = s.value(QStringLiteral("timeoutMs"), p.timeoutMs).toInt();
    p.connectTimeoutMs = s.value(QStringLiteral("connectTimeoutMs"), p.connectTimeoutMs).toInt();
    p.firstByteTimeoutMs = s.value(QStringLiteral("firstByteTimeoutMs"), p.firstByteTimeoutMs).toInt();
    p.breakerThreshold = s.value(QStringLiteral("breakerThreshold"), p.breakerThreshold).toInt();
    p.breakerWindowMs = s.value(QStringLiteral("breakerWindowMs"), p.breakerWindowMs).toInt();
    p.rateLimitStopMs = s.value(QStringLiteral("rateLimitStopMs"), p.rateLimitStopMs).toInt();
    p.maxReplyBytes = s.value(QStringLiteral("maxReplyBytes"), p.maxReplyBytes).toInt();
    p.maxRetries = s.value(QStringLiteral("maxRetries"), p.maxRetries).toInt();
    p.retryBaseMs = s.value(QStringLiteral("retryBaseMs"), p.retryBaseMs).toInt();
    p.pricePerMillionInput = s.value(QStringLiteral("priceInput"), 0.0).toDouble();
    p.pricePerMillionOutput = s.value(QStringLiteral("priceOutput"), 0.0).toDouble();
    p.judgeTemperature = s.value(QStringLiteral("judgeTemperature"), 0.0).toDouble();
    return p;
}

} // namespace assay
