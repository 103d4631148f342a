#include "readers/functioncallepisode.h"

#include "readers/toolcall.h"

namespace assay {

FunctionCallEpisode::FunctionCallEpisode(AgentSetup setup, ReaderRequest request, Reader::Done done)
    : AgentEpisode(std::move(setup), std::move(request), std::move(done), QStringLiteral("fc"))
{
}

void FunctionCallEpisode::start()
{
    m_messages.push_back({{"role", "user"}, {"content", firstMessage(m_setup.prompt, m_request).toStdString()}});
    step();
}

void FunctionCallEpisode::step()
{
    static const nlohmann::json extra = {{"tools", AgentTools::functionDefinitions()}, {"tool_choice", "auto"}};
    ask(m_messages, extra, [this](const LlmResult &r) { onReply(r); });
}

void FunctionCallEpisode::onReply(const LlmResult &r)
{
    const QVector<ToolCall> calls = ToolCall::fromReply(r);
    if (calls.isEmpty())
        return finishWithReply(r);
    m_messages.push_back(ToolCall::assistantMessage(r));
    for (int i = 0; i < calls.size(); ++i) {
        const ToolCall &call = calls[i];
        AgentStep s;
        s.thought = i == 0 ? r.content().trimmed() : QString();
        s.action = call.name;
        s.arguments = call.arguments;
        if (!call.error.isEmpty()) {
            s.error = true;
            s.observation = call.error;
        } else if (!observe(call.name, call.arguments, s)) {
            return;
        }
        m_messages.push_back(call.resultMessage(s.observation));
        record(std::move(s));
    }
    if (overBudget())
        return;
    step();
}

} // namespace assay
