#pragma once
// The Analysis page: pick scored runs and the judge, see the chart panels (group breakdown,
// accuracies with CIs, response types, radar, latency vs score), click a bar segment to list
// the groups behind it, and inspect a group. Analyses are computed off the GUI thread.
#include "analysis/chartdata.h"
#include "analysis/runanalysis.h"

#include <QHash>
#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
class QSplitter;
class QTabWidget;
class QTimer;

namespace assay {

struct ExamIrtResult;

class MessageBar;

class ChartPanel;
class ClosedDomainBox;
class ComparePanel;
class ClaimsPanel;
class GroundingPanel;
class JudgesPanel;
class LabelPanel;
class GroupInspector;
class WorkflowsPanel;
class Job;
class Project;

class AnalysisPage : public QWidget {
    Q_OBJECT
public:
    explicit AnalysisPage(Project *project, QWidget *parent = nullptr);
    ~AnalysisPage() override;

    void reload();   // re-reads the scored runs and judges
    void analyze();  // analyses the checked runs in the background (those not analysed yet)
    // A run was scored again: its kept analyses are stale.
    void forgetRun(const QString &run);
    int cachedAnalyses() const { return int(m_cache.size()); }
    bool isBusy() const;
    // The analyses shown no longer match what they depend on: labels, verdicts (a scoring) or
    // the chosen runs changed since they ran, or one is running. An export re-analyses first.
    bool isStale() const;
    const QVector<RunAnalysis> &analyses() const { return m_analyses; }
    QList<ChartPanel *> panels() const { return m_panels; }
    QListWidget *runList() const { return m_runs; }
    QListWidget *groupList() const { return m_groups; }
    GroupInspector *inspector() const { return m_inspector; }
    ComparePanel *comparePanel() const { return m_compare; }
    WorkflowsPanel *workflowsPanel() const { return m_workflows; }
    JudgesPanel *judgesPanel() const { return m_judges; }
    LabelPanel *labelPanel() const { return m_labels; }
    // Shows the Labels tab on `run`, with `itemId` first (an inspector's Label…).
    void labelItem(const QString &run, qint64 itemId);
    GroundingPanel *groundingPanel() const { return m_grounding; }
    ClaimsPanel *claimsPanel() const { return m_claims; }
    QTabWidget *tabs() const { return m_tabs; }
    MessageBar *messages() const { return m_messages; }
    // What a click on the segment `series` of `run` shows (also called by the click): the
    // groups of a tag, or example items of a response type.
    void showGroups(const QString &run, const QString &series);
    void inspectGroup(const QString &run, const QString &group);
    // The report of these analyses (AnalysisExport::writeReport, as `assay-cli report` writes
    // it), with the "Exam and IRT" section of `exam` (empty: the first exam) and `fit`, this
    // session's fit of it if any. The files written (report.html first).
    Result<QStringList> exportReport(const QString &dir, bool pdf, const QString &exam = {}, const ExamIrtResult *fit = nullptr);

signals:
    void jobStarted(assay::Job *job);
    void analysed();

protected:
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // The message bar floats over the foot of the tabs and the drill pane (placed here).
    void placeMessages();
    QWidget *buildSide();
    void buildTabs();
    QWidget *buildDrill();
    void rebuildCharts();
    void showTypeExamples(const QString &run, const QString &type);
    // The analysis shown for run, or null.
    const RunAnalysis *analysisOf(const QString &run) const;
    // Empties the drill pane for a new list from run; the run's analysis, or null.
    const RunAnalysis *startDrill(const QString &run);
    void updateDrill();
    // Starts the analysis of the current selection soon (restarting one that is running),
    // unless the charts already show it.
    void scheduleAnalysis();
    QString selectionKey() const;
    QString labelledJudge() const;
    Project *m_project;
    QListWidget *m_runs;
    QComboBox *m_judge;
    ClosedDomainBox *m_closedDomain;
    QCheckBox *m_shares;
    QCheckBox *m_commonBasis;
    QTabWidget *m_tabs;
    QList<ChartPanel *> m_panels;
    WorkflowsPanel *m_workflows;
    ComparePanel *m_compare;
    JudgesPanel *m_judges;
    LabelPanel *m_labels;
    bool m_labelsStale = false; // labels changed since the charts were drawn
    ClaimsPanel *m_claims = nullptr;
    GroundingPanel *m_grounding;
    QLabel *m_groupsTitle;
    QWidget *m_drill = nullptr;
    bool m_drillFilled = false; // the drill lists groups or items, or inspects one
    QListWidget *m_groups;
    GroupInspector *m_inspector;
    QLabel *m_status;
    std::unique_ptr<Job> m_job;
    QVector<RunAnalysis> m_analyses;
    QString m_groupsRun;
    QTimer *m_autoStart;
    bool m_rerun = false;
    QString m_analysedKey; // the selection the charts show
    QHash<QString, RunAnalysis> m_cache; // run, judge and closed-domain setting → analysis
    MessageBar *m_messages = nullptr;
    QSplitter *m_split = nullptr;
    bool m_userSized = false; // the user moved the splitter: the page no longer sizes its panes
};

} // namespace assay
