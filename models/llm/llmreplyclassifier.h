#pragma once
// What one HTTP exchange with an OpenAI-compatible endpoint amounts to (docs/llm-faults.md): an
// answer, or a failure with its class (too_large, timeout, connection, truncated, rate_limited,
// insufficient_quota, server, client_retry, auth, client_error, invalid_json, malformed), its
// message and whether another attempt may help. Pure: LlmClient gathers the reply's facts
// (the body already scrubbed of the key) and keeps the breaker, the stops and the retries.
#include "llm/llmprofile.h"
#include "llm/llmrequest.h"

#include <QByteArray>

namespace assay {

class LlmReplyClassifier {
public:
    enum class Clock { None, Connect, FirstByte, Total }; // which clock aborted the attempt
    struct Reply {
        QString path; // below the base URL: /chat/completions, /completions, /embeddings
        int httpStatus = 0;
        QByteArray bytes; // the body, scrubbed
        bool networkError = false;
        QString errorString;
        qint64 promisedBytes = 0; // Content-Length
        QByteArray retryAfter;    // the header, as sent
        Clock timedOut = Clock::None;
        qint64 tooLarge = 0; // bytes seen when the reply outgrew the profile's limit
    };
    struct Verdict {
        LlmResult result;
        bool retry = false;
        int retryAfterMs = -1; // the server's Retry-After, -1 when none
    };
    static Verdict classify(const LlmProfile &profile, const Reply &reply);
    // Failures that say the endpoint gave no usable answer at all: what the breaker counts.
    static bool isTransportFailure(const QString &errorClass);
};

} // namespace assay
