#include "core/job.h"

#include <QFuture>
#include <QtConcurrent/QtConcurrentRun>

namespace assay {

class Job::Waiter {
public:
    QFuture<void> future;
};

Job::Job(QString title, Work work, QObject *parent)
    : QObject(parent), m_title(std::move(title)), m_work(std::move(work)), m_waiter(std::make_unique<Waiter>())
{
}

Job::~Job()
{
    cancel();
    wait();
}

void Job::abandon(std::unique_ptr<Job> job, const QObject *owner)
{
    if (!job || !job->isRunning())
        return; // destroyed here: nothing to wait for
    Job *running = job.release();
    running->cancel();
    disconnect(running, nullptr, owner, nullptr);
    connect(running, &Job::finished, running, &QObject::deleteLater);
    if (!running->isRunning())
        running->deleteLater(); // it finished meanwhile (deleteLater twice is harmless)
}

void Job::start()
{
    m_running = true;
    // The outcome reaches the caller through finished().
    m_waiter->future = QtConcurrent::run([this] { static_cast<void>(execute()); });
}

Status Job::runHere()
{
    m_running = true;
    return execute();
}

void Job::wait()
{
    if (m_waiter->future.isValid())
        m_waiter->future.waitForFinished();
}

Status Job::execute()
{
    {
        QMutexLocker lock(&m_mutex);
        m_eta.start();
        m_emitClock.start();
        m_lastEmitMs = -1;
    }
    Status status = m_work(*this);
    if (m_cancelled && (status || status.isCancelled()))
        status = Status::cancelled(QStringLiteral("%1: cancelled").arg(m_title));
    {
        QMutexLocker lock(&m_mutex);
        m_outcome = status;
    }
    m_running = false;
    emit finished(status.ok(), status.ok() ? QString() : status.error());
    return status;
}

void Job::reportProgress(qint64 done, qint64 total, const QString &detail)
{
    double eta;
    {
        QMutexLocker lock(&m_mutex);
        m_eta.update(done, total);
        const qint64 now = m_emitClock.elapsed();
        // At most ten updates a second reach the GUI, but the last one always does.
        if (done < total && m_lastEmitMs >= 0 && now - m_lastEmitMs < 100)
            return;
        m_lastEmitMs = now;
        eta = m_eta.secondsLeft();
    }
    emit progressChanged(done, total, detail, eta);
}

void Job::reportStep(qint64 done, qint64 total, const QString &detail)
{
    double eta;
    {
        QMutexLocker lock(&m_mutex);
        m_eta.update(done, total);
        m_lastEmitMs = m_emitClock.elapsed();
        eta = m_eta.secondsLeft();
    }
    emit progressChanged(done, total, detail, eta);
}

void Job::cancel() { m_cancelled = true; }

std::optional<Status> Job::outcome() const
{
    QMutexLocker lock(&m_mutex);
    return m_outcome;
}

} // namespace assay
