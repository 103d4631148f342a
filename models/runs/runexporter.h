#pragma once
// A run's executed items as Assay's generic results JSONL (the format `import results
// --format jsonl` reads, so an export imports back as the same run): id, query, answer,
// gold, form, group, true_doc_ids, retrieved_ids, context, trace (an agent's step trace as
// its JSON text), halted, error, latency_ms, level (the task level), identity and template (what
// pairs the items of a gate's --baseline-file, docs/ci.md), and a judge's verdict and
// retrieval_verdict when one is named. The file is written atomically: a failure leaves no partial file.
#include "core/result.h"

namespace assay {

class Database;
class Job;

class RunExporter {
public:
    // The number of items written.
    static Result<qint64> writeJsonl(Database &db, qint64 runId, const QString &path, const QString &judge = {}, Job *job = nullptr);
};

} // namespace assay
