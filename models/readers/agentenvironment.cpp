#include "readers/agentenvironment.h"

#include "project/database.h"
#include "schema/knowledgebase.h"

namespace assay {

AgentEnvironment::AgentEnvironment(Database &db) : m_corpus(db) {}

AgentEnvironment::~AgentEnvironment() = default;

Result<std::unique_ptr<AgentEnvironment>> AgentEnvironment::open(Database &db, const Retriever *retriever, AgentTools::Limits limits)
{
    using R = Result<std::unique_ptr<AgentEnvironment>>;
    std::unique_ptr<AgentEnvironment> env(new AgentEnvironment(db));
    env->m_knowledgeBase = std::make_unique<KnowledgeBase>(db, db.path());
    if (!env->m_knowledgeBase->loadError().isEmpty())
        return R::failure(QStringLiteral("the agents' knowledge base: %1").arg(env->m_knowledgeBase->loadError()));
    const QVector<KnowledgeTable> schema = env->m_knowledgeBase->tables();
    if (!schema.isEmpty()) {
        auto connection = KnowledgeConnection::open(*env->m_knowledgeBase);
        if (!connection)
            return R::failure(QStringLiteral("the agents' knowledge connection: %1").arg(connection.error()), connection.code());
        env->m_knowledge.emplace(connection.take());
    }
    env->m_tools = std::make_unique<AgentTools>(retriever, &env->m_corpus, env->m_knowledge ? &*env->m_knowledge : nullptr, schema, limits);
    return R(std::move(env));
}

} // namespace assay
