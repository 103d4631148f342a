#pragma once
// The project's LLM cache and call ledger. The cache key is the SHA-256 of the canonical
// JSON of base URL, path and body (plus the sample index at temperature > 0): never the API
// key or any header, so the same request answers from the cache whoever sends it.
#include "core/result.h"
#include "llm/llmrequest.h"
#include "llm/llmusage.h"
#include "project/database.h"

#include <optional>

#include <memory>

namespace assay {

class Database;
class Project;

class LlmStore {
public:
    explicit LlmStore(Database &db);
    // The store on the project's own connection, shared by the GUI (Project::service).
    static std::unique_ptr<LlmStore> createFor(Project &project);
    static QString cacheKey(const QString &baseUrl, const LlmRequest &request);

    // True with the cached answer, false when there is none; a failed read is the error.
    Result<bool> lookup(const QString &key, LlmResult &result) const;
    Status store(const QString &key, const LlmRequest &request, const LlmResult &result);
    Status record(const QString &profile, const LlmRequest &request, const LlmResult &result);
    Result<LlmUsage> usage(const QString &tag = {}) const; // empty tag: every call
    Result<LlmUsage> usageOfProfile(const QString &profile) const;

private:
    Result<LlmUsage> aggregate(const QString &column, const QString &value) const;
    Database &m_db;
    // Prepared once: an agentic run looks up, stores and records every step.
    mutable std::optional<Statement> m_lookup;
    std::optional<Statement> m_store;
    std::optional<Statement> m_record;
};

} // namespace assay
