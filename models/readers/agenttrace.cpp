#include "readers/agenttrace.h"

namespace assay {

namespace {

std::string utf8(const QString &s) { return s.toStdString(); }

QString text(const nlohmann::json &o, const char *key)
{
    const auto it = o.find(key);
    return it != o.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

} // namespace

void AgentTrace::append(AgentStep step)
{
    if (step.observation.size() > observationChars)
        step.observation = step.observation.left(observationChars) + QStringLiteral(" …");
    m_steps.append(std::move(step));
}

qint64 AgentTrace::tokens() const
{
    qint64 n = 0;
    for (const AgentStep &s : m_steps)
        n += s.promptTokens + s.completionTokens;
    return n;
}

QString AgentTrace::stopName(Stop stop)
{
    switch (stop) {
    case Stop::Finish: return QStringLiteral("finish");
    case Stop::Steps: return QStringLiteral("steps");
    case Stop::Budget: return QStringLiteral("budget");
    case Stop::Error: return QStringLiteral("error");
    case Stop::GaveUp: return QStringLiteral("gave_up");
    }
    return {};
}

QString AgentTrace::toJson() const
{
    nlohmann::json steps = nlohmann::json::array();
    for (const AgentStep &s : m_steps)
        steps.push_back({{"thought", utf8(s.thought)},
                         {"action", utf8(s.action)},
                         {"arguments", s.arguments},
                         {"observation", utf8(s.observation)},
                         {"error", s.error},
                         {"prompt_tokens", s.promptTokens},
                         {"completion_tokens", s.completionTokens},
                         {"latency_ms", s.latencyMs},
                         {"depth", s.depth}});
    const nlohmann::json j = {{"agent_trace", 1}, {"workflow", utf8(m_workflow)}, {"stop", utf8(stopName(m_stop))}, {"steps", steps}};
    return QString::fromStdString(j.dump());
}

bool AgentTrace::isAgentTrace(const QString &text) { return text.startsWith(QLatin1String("{\"agent_trace\":")); }

Result<AgentTrace> AgentTrace::fromJson(const QString &json)
{
    using R = Result<AgentTrace>;
    const auto j = nlohmann::json::parse(json.toStdString(), nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("agent_trace"))
        return R::failure(QStringLiteral("not an agent trace (a JSON object with \"agent_trace\")"));
    if (!j.contains("steps") || !j["steps"].is_array())
        return R::failure(QStringLiteral("agent trace: \"steps\" is not a list"));
    AgentTrace t(text(j, "workflow"));
    const QString stop = text(j, "stop");
    bool known = false;
    for (Stop s : {Stop::Finish, Stop::Steps, Stop::Budget, Stop::Error, Stop::GaveUp})
        if (stopName(s) == stop) {
            t.m_stop = s;
            known = true;
        }
    if (!known)
        return R::failure(QStringLiteral("agent trace: unknown stop reason '%1'").arg(stop));
    int index = 0;
    for (const auto &s : j["steps"]) {
        ++index;
        if (!s.is_object())
            return R::failure(QStringLiteral("agent trace: step %1 is not an object").arg(index));
        AgentStep step;
        step.thought = text(s, "thought");
        step.action = text(s, "action");
        step.arguments = s.value("arguments", nlohmann::json::object());
        step.observation = text(s, "observation");
        step.error = s.value("error", false);
        step.promptTokens = s.value("prompt_tokens", qint64(0));
        step.completionTokens = s.value("completion_tokens", qint64(0));
        step.latencyMs = s.value("latency_ms", 0.0);
        step.depth = s.value("depth", 0);
        t.m_steps.append(std::move(step));
    }
    return t;
}

QString AgentTrace::scratchpad() const
{
    QStringList lines;
    for (const AgentStep &s : m_steps) {
        if (!s.thought.isEmpty())
            lines << s.thought;
        if (!s.action.isEmpty()) {
            QStringList values;
            for (const auto &[key, value] : s.arguments.items())
                values << (value.is_string() ? QString::fromStdString(value.get<std::string>()) : QString::fromStdString(value.dump()));
            lines << s.action + QLatin1Char(' ') + values.join(QLatin1Char(' '));
        }
        if (!s.observation.isEmpty())
            lines << s.observation;
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace assay
