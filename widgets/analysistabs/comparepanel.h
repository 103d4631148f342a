#pragma once
// The Compare view of the Analysis page: two analysed runs (by default one pipeline's short
// vs long forms) side by side — their refined accuracies over the groups that are not a gap
// for both, the difference with its 95% bootstrap interval, and the groups whose tag changed
// from one run to the other; and the regression gate of A against B (GatePanel), B being by
// default A's marked baseline; and every registered metric of A against B (MetricsPanel).
// Double-clicking a group opens it in the inspector.
#include "analysis/formcomparison.h"
#include "analysis/runanalysis.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QTableWidget;

namespace assay {

class GatePanel;
class Job;
class MetricsPanel;
class Project;

class ComparePanel : public QWidget {
    Q_OBJECT
public:
    explicit ComparePanel(Project *project, QWidget *parent = nullptr);
    ~ComparePanel() override;

    // The analyses the page shows; picks a default pair and compares it.
    void setAnalyses(const QVector<RunAnalysis> &analyses);
    // Compares run a with run b in the background.
    Job *compare(const QString &a, const QString &b);
    QString summaryText() const;
    QTableWidget *changedGroups() const { return m_changed; }
    QComboBox *runA() const { return m_a; }
    QComboBox *runB() const { return m_b; }
    GatePanel *gatePanel() const { return m_gate; }
    MetricsPanel *metricsPanel() const { return m_metrics; }

signals:
    void jobStarted(assay::Job *job);
    void compared();
    void groupActivated(const QString &run, const QString &group);

private:
    void compareSelected();
    void showComparison(const RunAnalysis &a, const RunAnalysis &b, const FormComparisonReport &report);
    const RunAnalysis *analysis(const QString &run) const;

    QComboBox *m_a;
    QComboBox *m_b;
    QLabel *m_summary;
    QTableWidget *m_changed;
    GatePanel *m_gate;
    MetricsPanel *m_metrics;
    QVector<RunAnalysis> m_analyses;
    std::unique_ptr<Job> m_job;
};

} // namespace assay
