#pragma once
// The Grounding view of the Analysis page (GaRAGe): a benchmark of questions with annotated
// passages and a system's responses, evaluated in the background — deflection TPR/FPR,
// attribution precision/recall/F1 (macro and micro), and with an LLM judge relevance-aware
// factuality (RAF, uRAF) — overall and per question label.
#include "analysis/garageevaluator.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableWidget;

namespace assay {

class Job;
class Project;

class GroundingPanel : public QWidget {
    Q_OBJECT
public:
    explicit GroundingPanel(Project *project, QWidget *parent = nullptr);
    ~GroundingPanel() override;

    // judgeProfile empty: deflection by the phrase list, no RAF.
    Job *evaluate(const QString &benchmark, const QString &responses, const QString &judgeProfile);
    QString summaryText() const;
    QTableWidget *labels() const { return m_labels; }

signals:
    void jobStarted(assay::Job *job);
    void evaluated();

private:
    void show(const GarageReport &report);

    Project *m_project;
    QLineEdit *m_benchmark;
    QLineEdit *m_responses;
    QComboBox *m_judge;
    QLabel *m_summary;
    QTableWidget *m_labels;
    std::unique_ptr<Job> m_job;
};

} // namespace assay
