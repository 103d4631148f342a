#pragma once
// One OpenAI tool call read from a chat completion (choices[0].message.tool_calls[i]):
// its id, the function's name and its arguments. The arguments arrive as a JSON string the
// model wrote; when that is not a JSON object, `error` says so and the workflow shows it to
// the model as the call's observation.
#include <QString>
#include <QVector>

#include <nlohmann/json.hpp>

namespace assay {

struct LlmResult;

struct ToolCall {
    QString id;
    QString name;
    nlohmann::json arguments = nlohmann::json::object();
    QString error;

    // The reply's tool calls, in order (none for a plain text reply).
    static QVector<ToolCall> fromReply(const LlmResult &r);
    // The reply's assistant message as it goes back into the conversation.
    static nlohmann::json assistantMessage(const LlmResult &r);
    // The message carrying a call's observation.
    nlohmann::json resultMessage(const QString &observation) const;
};

} // namespace assay
