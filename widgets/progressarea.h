#pragma once
#include <QPointer>
#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace assay {

class Job;

// Status-bar area for the running job: what it does, a progress bar, what it is at (the job's
// detail, e.g. "Template 3 of 10: 412,000 groups (180,000 groups/s)"), the ETA, and Cancel.
class ProgressArea : public QWidget {
    Q_OBJECT
public:
    explicit ProgressArea(QWidget *parent = nullptr);
    void track(Job *job);
    QString etaText() const;
    QString titleText() const;
    QString detailText() const;

private:
    void update(qint64 done, qint64 total, const QString &detail, double etaSeconds);
    QPointer<Job> m_job;
    QLabel *m_title;
    QProgressBar *m_bar;
    QLabel *m_detail;
    QLabel *m_eta;
    QToolButton *m_cancel;
};

} // namespace assay
