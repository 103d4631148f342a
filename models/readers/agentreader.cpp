#include "readers/agentreader.h"

namespace assay {

AgentReader::AgentReader(QString workflow, EpisodeFactory episode, LlmProfile profile, QString prompt, LlmStore *store, QString tag,
                         const AgentTools *tools, int maxSteps, qint64 budget, int width)
    : m_workflow(std::move(workflow)), m_episode(std::move(episode)), m_client(std::move(profile), store)
{
    m_setup.client = &m_client;
    m_setup.tools = tools;
    m_setup.prompt = std::move(prompt);
    m_setup.tag = std::move(tag);
    m_setup.maxSteps = maxSteps;
    m_setup.budget = budget;
    m_setup.width = width;
    m_setup.alive = std::make_shared<bool>(true);
}

AgentReader::~AgentReader()
{
    *m_setup.alive = false;
}

QString AgentReader::defaultPrompt(const QString &workflow)
{
    return QStringLiteral("agent_") + workflow;
}

void AgentReader::abort()
{
    *m_setup.alive = false;
}

void AgentReader::answer(const ReaderRequest &request, Done done)
{
    std::shared_ptr<AgentEpisode> episode = m_episode(m_setup, request, std::move(done));
    episode->start(); // the episode keeps itself alive through its request's callback
}

} // namespace assay
