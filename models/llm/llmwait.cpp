#include "llm/llmwait.h"

#include "core/job.h"

#include <QEventLoop>
#include <QPointer>
#include <QTimer>

#include <memory>

namespace assay {

namespace {
constexpr int CancelPollMs = 100;
}

Status LlmWait::until(const std::function<void(const Done &)> &start, Job *job)
{
    Options options;
    options.job = job;
    return until(start, options);
}

Status LlmWait::until(const std::function<void(const Done &)> &start, const Options &options)
{
    // The flag outlives this frame: a late "done" after a cancel lands harmlessly.
    struct State {
        bool done = false;
        QPointer<QEventLoop> loop;
    };
    auto state = std::make_shared<State>();
    QEventLoop loop;
    state->loop = &loop;
    start([state] {
        state->done = true;
        if (state->loop)
            state->loop->quit();
    });
    bool cancelled = false;
    QTimer poll, grace;
    grace.setSingleShot(true);
    QObject::connect(&grace, &QTimer::timeout, &loop, &QEventLoop::quit);
    if (options.job) {
        QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
            if (cancelled || !options.job->isCancelled())
                return;
            cancelled = true;
            if (options.onCancel)
                options.onCancel();
            if (state->done || options.cancelGraceMs <= 0)
                loop.quit();
            else
                grace.start(options.cancelGraceMs);
        });
        poll.start(CancelPollMs);
    }
    if (!state->done)
        loop.exec();
    state->loop = nullptr;
    if (cancelled || (options.job && options.job->isCancelled() && !state->done))
        return Status::cancelled();
    return {};
}

} // namespace assay
