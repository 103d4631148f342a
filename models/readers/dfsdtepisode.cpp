#include "readers/dfsdtepisode.h"

#include "readers/toolcall.h"

namespace assay {

namespace {

QString describeCall(const ToolCall &call)
{
    return QStringLiteral("%1(%2)").arg(call.name, QString::fromStdString(call.arguments.dump()));
}

} // namespace

DfsdtEpisode::DfsdtEpisode(AgentSetup setup, ReaderRequest request, Reader::Done done)
    : AgentEpisode(std::move(setup), std::move(request), std::move(done), QStringLiteral("dfsdt"))
{
}

nlohmann::json DfsdtEpisode::giveUpDefinition()
{
    return {{"type", "function"},
            {"function",
             {{"name", "give_up_and_restart"},
              {"description", "Abandon this line of work when it cannot lead to the answer; the search goes back to an earlier point and tries something else."},
              {"parameters", {{"type", "object"}, {"properties", nlohmann::json::object()}, {"required", nlohmann::json::array()}}}}}};
}

void DfsdtEpisode::start()
{
    Node root;
    root.messages = nlohmann::json::array({{{"role", "user"}, {"content", firstMessage(m_setup.prompt, m_request).toStdString()}}});
    m_path.append(std::move(root));
    expand();
}

void DfsdtEpisode::expand()
{
    static const nlohmann::json extra = [] {
        nlohmann::json tools = AgentTools::functionDefinitions();
        tools.push_back(giveUpDefinition());
        return nlohmann::json{{"tools", tools}, {"tool_choice", "auto"}};
    }();
    const Node &node = m_path.last();
    nlohmann::json messages = node.messages;
    if (!node.tried.isEmpty()) {
        // ToolLLM's diversity prompt: the new child must differ from the failed ones.
        messages.push_back({{"role", "user"},
                            {"content", QStringLiteral("Earlier attempts from this point failed: %1. Choose a different action.")
                                            .arg(node.tried.join(QStringLiteral("; ")))
                                            .toStdString()}});
    }
    ask(messages, extra, [this](const LlmResult &r) { onReply(r); });
}

void DfsdtEpisode::onReply(const LlmResult &r)
{
    const int depth = int(m_path.size()) - 1;
    const QVector<ToolCall> calls = ToolCall::fromReply(r);
    if (calls.isEmpty())
        return finishWithReply(r, depth);
    AgentStep s;
    s.depth = depth;
    s.thought = r.content().trimmed();
    // One action per node: the first call is the child's edge.
    const ToolCall &call = calls.first();
    s.action = call.name;
    s.arguments = call.arguments;
    if (call.name == QLatin1String("give_up_and_restart")) {
        s.observation = QStringLiteral("Gave up this branch.");
        record(std::move(s));
        return backtrack();
    }
    Node child;
    child.messages = m_path.last().messages;
    nlohmann::json said = ToolCall::assistantMessage(r);
    if (said.contains("tool_calls") && said["tool_calls"].size() > 1)
        said["tool_calls"] = nlohmann::json::array({said["tool_calls"][0]});
    child.messages.push_back(said);
    child.via = describeCall(call);
    if (!call.error.isEmpty()) {
        s.error = true;
        s.observation = call.error;
    } else if (!observe(call.name, call.arguments, s)) {
        return;
    }
    child.messages.push_back(call.resultMessage(s.observation));
    record(std::move(s));
    if (overBudget())
        return;
    m_path.append(std::move(child));
    expand(); // halts as "steps" when the node budget is spent

}

void DfsdtEpisode::backtrack()
{
    // The deepest node is the dead end; its parent tries another child, or is a dead end
    // itself when `width` children of it have failed.
    while (m_path.size() > 1) {
        const QString via = m_path.last().via;
        m_path.removeLast();
        Node &parent = m_path.last();
        parent.tried << via;
        if (parent.tried.size() < m_setup.width)
            return expand();
    }
    // The root itself gave up, or every alternative from it failed.
    halt(AgentTrace::Stop::GaveUp);
}

} // namespace assay
