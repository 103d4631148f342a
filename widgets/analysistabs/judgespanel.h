#pragma once
// The Judges view of the Analysis page: one judge of a run read as a classifier of another
// judge's verdicts on the same items — the confusion matrix, precision and recall with
// Wilson 95% intervals, the agreement, and whether the judge leans optimistic or cynical.
#include "analysis/judgeagreement.h"
#include "analysis/judgestability.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace assay {

class Job;
class Project;

class JudgesPanel : public QWidget {
    Q_OBJECT
public:
    explicit JudgesPanel(Project *project, QWidget *parent = nullptr);
    ~JudgesPanel() override;

    void setRuns(const QStringList &runs);
    // Measures `judge` against `truth` on `run` in the background.
    Job *measure(const QString &run, const QString &truth, const QString &judge);
    QString summaryText() const;
    QTableWidget *matrix() const { return m_matrix; }
    // The stability of `judge`'s repeated verdicts on `run`, in the background.
    Job *measureStability(const QString &run, const QString &judge);
    QString stabilityText() const;
    QListWidget *flakyList() const { return m_flaky; }
    // A bias probe (verbosity or order) of an LLM judge on `run`, in the background.
    Job *probe(const QString &run, const QString &judge, const QString &probe, int items);
    QString probeText() const;
    QComboBox *run() const { return m_run; }

signals:
    void jobStarted(assay::Job *job);
    void measured();
    void stabilityMeasured();
    void probed();
    // A flaky item was activated: label it (Analysis → Labels).
    void labelRequested(const QString &run, qint64 itemId);

private:
    void runChanged();
    void measureSelected();
    void show(const QString &truth, const QString &judge, const JudgeAgreementReport &r);

    Project *m_project;
    QComboBox *m_run;
    QComboBox *m_truth;
    QComboBox *m_judge;
    QLabel *m_summary;
    QTableWidget *m_matrix;
    std::unique_ptr<Job> m_job;
    QLabel *m_stability;
    QListWidget *m_flaky;
    std::unique_ptr<Job> m_stabilityJob;
    quint64 m_measureTicket = 0, m_stabilityTicket = 0; // the newest job's; older results are dropped
    QComboBox *m_probe;
    QSpinBox *m_probeItems;
    QPushButton *m_runProbe;
    QLabel *m_probeResult;
    std::unique_ptr<Job> m_probeJob;
    QString probedJudge() const;
};

} // namespace assay
