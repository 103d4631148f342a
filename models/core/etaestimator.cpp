#include "core/etaestimator.h"

namespace assay {

void EtaEstimator::start()
{
    m_clock.start();
    m_lastDone = m_lastMs = m_done = m_total = 0;
    m_rate = -1;
}

void EtaEstimator::update(qint64 done, qint64 total)
{
    update(done, total, m_clock.isValid() ? m_clock.elapsed() : 0);
}

void EtaEstimator::update(qint64 done, qint64 total, qint64 elapsedMs)
{
    m_done = done;
    m_total = total;
    const qint64 dUnits = done - m_lastDone;
    const qint64 dMs = elapsedMs - m_lastMs;
    if (dUnits <= 0 || dMs <= 0)
        return;
    const double instant = double(dUnits) * 1000.0 / double(dMs);
    // Weight of the newest sample; about the last ten updates dominate.
    constexpr double alpha = 0.2;
    m_rate = m_rate < 0 ? instant : alpha * instant + (1 - alpha) * m_rate;
    m_lastDone = done;
    m_lastMs = elapsedMs;
}

double EtaEstimator::secondsLeft() const
{
    if (m_total <= 0 || m_rate <= 0)
        return -1;
    if (m_done >= m_total)
        return 0;
    return double(m_total - m_done) / m_rate;
}

QString EtaEstimator::describe(double secondsLeft)
{
    if (secondsLeft < 0)
        return {};
    if (secondsLeft < 1)
        return QStringLiteral("almost done");
    if (secondsLeft < 60)
        return QStringLiteral("about %1 s left").arg(qRound(secondsLeft));
    if (secondsLeft < 3600)
        return QStringLiteral("about %1 min left").arg(qRound(secondsLeft / 60.0));
    const int minutes = qRound(secondsLeft / 60.0);
    return QStringLiteral("about %1 h %2 min left").arg(minutes / 60).arg(minutes % 60);
}

} // namespace assay
