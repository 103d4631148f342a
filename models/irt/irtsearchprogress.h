#pragma once
// Where an IRT search is, for a progress bar that moves during the whole fit: the search is a
// few stages (the model comparison, the joint starts, the restarts, the refit with its
// diagnostics, the dimensionality check), each given a share of the bar; inside a stage the
// fitters' iterations move the bar on, never past the stage's end (how many iterations a fit
// takes is not known ahead). The iterations are counted where the fitters already ask whether
// to stop (IrtOptions::cancelled), on whichever thread asks.
#include <QMutex>
#include <QString>

#include <atomic>
#include <functional>

namespace assay {

class IrtSearchProgress {
public:
    using Report = std::function<void(double fraction, const QString &stage)>;

    explicit IrtSearchProgress(Report report) : m_report(std::move(report)) {}

    // A stage covering [from, to) of the bar; its iterations are counted from zero.
    void stage(double from, double to, const QString &text);
    // Wraps a stop test: each poll counts an iteration and reports (at most every 50 ms).
    std::function<bool()> counting(std::function<bool()> cancelled);
    bool active() const { return bool(m_report); }

private:
    void iteration();

    Report m_report;
    QMutex m_mutex; // stage, text and the report's clock; the polls come from several threads
    double m_from = 0, m_to = 0;
    QString m_text;
    std::atomic<long long> m_iterations{0};
    qint64 m_lastReportMs = -1;
};

} // namespace assay
