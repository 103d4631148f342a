#include "irt/irtsearchprogress.h"

#include <QDateTime>

namespace assay {

void IrtSearchProgress::stage(double from, double to, const QString &text)
{
    if (!m_report)
        return;
    {
        QMutexLocker lock(&m_mutex);
        m_from = from;
        m_to = to;
        m_text = text;
        m_iterations = 0;
        m_lastReportMs = QDateTime::currentMSecsSinceEpoch();
    }
    m_report(from, text);
}

std::function<bool()> IrtSearchProgress::counting(std::function<bool()> cancelled)
{
    if (!m_report)
        return cancelled;
    return [this, cancelled = std::move(cancelled)] {
        iteration();
        return cancelled && cancelled();
    };
}

void IrtSearchProgress::iteration()
{
    const long long n = ++m_iterations;
    double fraction;
    QString text;
    {
        QMutexLocker lock(&m_mutex);
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        if (m_lastReportMs >= 0 && now - m_lastReportMs < 50)
            return;
        m_lastReportMs = now;
        // Half the stage's share after 100 iterations, ever closer to its end after that.
        fraction = m_from + (m_to - m_from) * double(n) / double(n + 100);
        text = QStringLiteral("%1: iteration %2").arg(m_text).arg(n);
    }
    m_report(fraction, text);
}

} // namespace assay
