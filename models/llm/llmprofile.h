#pragma once
// An OpenAI-compatible endpoint and how to use it. Profiles live in QSettings, never in a
// project file; the API key itself is read from the environment at call time.
#include "core/result.h"

#include <QString>

class QSettings;

namespace assay {

struct LlmProfile {
    QString name;
    QString baseUrl;                               // ends in /v1
    QString model;
    QString keyEnv = QStringLiteral("OPENAI_API_KEY");
    bool keyInKeychain = false; // the OS keychain (service "assay", account = profile name) instead of keyEnv
    int concurrency = 8;
    int requestsPerMinute = 0; // 0: no limit
    int tokensPerMinute = 0;   // 0: no limit
    int connectTimeoutMs = 10000;   // to open the connection
    int firstByteTimeoutMs = 25000; // from the request sent to the first byte of the answer
    int timeoutMs = 120000;         // the whole exchange: long generations need it
    // The circuit breaker (docs/llm-faults.md): it opens when every attempt has failed for at
    // least breakerWindowMs and at least breakerThreshold attempts failed (two for an endpoint
    // never heard from); then, after the same window, single probes test the endpoint again.
    int breakerThreshold = 3;
    int breakerWindowMs = 20000;
    // Nothing but HTTP 429 without Retry-After for this long stops the profile's work.
    int rateLimitStopMs = 60000;
    // A reply larger than this is an error ("too_large"), never stored.
    int maxReplyBytes = 256 * 1024;
    int maxRetries = 6;
    int retryBaseMs = 1000;    // first backoff; doubles per attempt, with jitter
    double pricePerMillionInput = 0;
    double pricePerMillionOutput = 0;
    // Sampling temperature of a judge's repeated verdicts (score --repeat N): 0 asks for the
    // same verdict each time (each repetition still carries its own seed).
    double judgeTemperature = 0;

    // Explains what is wrong (a missing /v1 in particular), or succeeds.
    Status validate() const;
    // The key from the environment (empty for a keychain profile: see LlmKeychain).
    QString apiKey() const;
    // "sk-…abcd": enough to recognise a key, never the key.
    static QString maskedKey(const QString &key);
    double cost(qint64 promptTokens, qint64 completionTokens) const;

    void write(QSettings &settings) const;
    static LlmProfile read(QSettings &settings);
};

} // namespace assay
