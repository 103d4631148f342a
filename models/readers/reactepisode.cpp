#include "readers/reactepisode.h"

#include "readers/reactaction.h"

namespace assay {

ReactEpisode::ReactEpisode(AgentSetup setup, ReaderRequest request, Reader::Done done)
    : AgentEpisode(std::move(setup), std::move(request), std::move(done), QStringLiteral("react"))
{
}

void ReactEpisode::start()
{
    m_messages.push_back({{"role", "user"}, {"content", firstMessage(m_setup.prompt, m_request).toStdString()}});
    step();
}

void ReactEpisode::step()
{
    // The model is stopped before it writes an observation of its own.
    static const nlohmann::json extra = {{"stop", nlohmann::json::array({"\nObservation"})}};
    ask(m_messages, extra, [this](const LlmResult &r) { onReply(r); });
}

void ReactEpisode::onReply(const LlmResult &r)
{
    const QString completion = r.content();
    const ReactAction action = ReactAction::parse(completion);
    AgentStep s;
    s.thought = action.thought;
    QString said; // the assistant turn as kept in the conversation
    if (!action.valid()) {
        s.error = true;
        s.observation = action.error;
        said = completion.trimmed().left(2000);
    } else {
        s.action = action.tool;
        s.arguments = action.arguments;
        said = (action.thought.isEmpty() ? QString() : QStringLiteral("Thought: %1\n").arg(action.thought)) + action.actionText();
        if (action.tool == QLatin1String("finish")) {
            s.observation = QStringLiteral("Finished.");
            record(s);
            return finish(QString::fromStdString(action.arguments.value("answer", std::string())));
        }
        const auto o = use(action.tool, action.arguments);
        if (!o)
            return;
        s.observation = o->text;
        s.error = o->error;
    }
    const QString observation = s.observation;
    record(std::move(s));
    if (overBudget())
        return;
    m_messages.push_back({{"role", "assistant"}, {"content", said.toStdString()}});
    m_messages.push_back({{"role", "user"}, {"content", (QStringLiteral("Observation: ") + observation).toStdString()}});
    step();
}

} // namespace assay
