#pragma once
// The run launcher: query sets to run, and a checkable grid of pipelines — one row per
// retriever, one column per reader × k — with the embedding profile for dense/hybrid and the
// number of worked examples for LLM readers; the LLM workflows (plain, ReAct, function
// calling, DFSDT, PAL) whose columns each LLM profile gets, with the agents' step and token
// limits, and the judge that scores the runs when they end: the form on the left, the grid
// beside it. Apart (startRow()), what the checked runs will cost before anything starts, and
// Start, which emits the planned runs.
#include "runs/runplan.h"
#include "runs/runqueue.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QTableWidget;

namespace assay {

class Project;
class JudgeChooser;

class RunLauncher : public QWidget {
    Q_OBJECT
public:
    explicit RunLauncher(Project &project, QWidget *parent = nullptr);

    // Re-reads forms and LLM profiles (after generation, or a profile was added).
    void reload();
    QTableWidget *grid() const { return m_grid; }
    // The form's pane, which scrolls on a short screen; the grid beside it does not.
    QScrollArea *formPane() const { return m_formPane; }
    QLineEdit *nameEdit() const { return m_name; }
    QLineEdit *kEdit() const { return m_ks; }
    // The check box of a reader offered in the launcher (ReaderRegistry): llm (the plain
    // reader), react, fc, dfsdt, pal, or one registered later.
    QCheckBox *workflowBox(const QString &workflow) const;
    QSpinBox *stepsBox() const { return m_steps; }
    QSpinBox *budgetBox() const { return m_budget; }
    QPushButton *startButton() const { return m_start; }
    // The estimate and the Start button, kept out of the launcher's layout: the Runs page puts
    // them below the launcher's scrolling pane, so that Start shows without scrolling.
    QWidget *startRow() const { return m_startRow; }
    JudgeChooser *scoreChooser() const { return m_score; }
    // How the started runs are scored when they end; none: not scored.
    std::optional<ScoreSpec> scoreSpec() const;
    void setFormChecked(const QString &form, bool checked);
    // The runs the checked cells and query sets stand for; a checked cell that is no valid
    // pipeline (a mistyped external reader) adds its message to `errors`.
    QVector<PlannedRun> plannedRuns(QStringList *errors = nullptr) const;
    // Something is planned and nothing checked or typed is in error.
    bool canStart() const;
    QString estimateText() const;

signals:
    void startRequested(const QVector<assay::PlannedRun> &runs);

private:
    QWidget *buildReaderRow();
    QHBoxLayout *buildAgentLimits();
    void rebuildGrid();
    void updateEstimate();
    QList<int> kValues() const;
    QStringList readers() const;
    QString externalReaderError() const;

    Project &m_project;
    QScrollArea *m_formPane;
    QLineEdit *m_name;
    QWidget *m_formsBox;
    QList<QCheckBox *> m_forms;
    QLineEdit *m_ks;
    QLineEdit *m_external;
    QComboBox *m_embedder;
    QSpinBox *m_icl;
    QWidget *m_workflowsBox;
    QList<QCheckBox *> m_workflows;
    QSpinBox *m_steps;
    QSpinBox *m_budget;
    QTableWidget *m_grid;
    QLabel *m_estimate;
    QWidget *m_startRow;
    QPushButton *m_start;
    JudgeChooser *m_score;
};

} // namespace assay
