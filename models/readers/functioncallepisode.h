#pragma once
// fc:PROFILE — OpenAI function calling: the tools go in the request's "tools", the model
// answers with tool_calls, each call's observation goes back as a "tool" message, until it
// calls finish(answer). A plain text reply without tool calls is taken as its final answer,
// as chat APIs end a tool loop. Several calls in one reply are one step of the limit (one LLM
// call) and one trace step each.
#include "readers/agentepisode.h"

namespace assay {

class FunctionCallEpisode : public AgentEpisode {
public:
    FunctionCallEpisode(AgentSetup setup, ReaderRequest request, Reader::Done done);
    void start() override;

private:
    void step();
    void onReply(const LlmResult &r);

    nlohmann::json m_messages = nlohmann::json::array();
};

} // namespace assay
