#pragma once
// Sends a list of requests through a client and waits for all of them on a local event loop
// (a worker thread or the CLI; never the GUI thread). Results come back in request order.
// `job` (optional) gets progress and can cancel; after a cancel, late replies are ignored.
#include "core/result.h"
#include "llm/llmrequest.h"

#include <QVector>

namespace assay {

class Job;
class LlmClient;

class LlmBatchCall {
public:
    // Fails on the first request that fails (its error), unless `keepFailures` is set, in
    // which case failed results are returned as they are. Progress counts requests, or the
    // units of `weights` (one per request, e.g. the texts a request embeds) when given.
    static Result<QVector<LlmResult>> run(LlmClient &client, const QVector<LlmRequest> &requests, Job *job = nullptr, bool keepFailures = false,
                                          const QVector<qint64> &weights = {}, const QString &progressDetail = {});
};

} // namespace assay
