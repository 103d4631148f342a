#pragma once
// A unit of long work run on the thread pool. The work function reports progress and polls
// isCancelled(); signals reach GUI receivers queued, so the GUI thread never blocks.
#include "core/etaestimator.h"
#include "core/result.h"

#include <QMutex>
#include <QObject>
#include <QString>

#include <optional>

#include <atomic>
#include <functional>
#include <memory>

namespace assay {

class Job : public QObject {
    Q_OBJECT
public:
    using Work = std::function<Status(Job &)>;

    Job(QString title, Work work, QObject *parent = nullptr);
    ~Job() override;

    QString title() const { return m_title; }
    bool isRunning() const { return m_running.load(); }
    bool isCancelled() const { return m_cancelled.load(); }
    // How the work ended, once it has (also for a caller that connects to finished() after
    // a quick job already emitted it); empty before.
    std::optional<Status> outcome() const;

    // Starts the work on QThreadPool::globalInstance().
    void start();
    // Runs the work on the calling thread (CLI, tests).
    Status runHere();
    // Blocks until a started job has finished; for the CLI and tests only.
    void wait();
    // Lets go of a job its owner no longer waits for (a dialog or window closing while a
    // server is still being reached): cancelled, cut from the owner's slots, and deleted when
    // its work ends — the GUI thread does not wait for it. One not running is deleted now.
    static void abandon(std::unique_ptr<Job> job, const QObject *owner);

    // Called from the work function (any thread).
    void reportProgress(qint64 done, qint64 total, const QString &detail = {});
    // One of a few long steps (the demo's runs, students, fit): always reported, never thinned
    // out like reportProgress's frequent updates, so a log lists every step.
    void reportStep(qint64 done, qint64 total, const QString &detail);

public slots:
    void cancel();

signals:
    // etaSeconds < 0 while unknown.
    void progressChanged(qint64 done, qint64 total, const QString &detail, double etaSeconds);
    void finished(bool ok, const QString &message);

private:
    Status execute();

    QString m_title;
    Work m_work;
    std::optional<Status> m_outcome; // guarded by m_mutex
    std::atomic_bool m_cancelled{false};
    std::atomic_bool m_running{false};
    mutable QMutex m_mutex;
    EtaEstimator m_eta;
    qint64 m_lastEmitMs = -1;
    QElapsedTimer m_emitClock;
    class Waiter;
    std::unique_ptr<Waiter> m_waiter;
};

} // namespace assay
