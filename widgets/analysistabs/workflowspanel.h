#pragma once
// The Workflows view of the Analysis page (R-Eval's comparison of workflows × LLMs): the
// task level of each query set (an undoable edit), the table of the analysed runs' figures
// (F1 overall and per level, accuracy, halted, time, cost per correct answer), and one chart
// at a time: a radar per workflow, time against F1, cost per correct answer, and the
// response types by task level.
#include "analysis/chartdata.h"

#include <QWidget>

class QComboBox;
class QHBoxLayout;
class QLabel;
class QTableView;

namespace assay {

class ChartPanel;
class Project;
class WorkflowFiguresModel;

class WorkflowsPanel : public QWidget {
    Q_OBJECT
public:
    explicit WorkflowsPanel(Project *project, QWidget *parent = nullptr);
    void setAnalyses(const QVector<RunAnalysis> &analyses);
    // Re-reads the query sets and their levels.
    void reloadLevels();
    WorkflowFiguresModel *figures() const { return m_figures; }
    QComboBox *chartChooser() const { return m_chooser; }
    ChartPanel *chart() const { return m_chart; }
    QComboBox *levelBox(const QString &querySet) const;
    // Sets a query set's level as the user does (an undoable command).
    void setLevel(const QString &querySet, const QString &level);

signals:
    // A query set's level changed: analyses made before are stale.
    void levelsChanged();

private:
    void showChart(int index);

    Project *m_project;
    QWidget *m_levelsBox;
    QHBoxLayout *m_levelsLayout;
    QList<QComboBox *> m_levelBoxes;
    QLabel *m_empty;
    WorkflowFiguresModel *m_figures;
    QTableView *m_table;
    QComboBox *m_chooser;
    QWidget *m_chartBox = nullptr; // the chooser and the chart, hidden while there is no chart
    ChartPanel *m_chart;
    QVector<ChartData> m_charts;
};

} // namespace assay
