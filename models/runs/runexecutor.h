#pragma once
// Executes a run's pending items with its pipeline and persists each result as it arrives,
// so an interrupted run (cancelled, or the process killed) continues where it stopped, with
// no item done twice and none lost; LLM calls answer from the project's cache on a rerun.
// Readers work asynchronously: up to the reader's concurrency items are in flight, on a
// local event loop of the calling thread (a worker thread in the GUI, the main one in the CLI).
#include "core/result.h"

#include <functional>

namespace assay {

class Database;
class Job;

class RunExecutor {
public:
    struct Report {
        qint64 executed = 0;
        qint64 errors = 0;
        qint64 promptTokens = 0;
        qint64 completionTokens = 0;
        double cost = 0;
        bool finished = false; // false when cancelled with items still pending
        QString lastError;     // the error of the last item that failed (empty: none failed)
        // Items the retriever could not serve: for the oracle, those whose group has no true
        // document (it has nothing to return for them; Corpus → Ground Truth links them).
        qint64 unserved = 0;
        // Answers whose model reply carried no token usage: the token and cost totals are a
        // lower bound when this is not 0.
        qint64 usageUnknown = 0;
    };
    // `job` gets progress (items done of pending) and can cancel; `onProgress` (optional,
    // called on the executing thread) sees the running totals after every item.
    using Progress = std::function<void(const Report &sofar, qint64 pendingAtStart)>;
    static Result<Report> execute(Database &db, qint64 runId, Job *job = nullptr, const Progress &onProgress = {});
};

} // namespace assay
