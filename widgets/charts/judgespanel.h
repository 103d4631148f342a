#pragma once
// The Judges view of the Analysis page: one judge of a run read as a classifier of another
// judge's verdicts on the same items — the confusion matrix, precision and recall with
// Wilson 95% intervals, the agreement, and whether the judge leans optimistic or cynical.
#include "analysis/judgeagreement.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
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
    QComboBox *run() const { return m_run; }

signals:
    void jobStarted(assay::Job *job);
    void measured();

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
};

} // namespace assay
