#pragma once
// Executes a run's pending items with its pipeline and persists each result as it arrives,
// so an interrupted run (cancelled, or the process killed) continues where it stopped, with
// no item done twice and none lost. Reader "none" is retrieval only and runs offline.
#include "core/result.h"

namespace assay {

class Job;
class Project;

class RunExecutor {
public:
    struct Report {
        qint64 executed = 0;
        qint64 errors = 0;
        bool finished = false; // false when cancelled with items still pending
    };
    static Result<Report> execute(Project &project, qint64 runId, Job *job = nullptr);
};

} // namespace assay
