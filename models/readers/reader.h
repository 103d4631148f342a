#pragma once
// What answers a run's item from its retrieved context. Readers are asynchronous on the
// calling thread's event loop: answer() returns at once and `done` is called later (or at
// once, for the offline reader), exactly one time per request.
#include "core/result.h"

#include <QPair>
#include <QStringList>
#include <QVector>

#include <functional>
#include <memory>

namespace assay {

class AgentTools;
class Database;
class LlmStore;
struct PipelineSpec;

struct ReaderContext {
    QString docId;
    QString text;
};

struct ReaderRequest {
    QString itemKey;
    QString query;
    QVector<ReaderContext> contexts;
    QVector<QPair<QString, QString>> examples; // worked examples: question, answer
};

struct ReaderAnswer {
    QString answer;
    QString trace;
    bool halted = false;
    QString error;
    // Why it failed, for counting and retrying: rate_limited, server, timeout, truncated,
    // invalid_json, connection (the transport), auth, client_error, insufficient_quota
    // (the request), system (the system answered with an error), retrieval.
    QString errorClass;
    bool hasOwnContext = false; // an external system reported the context it used
    QStringList contextIds;
    QString contextText;
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    double cost = 0;
    // The model's client stopped for good (auth refused, quota, a rate limit that does not
    // lift): the run stops too, its other items left pending for the next run.
    bool stopsRun = false;
    bool usageUnknown = false; // the model's reply reported no token usage: the counts above are not its
};

class Reader {
public:
    using Done = std::function<void(const ReaderAnswer &)>;
    virtual ~Reader() = default;
    virtual void answer(const ReaderRequest &request, Done done) = 0;
    // How many requests may be in flight at once.
    virtual int concurrency() const { return 1; }
    // Stops work in flight (cancel); pending callbacks are not called after this.
    virtual void abort() {}
    // Answers without calling anything that costs (no LLM, no external system): its items
    // finish in microseconds, and the run commits their results in batches.
    virtual bool answersAtOnce() const { return false; }

    // The reader of the pipeline's kind in ReaderRegistry. `store` (optional) caches LLM
    // calls and records them in the ledger; `tools` are what the agentic readers (react:,
    // fc:, dfsdt:, pal:) act with, and they need them.
    static Result<std::unique_ptr<Reader>> create(const PipelineSpec &spec, LlmStore *store, const AgentTools *tools = nullptr);
};

} // namespace assay
