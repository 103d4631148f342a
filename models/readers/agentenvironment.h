#pragma once
// What an agentic reader's tools work on, opened once per run on the executing thread's
// connection: the knowledge base (read-only, authorizer-guarded connection), the corpus and
// the pipeline's retriever. The environment must outlive the reader that uses its tools.
#include "readers/agenttools.h"
#include "core/result.h"
#include "retrieval/corpusstore.h"
#include "schema/knowledgeconnection.h"

#include <memory>
#include <optional>

namespace assay {

class Database;
class KnowledgeBase;
class Retriever;

class AgentEnvironment {
public:
    ~AgentEnvironment();
    // A project without knowledge tables gets tools that say SQL is not available.
    static Result<std::unique_ptr<AgentEnvironment>> open(Database &db, const Retriever *retriever, AgentTools::Limits limits = {});
    const AgentTools &tools() const { return *m_tools; }

private:
    explicit AgentEnvironment(Database &db);

    std::unique_ptr<KnowledgeBase> m_knowledgeBase;
    std::optional<KnowledgeConnection> m_knowledge;
    CorpusStore m_corpus;
    std::unique_ptr<AgentTools> m_tools;
};

} // namespace assay
