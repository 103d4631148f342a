#pragma once
// One item worked by an agentic workflow: the conversation with the model, the tools it
// calls, the step trace and the stop rules. Each workflow (ReAct, function calling, DFSDT,
// PAL) is a subclass that decides what to send next and what a reply means; this base does
// the accounting every workflow shares:
//   - at most `maxSteps` LLM calls (DFSDT: nodes expanded) and `budget` tokens per item; an
//     item stopped by a limit is halted, with no error (R-Eval's TE);
//   - a failed LLM call ends the item with the client's error class (R-Eval's ME);
//   - the documents the tools showed become the item's context, so retrieval metrics and the
//     taxonomy see what the agent saw.
// Episodes live as long as a request of theirs is in flight (shared ownership through the
// callbacks); a reader that is aborted drops them without calling `done`.
#include "readers/agenttools.h"
#include "readers/agenttrace.h"
#include "llm/llmrequest.h"
#include "readers/reader.h"

#include <QMap>

#include <memory>

namespace assay {

class LlmClient;

struct AgentSetup {
    LlmClient *client = nullptr;
    const AgentTools *tools = nullptr;
    QString prompt;      // the workflow's prompt template
    QString tag;         // accounting tag of the calls (the pipeline)
    int maxSteps = 10;
    qint64 budget = 0;   // tokens per item; 0: none
    int width = 2;       // DFSDT: alternatives per node
    int maxTokens = 512; // per completion
    std::shared_ptr<bool> alive; // false once the reader is aborted
};

class AgentEpisode : public std::enable_shared_from_this<AgentEpisode> {
public:
    AgentEpisode(AgentSetup setup, ReaderRequest request, Reader::Done done, const QString &workflow);
    virtual ~AgentEpisode() = default;
    virtual void start() = 0;

    // The prompt template filled with the question and the worked examples.
    static QString firstMessage(const QString &prompt, const ReaderRequest &request, const QMap<QString, QString> &more = {});

protected:
    using Reply = std::function<void(const LlmResult &)>;
    // Sends the conversation (plus `extra` body fields such as tools or stop) as one step.
    // Returns false, having ended the item, when the step limit is reached.
    bool ask(const nlohmann::json &messages, const nlohmann::json &extra, Reply onReply);
    // Calls a tool ("program": AgentTools::program with {"query"}); Assay's own failure (a store error) ends the item and gives nullopt.
    std::optional<AgentTools::Observation> use(const QString &tool, const nlohmann::json &arguments);
    // Calls a tool for step s and puts its observation and error into s. False when the item
    // has ended: Assay's own failure (use()), or a tool that gave the answer (s recorded, the
    // item finished). Every workflow's tool handling goes through here.
    bool observe(const QString &tool, const nlohmann::json &arguments, AgentStep &s);
    // Records a step; the LLM call's tokens and latency go to the first step recorded after it.
    void record(AgentStep step);
    // After a reply: true (and the item ended as halted) when the token budget is spent.
    bool overBudget();
    void finish(const QString &answer);
    // Function calling's end: a reply without tool calls is the final answer (a finish step).
    void finishWithReply(const LlmResult &r, int depth = 0);
    void halt(AgentTrace::Stop stop);
    // The LLM call failed: the item ends with its error.
    void fail(const LlmResult &r);
    void fail(const QString &error, const QString &errorClass, bool stopsRun = false);
    bool ended() const { return m_ended; }
    int stepsTaken() const { return m_calls; }

    AgentSetup m_setup;
    ReaderRequest m_request;

private:
    void end(ReaderAnswer answer);

    Reader::Done m_done;
    AgentTrace m_trace;
    int m_calls = 0;
    bool m_ended = false;
    qint64 m_tokens = 0;
    double m_cost = 0;
    qint64 m_promptTokens = 0;
    qint64 m_completionTokens = 0;
    // The last call's figures, waiting for the step they belong to.
    qint64 m_pendingPrompt = 0, m_pendingCompletion = 0;
    double m_pendingLatency = 0;
    QStringList m_contextIds;
    QStringList m_contextTexts;
};

} // namespace assay
