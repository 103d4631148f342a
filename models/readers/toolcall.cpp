#include "readers/toolcall.h"

#include "llm/llmrequest.h"

namespace assay {

namespace {

const nlohmann::json *message(const LlmResult &r)
{
    const auto &b = r.body;
    if (!b.is_object() || !b.contains("choices") || !b["choices"].is_array() || b["choices"].empty())
        return nullptr;
    const auto &choice = b["choices"][0];
    if (!choice.is_object() || !choice.contains("message") || !choice["message"].is_object())
        return nullptr;
    return &choice["message"];
}

} // namespace

QVector<ToolCall> ToolCall::fromReply(const LlmResult &r)
{
    QVector<ToolCall> calls;
    const nlohmann::json *m = message(r);
    if (!m || !m->contains("tool_calls") || !(*m)["tool_calls"].is_array())
        return calls;
    int index = 0;
    for (const auto &c : (*m)["tool_calls"]) {
        ToolCall call;
        call.id = c.is_object() && c.contains("id") && c["id"].is_string() ? QString::fromStdString(c["id"].get<std::string>())
                                                                           : QStringLiteral("call_%1").arg(index);
        ++index;
        const nlohmann::json f = c.is_object() ? c.value("function", nlohmann::json::object()) : nlohmann::json::object();
        if (f.contains("name") && f["name"].is_string())
            call.name = QString::fromStdString(f["name"].get<std::string>());
        const nlohmann::json written = f.value("arguments", nlohmann::json("{}"));
        // The arguments are a JSON text; some servers send the object itself.
        const nlohmann::json parsed = written.is_string() ? nlohmann::json::parse(written.get<std::string>(), nullptr, false) : written;
        if (call.name.isEmpty())
            call.error = QStringLiteral("The tool call names no function.");
        else if (parsed.is_object())
            call.arguments = parsed;
        else
            call.error = QStringLiteral("The arguments of %1 are not a JSON object: %2").arg(call.name, QString::fromStdString(written.dump()).left(200));
        calls << call;
    }
    return calls;
}

nlohmann::json ToolCall::assistantMessage(const LlmResult &r)
{
    nlohmann::json out = {{"role", "assistant"}, {"content", r.content().toStdString()}};
    if (const nlohmann::json *m = message(r); m && m->contains("tool_calls") && (*m)["tool_calls"].is_array()) {
        out["tool_calls"] = (*m)["tool_calls"];
        if (r.content().isEmpty())
            out["content"] = nullptr; // as the API sends it with tool calls
    }
    return out;
}

nlohmann::json ToolCall::resultMessage(const QString &observation) const
{
    return {{"role", "tool"}, {"tool_call_id", id.toStdString()}, {"content", observation.toStdString()}};
}

} // namespace assay
