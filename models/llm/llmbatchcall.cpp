#include "llm/llmbatchcall.h"

#include "core/job.h"
#include "llm/llmclient.h"

#include <QEventLoop>
#include <QPointer>
#include <QTimer>

#include <memory>

namespace assay {

Result<QVector<LlmResult>> LlmBatchCall::run(LlmClient &client, const QVector<LlmRequest> &requests, Job *job, bool keepFailures)
{
    using R = Result<QVector<LlmResult>>;
    // Callbacks hold the state, not this frame: after a cancel, late replies land harmlessly.
    struct State {
        QVector<LlmResult> results;
        QString failure;
        int outstanding = 0;
        QPointer<QEventLoop> loop;
    };
    auto state = std::make_shared<State>();
    state->results.resize(requests.size());
    QEventLoop loop;
    state->loop = &loop;
    const qint64 total = requests.size();
    for (int i = 0; i < requests.size(); ++i) {
        ++state->outstanding;
        client.send(requests[i], [state, i, job, total, keepFailures, name = client.profile().name](const LlmResult &r) {
            --state->outstanding;
            state->results[i] = r;
            if (!r.ok && !keepFailures && state->failure.isEmpty())
                state->failure = QStringLiteral("%1: %2 (%3)").arg(name, r.error, r.errorClass);
            if (job && state->loop)
                job->reportProgress(total - state->outstanding, total);
            if ((state->outstanding == 0 || !state->failure.isEmpty()) && state->loop)
                state->loop->quit();
        });
    }
    QTimer cancel;
    if (job) {
        QObject::connect(&cancel, &QTimer::timeout, &loop, [&] {
            if (job->isCancelled()) {
                state->failure = QStringLiteral("cancelled");
                loop.quit();
            }
        });
        cancel.start(100);
    }
    if (state->outstanding > 0 && state->failure.isEmpty())
        loop.exec();
    state->loop = nullptr;
    if (!state->failure.isEmpty())
        return R::failure(state->failure);
    return state->results;
}

} // namespace assay
