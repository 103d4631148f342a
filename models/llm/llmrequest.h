#pragma once
#include <QString>

#include <nlohmann/json.hpp>

namespace assay {

// One call: an endpoint path below the base URL and the JSON body (model is filled in
// from the profile when absent). sampleIndex separates repeated samples at temperature > 0.
struct LlmRequest {
    QString path = QStringLiteral("/chat/completions");
    nlohmann::json body = nlohmann::json::object();
    int sampleIndex = 0;
    QString tag; // accounting group, e.g. a run id
};

struct LlmResult {
    bool ok = false;
    nlohmann::json body;
    int httpStatus = 0;
    QString errorClass; // rate_limited, server, timeout, connection, truncated, invalid_json (retried); auth, client_error, insufficient_quota, malformed, too_large
    QString error;
    qint64 latencyMs = 0;
    int attempts = 0;
    bool cached = false;
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    double cost = 0;
    // false: the reply had no "usage" with token counts, so the counts (0) and the cost are
    // unknown rather than zero; the usage summaries say how many such calls there were.
    bool usageReported = true;
    // The client has stopped for good (auth refused, quota exhausted, a rate limit that does
    // not lift): work that uses it should stop rather than fail item after item.
    bool stopsWork = false;

    // choices[0].message.content (chat) or choices[0].text (completions).
    QString content() const;
};

} // namespace assay
