#pragma once
// The regression gate in the Compare view (docs/METHODS.md §11.3): run A gated against run B as
// its baseline — a verdict badge, the difference with its interval and McNemar's p, the split
// by module (retriever, LLM, knowledge gap) and the most regressed groups with an example
// (double-click: the group in the inspector). "Mark B as Baseline" makes B the baseline of
// its test-set version; a gate against the marked baseline is recorded for the Overview.
// Export writes the JUnit XML or the Markdown summary CI would. The metric chooser gates on
// accuracy or on any registered metric (MetricGate).
#include "analysis/gatecomparison.h"
#include "analysis/runanalysis.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace assay {

class Job;
class Project;

class GatePanel : public QWidget {
    Q_OBJECT
public:
    explicit GatePanel(Project *project, QWidget *parent = nullptr);
    ~GatePanel() override;

    // Gates run a against run b in the background, on the chosen metric.
    Job *gate(const RunAnalysis &a, const RunAnalysis &b);
    // The metric chooser: accuracy, refined, retrieval, then every other registered metric.
    QComboBox *metricChooser() const { return m_metric; }
    void clear(const QString &why);
    // The marked baseline of run's test-set version, empty when none.
    QString baselineOf(const QString &run) const;
    Status markBaseline(const QString &run);
    Status exportReport(const QString &path) const; // .xml: JUnit; else Markdown
    QString verdictText() const;
    QString summaryText() const;
    QTableWidget *regressedGroups() const { return m_groups; }
    const std::optional<GateReport> &report() const { return m_report; }

signals:
    void jobStarted(assay::Job *job);
    void gated();
    void baselineMarked(const QString &run);
    void groupActivated(const QString &run, const QString &group);

private:
    Job *regate();
    void showReport(const GateReport &report);

    Project *m_project;
    QLabel *m_badge;
    QLabel *m_summary;
    QPushButton *m_mark;
    QPushButton *m_export;
    QTableWidget *m_groups;
    QComboBox *m_metric;
    void showGroups(bool on);
    QString m_runA, m_runB, m_judgeA, m_judgeB;
    bool m_closedDomain = true;
    std::optional<GateReport> m_report;
    std::unique_ptr<Job> m_job;
};

} // namespace assay
