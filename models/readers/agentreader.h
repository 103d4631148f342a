#pragma once
// The agentic readers react:, fc:, dfsdt: and pal: PROFILE. One LLM client (paced, retried,
// cached, accounted) serves every item in flight; each item is an AgentEpisode of the
// pipeline's workflow over the run's AgentTools, with the pipeline's steps, budget and width.
#include "readers/agentepisode.h"
#include "llm/llmclient.h"
#include "readers/reader.h"

#include <functional>
#include <memory>

namespace assay {

class AgentReader : public Reader {
public:
    // Starts one item's episode of the workflow (the reader registry gives each workflow its own).
    using EpisodeFactory = std::function<std::shared_ptr<AgentEpisode>(const AgentSetup &, const ReaderRequest &, Done)>;
    AgentReader(QString workflow, EpisodeFactory episode, LlmProfile profile, QString prompt, LlmStore *store, QString tag, const AgentTools *tools,
                int maxSteps, qint64 budget, int width);
    ~AgentReader() override;
    void answer(const ReaderRequest &request, Done done) override;
    int concurrency() const override { return 2 * m_client.profile().concurrency; }
    void abort() override;

    // The prompt template each workflow loads by default (resources/prompts/NAME.txt).
    static QString defaultPrompt(const QString &workflow);

private:
    QString m_workflow;
    EpisodeFactory m_episode;
    LlmClient m_client;
    AgentSetup m_setup;
};

} // namespace assay
