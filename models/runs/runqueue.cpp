#include "runs/runqueue.h"

#include "core/job.h"
#include "project/database.h"
#include "project/project.h"
#include "runs/runstore.h"
#include "runs/scorer.h"

#include <QElapsedTimer>

#include <atomic>
#include <memory>

namespace assay {

RunQueue::RunQueue(Project &project, QObject *parent) : QObject(parent), m_path(project.path()), m_db(project.database())
{
    qRegisterMetaType<RunProgress>();
}

RunQueue::~RunQueue()
{
    if (m_job) {
        m_job->cancel();
        m_job->wait();
    }
}

Result<int> RunQueue::enqueue(const QVector<PlannedRun> &runs, const std::optional<ScoreSpec> &score)
{
    if (score)
        if (auto valid = Scorer::validateJudge(score->judge); !valid)
            return Result<int>::failure(valid);
    RunStore store(m_db);
    QVector<QPair<qint64, QString>> created;
    for (const PlannedRun &run : runs) {
        auto id = store.openOrCreate(run.name, run.spec, run.querySet, run.testsetId);
        if (!id)
            return Result<int>::failure(QStringLiteral("run '%1': %2").arg(run.name, id.error()));
        created.append({id.value(), run.name});
    }
    for (const auto &c : created) {
        if (score)
            m_scoring.insert(c.first, *score);
        if (!m_queue.contains(c))
            m_queue.enqueue(c);
    }
    m_paused = false;
    if (!isRunning())
        startNext();
    return int(created.size());
}

Status RunQueue::score(qint64 runId, const QString &name, const ScoreSpec &spec)
{
    if (auto valid = Scorer::validateJudge(spec.judge); !valid)
        return valid;
    m_scoring.insert(runId, spec);
    if (!m_queue.contains(qMakePair(runId, name)) && !(isRunning() && m_current.first == runId))
        m_queue.enqueue({runId, name});
    m_paused = false;
    if (!isRunning())
        startNext();
    return {};
}

Result<qint64> RunQueue::retryFailed(qint64 runId, const QString &name)
{
    if (isRunning() && m_current.first == runId)
        return Result<qint64>::failure(QStringLiteral("run '%1' is running; pause it first").arg(name));
    auto reset = RunStore(m_db).retryFailed(runId);
    if (!reset)
        return reset;
    if (reset.value() > 0 && !m_queue.contains(qMakePair(runId, name)))
        m_queue.enqueue({runId, name});
    m_paused = false;
    if (!isRunning())
        startNext();
    return reset;
}

Result<int> RunQueue::resumePaused()
{
    int added = 0;
    RunStore store(m_db);
    auto runs = store.runs();
    if (!runs)
        return Result<int>::failure(runs);
    for (const RunSummary &r : runs.value()) {
        if (r.source != QLatin1String("executed") || r.done + r.errors >= r.total)
            continue;
        auto id = store.idOf(r.name);
        if (id && !m_queue.contains(qMakePair(id.value(), r.name)) && !(isRunning() && m_current.first == id.value())) {
            m_queue.enqueue({id.value(), r.name});
            ++added;
        }
    }
    m_paused = false;
    if (!isRunning())
        startNext();
    return added;
}

void RunQueue::pause()
{
    m_paused = true;
    if (m_job)
        m_job->cancel();
}

void RunQueue::cancel()
{
    m_queue.clear();
    m_forgetCurrent = true;
    pause();
}

void RunQueue::start()
{
    m_paused = false;
    if (!isRunning())
        startNext();
}

void RunQueue::startNext()
{
    // Called directly (start, enqueue, resume) and queued after a run ends: whichever comes
    // second finds the queue busy. Replacing a live job would cancel it and lose its run.
    if (m_busy)
        return;
    if (m_paused || m_queue.isEmpty()) {
        emit idle();
        return;
    }
    m_current = m_queue.dequeue();
    const auto [runId, name] = m_current;
    const QString path = m_path;
    const std::optional<ScoreSpec> scoring = m_scoring.contains(runId) ? std::optional<ScoreSpec>(m_scoring.value(runId)) : std::nullopt;
    // Set by the job when the run stopped with items still pending (a pause, not a failure).
    auto stoppedEarly = std::make_shared<std::atomic_bool>(false);
    m_job = std::make_unique<Job>(tr("Run %1").arg(name), [this, path, scoring, stoppedEarly, runId = runId, name = name](Job &job) {
        // A connection of this thread: the GUI's connection stays free for reading.
        auto db = Project::openConnection(path);
        if (!db)
            return Status::failure(db.error());
        QElapsedTimer clock;
        clock.start();
        qint64 lastEmit = -1000;
        auto report = RunExecutor::execute(db.value(), runId, &job, [&](const RunExecutor::Report &r, qint64 total) {
            // At most ten updates a second reach the GUI, and always the last one.
            if (clock.elapsed() - lastEmit < 100 && r.executed < total)
                return;
            lastEmit = clock.elapsed();
            RunProgress p;
            p.runId = runId;
            p.name = name;
            p.done = r.executed;
            p.total = total;
            p.errors = r.errors;
            p.cost = r.cost;
            p.unserved = r.unserved;
            const double seconds = clock.elapsed() / 1000.0;
            p.itemsPerSecond = seconds > 0 ? r.executed / seconds : 0;
            p.etaSeconds = p.itemsPerSecond > 0 ? (total - r.executed) / p.itemsPerSecond : -1;
            emit progress(p); // queued to the queue's thread
        });
        if (!report)
            return Status::failure(report.error());
        if (!report.value().finished) {
            *stoppedEarly = true;
            return Status::cancelled(QStringLiteral("paused"));
        }
        if (!scoring)
            return Status();
        auto scored = Scorer::score(db.value(), runId, scoring->judge, {scoring->closedDomain, {}, scoring->repeat, scoring->retryFailed}, &job);
        if (!scored)
            return Status::failure(QStringLiteral("scoring with %1: %2").arg(scoring->judge, scored.error()), scored.code());
        emit runScored(runId, name, scoring->judge, scored.value().items, scored.value().correct + scored.value().incorrect, scored.value().correct, scored.value().failedRequests,
                       scored.value().lastFailure); // queued to the queue's thread
        return Status();
    });
    connect(m_job.get(), &Job::finished, this, [this, stoppedEarly, runId = runId, name = name](bool ok, const QString &message) {
        m_busy = false;
        // A paused run goes back to the head of the queue, so Resume continues it first.
        if (!ok && m_paused && !m_forgetCurrent && *stoppedEarly)
            m_queue.prepend(m_current);
        m_forgetCurrent = false;
        m_lastCancelled = (m_job && m_job->isCancelled()) || *stoppedEarly;
        if (ok)
            m_scoring.remove(runId);
        emit runFinished(runId, name, ok, message);
        // Not from inside the job's own signal: the next job replaces this one.
        QMetaObject::invokeMethod(this, [this] { startNext(); }, Qt::QueuedConnection);
    });
    m_busy = true;
    emit runStarted(runId, name);
    m_job->start();
}

} // namespace assay
