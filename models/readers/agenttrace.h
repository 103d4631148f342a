#pragma once
// The step trace of an agentic workflow's item, stored with the item (run_item.trace) as JSON:
//   {"agent_trace": 1, "workflow": "react", "stop": "finish", "steps": [
//     {"thought": ..., "action": "search", "arguments": {...}, "observation": ..., "error": false,
//      "prompt_tokens": N, "completion_tokens": N, "latency_ms": X, "depth": 0}, ...]}
// Observations are kept as an excerpt (at most observationChars). The item inspector shows the
// steps as a timeline, exports carry the JSON, and the taxonomy reads the scratchpad.
#include "core/result.h"

#include <QString>
#include <QVector>

#include <nlohmann/json.hpp>

namespace assay {

struct AgentStep {
    QString thought;
    QString action;            // the tool called; empty when the completion had no valid action
    nlohmann::json arguments = nlohmann::json::object();
    QString observation;       // what the model was shown (an excerpt)
    bool error = false;        // an invalid action or a refused call
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    double latencyMs = 0;
    int depth = 0; // DFSDT: the node's depth in the search tree; other workflows 0
};

class AgentTrace {
public:
    static constexpr int observationChars = 2000;
    // Why the item's workflow stopped; GaveUp: DFSDT abandoned every branch.
    enum class Stop { Finish, Steps, Budget, Error, GaveUp };

    explicit AgentTrace(QString workflow = {}) : m_workflow(std::move(workflow)) {}
    void append(AgentStep step); // cuts the observation to its excerpt
    void setStop(Stop stop) { m_stop = stop; }
    Stop stop() const { return m_stop; }
    QString workflow() const { return m_workflow; }
    const QVector<AgentStep> &steps() const { return m_steps; }
    qint64 tokens() const;

    QString toJson() const;
    // A stored trace; the failure names what is wrong with it.
    static Result<AgentTrace> fromJson(const QString &text);
    static bool isAgentTrace(const QString &text);
    // R-Eval's scratchpad part of the trace: thoughts, actions and observations in order, as
    // plain text for the taxonomy (is the gold answer anywhere the model saw or wrote?).
    QString scratchpad() const;
    static QString stopName(Stop stop);

private:
    QString m_workflow;
    Stop m_stop = Stop::Finish;
    QVector<AgentStep> m_steps;
};

} // namespace assay
