#pragma once
// react:PROFILE — R-Eval's ReAct: the model writes "Thought: … / Action: Verb[argument]"
// (ReactAction), Assay runs the action and answers "Observation: …" in the next user turn,
// until Finish[answer] or a limit. An action that cannot be read is shown to the model as an
// error observation telling it what to write.
#include "readers/agentepisode.h"

namespace assay {

class ReactEpisode : public AgentEpisode {
public:
    ReactEpisode(AgentSetup setup, ReaderRequest request, Reader::Done done);
    void start() override;

private:
    void step();
    void onReply(const LlmResult &r);

    nlohmann::json m_messages = nlohmann::json::array();
};

} // namespace assay
