#pragma once
// Embeddings from a profile's /embeddings endpoint, returned in input order and scaled to
// unit length. Blocking: it runs a local event loop on the calling thread (a worker thread
// or the CLI), sending batches concurrently through the shared client (paced, retried,
// cached, accounted).
#include "core/result.h"
#include "llm/llmclient.h"

#include <vector>

namespace assay {

class Job;

class LlmEmbedder {
public:
    LlmEmbedder(LlmProfile profile, LlmStore *store, QString tag = QStringLiteral("embeddings"));
    // "base URL|model": vectors of different models never mix.
    QString modelKey() const;
    // `job` (optional) gets progress and can cancel.
    Result<std::vector<std::vector<float>>> embed(const QStringList &texts, Job *job = nullptr, int batchSize = 64);

private:
    LlmClient m_client;
    QString m_tag;
};

} // namespace assay
