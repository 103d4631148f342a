#pragma once
// OpenAI Batch-API files: a request set written as JSONL (custom_id, method, url, body), and
// the provider's output JSONL read back into the project's cache by custom_id, so a later run
// answers those requests without the network.
#include "core/result.h"
#include "llm/llmprofile.h"
#include "llm/llmrequest.h"

#include <QPair>
#include <QVector>

namespace assay {

class LlmStore;

class LlmBatch {
public:
    using Item = QPair<QString, LlmRequest>; // custom_id, request

    static Status writeRequests(const QString &path, const QVector<Item> &items, const LlmProfile &profile);
    // Returns how many successful responses were stored in the cache.
    static Result<int> ingestResults(const QString &requestsPath, const QString &resultsPath, LlmStore &store, const LlmProfile &profile);
};

} // namespace assay
