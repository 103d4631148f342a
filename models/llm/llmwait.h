#pragma once
// The one way Assay waits for LLM work: starts it, then runs a local event loop (a worker
// thread or the CLI; never the GUI thread) until the work says it is done. "Done" may come
// before the loop starts (every reply served from the cache) and is then never missed.
// With a job, a cancel ends the wait: at once, or after letting work in flight settle for
// up to `cancelGraceMs` (the caller's onCancel asks it to stop starting new work).
#include "core/result.h"

#include <functional>

namespace assay {

class Job;

class LlmWait {
public:
    using Done = std::function<void()>;
    struct Options {
        Job *job = nullptr;
        int cancelGraceMs = 0;
        std::function<void()> onCancel;
    };

    // Status::cancelled() when the job was cancelled before the work said it was done.
    static Status until(const std::function<void(const Done &)> &start, const Options &options);
    static Status until(const std::function<void(const Done &)> &start, Job *job = nullptr);
};

} // namespace assay
