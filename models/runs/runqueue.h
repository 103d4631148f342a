#pragma once
// Runs started from the GUI: each queued run executes in a background Job on its own
// connection to the project file, one after the other; progress arrives as signals on the
// owner's thread. Pausing cancels the running job (its run stays resumable) and keeps the
// queue; resuming queues the project's paused runs again.
#include "scoring/closeddomain.h"
#include "core/result.h"
#include "runs/runexecutor.h"
#include "runs/runplan.h"

#include <QObject>
#include <QHash>
#include <QQueue>

#include <optional>

#include <memory>

namespace assay {

class Database;
class Project;
class Job;

struct RunProgress {
    qint64 runId = 0;
    QString name;
    qint64 done = 0;
    qint64 total = 0;
    qint64 errors = 0;
    double cost = 0;
    double itemsPerSecond = 0;
    double etaSeconds = -1;
    qint64 unserved = 0; // oracle runs: items whose group has no true document, so it returned nothing
};

// How a run is scored when it ends: the judge (exact, f1[:T], contains, llm:PROFILE) and
// the closed-domain rule.
struct ScoreSpec {
    QString judge;
    ClosedDomain::Setting closedDomain; // auto
    int repeat = 1; // independent verdicts per item (LLM judges)
    bool retryFailed = false; // judge again only the items whose judge request failed
};

class RunQueue : public QObject {
    Q_OBJECT
public:
    explicit RunQueue(Project &project, QObject *parent = nullptr);
    ~RunQueue() override;

    // Creates (or finds, to continue) each run and queues it; starts when idle. With a score
    // spec, each run is scored when it has executed every item.
    Result<int> enqueue(const QVector<PlannedRun> &runs, const std::optional<ScoreSpec> &score = std::nullopt);
    // Scores a run (executed or imported) in the background: queued like a run, so it waits
    // for the run in flight; a run with pending items executes them first.
    Status score(qint64 runId, const QString &name, const ScoreSpec &spec);
    // Queues the project's runs that are paused or were interrupted.
    Result<int> resumePaused();
    // Puts a run's failed items back to pending and queues the run: the number of items.
    Result<qint64> retryFailed(qint64 runId, const QString &name);
    void pause();  // the current run stops after its items in flight; the queue waits
    void cancel(); // pause, and forget the queue (runs stay resumable)
    void start();  // continues the queue after a pause

    // From a run's start until its finished() was handled here: the job's worker may already
    // have returned, but the queue has not yet moved on.
    bool isRunning() const { return m_busy; }
    bool isPaused() const { return m_paused; }
    int queued() const { return int(m_queue.size()); }
    Job *currentJob() const { return m_job.get(); }
    // Whether the run that finished last was stopped by pause or cancel, with items still
    // pending (not a failure).
    bool lastRunCancelled() const { return m_lastCancelled; }

signals:
    void runStarted(qint64 runId, const QString &name);
    void progress(const assay::RunProgress &progress);
    void runFinished(qint64 runId, const QString &name, bool ok, const QString &message);
    // After a run was scored: the judge, items judged and items correct.
    // failedRequests: items left unread because their judge request failed (lastFailure: the
    // last error); ScoreSpec::retryFailed judges only those again.
    void runScored(qint64 runId, const QString &name, const QString &judge, qint64 items, qint64 judged, qint64 correct, qint64 failedRequests, const QString &lastFailure);
    void idle();

private:
    void startNext();

    QString m_path;
    Database &m_db;
    QQueue<QPair<qint64, QString>> m_queue;
    std::unique_ptr<Job> m_job;
    bool m_paused = false;
    bool m_busy = false; // a job was started and its finished() is not yet handled
    bool m_lastCancelled = false;
    bool m_forgetCurrent = false; // cancel: the interrupted run is not queued again
    QPair<qint64, QString> m_current;
    QHash<qint64, ScoreSpec> m_scoring; // run id → how to score it when it ends
};

} // namespace assay

Q_DECLARE_METATYPE(assay::RunProgress)
