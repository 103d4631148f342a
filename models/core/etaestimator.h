#pragma once
#include <QElapsedTimer>
#include <QString>

namespace assay {

// Estimates the time left for work measured in units done out of a total. The rate is
// smoothed exponentially so that one slow item (a retried HTTP call) does not make the ETA jump.
class EtaEstimator {
public:
    void start();
    // Records progress at the given elapsed time (ms since start()).
    void update(qint64 done, qint64 total, qint64 elapsedMs);
    void update(qint64 done, qint64 total);
    // Seconds left, or a negative number while unknown.
    double secondsLeft() const;
    double unitsPerSecond() const { return m_rate; }
    // "about 3 min left"; empty while unknown.
    static QString describe(double secondsLeft);

private:
    QElapsedTimer m_clock;
    qint64 m_lastDone = 0;
    qint64 m_lastMs = 0;
    qint64 m_done = 0;
    qint64 m_total = 0;
    double m_rate = -1; // units per second
};

} // namespace assay
