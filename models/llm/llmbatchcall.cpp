#include "llm/llmbatchcall.h"

#include "core/job.h"
#include "llm/llmclient.h"
#include "llm/llmwait.h"

#include <memory>

namespace assay {

Result<QVector<LlmResult>> LlmBatchCall::run(LlmClient &client, const QVector<LlmRequest> &requests, Job *job, bool keepFailures,
                                             const QVector<qint64> &weights, const QString &progressDetail)
{
    using R = Result<QVector<LlmResult>>;
    // Callbacks hold the state, not this frame: after a cancel, late replies land harmlessly.
    struct State {
        QVector<LlmResult> results;
        QString failure;
        int outstanding = 0;
        qint64 done = 0;
        bool waiting = true;
    };
    auto state = std::make_shared<State>();
    state->results.resize(requests.size());
    const bool weighted = weights.size() == requests.size();
    qint64 total = 0;
    for (int i = 0; i < requests.size(); ++i)
        total += weighted ? weights[i] : 1;
    const Status waited = LlmWait::until(
        [&](const LlmWait::Done &done) {
            state->outstanding = int(requests.size());
            if (requests.isEmpty())
                return done();
            for (int i = 0; i < requests.size(); ++i)
                client.send(requests[i], [state, i, job, total, keepFailures, done, progressDetail, weight = weighted ? weights[i] : 1,
                                          name = client.profile().name](const LlmResult &r) {
                    --state->outstanding;
                    state->done += weight;
                    state->results[i] = r;
                    if (!r.ok && !keepFailures && state->failure.isEmpty())
                        state->failure = QStringLiteral("%1: %2 (%3)").arg(name, r.error, r.errorClass);
                    if (!state->waiting)
                        return;
                    if (job)
                        job->reportProgress(state->done, total, progressDetail);
                    if (state->outstanding == 0 || !state->failure.isEmpty())
                        done();
                });
        },
        job);
    state->waiting = false;
    if (!waited)
        return R::failure(waited);
    if (!state->failure.isEmpty())
        return R::failure(state->failure);
    return state->results;
}

} // namespace assay
