#pragma once
// The IRT panels of the Exams page: fit settings and a Fit button (runs in the background,
// cancellable from the progress area; the fitted a, b, c are stored through an undo
// command; 1PL/2PL/3PL or the one BIC prefers; improvement drops by low a, misfit or low
// information over a θ range), the model comparison of the last fit, and the charts — item
// characteristic curves with their 95% bands and item information of the items selected in
// the review grid, test information, mean information and SE(θ) per Bloom level and per
// question type, the iterative-improvement overlay and the hierarchical abilities. Each
// chart exports like every other chart panel.
#include "exams/examirt.h"
#include "exams/examitem.h"
#include "analysis/chartdata.h"
#include "irt/irtimprovement.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTabWidget;

class QToolButton;

namespace assay {

class ChartPanel;
class ClampedLabel;
class IrtFitBar;
class IrtSummaryView;
class Job;
class Project;

class IrtPanel : public QWidget {
    Q_OBJECT
public:
    enum Chart { Characteristic, ItemInformation, TestInformation, BloomInformation, TypeInformation, BloomError, TypeError, Improvement, Abilities, ChartCount };

    explicit IrtPanel(Project *project, QWidget *parent = nullptr);
    ~IrtPanel() override;
    void setExam(const QString &exam);
    void setSelectedItems(const QVector<ExamItem> &items);
    ChartPanel *chart(Chart which) const { return m_charts[which]; }
    QTabWidget *tabs() const { return m_tabs; }
    QComboBox *chartChoice() const { return m_chartChoice; }
    bool isBusy() const;
    // The charts that hold data: stored parameters' curves, and the last fit's improvement and
    // abilities.
    QVector<ChartData> charts() const;
    QString statusText() const;
    // The settings the Fit button uses (tests set them through the widgets).
    IrtFitBar *fitBar() const { return m_bar; }
    QComboBox *modelChooser() const;
    QComboBox *boundsChooser() const;
    QCheckBox *hierarchicalBox() const;
    QComboBox *estimatorChooser() const; // data: jml, bayes-modal, mml
    QSpinBox *stepsBox() const;
    QComboBox *dropRuleChooser() const;
    QPushButton *fitButton() const { return m_fit; }
    // The last fit's items (standard errors, item fit) — empty before a fit in this session.
    QVector<IrtItem> lastFitItems() const { return m_lastItems; }
    // What the exam grid marks: this session's fit of the shown exam, else the diagnostics
    // stored with its parameters (ExamIrt::storedItemFit; empty for a fit stored without them).
    QVector<IrtItem> fitDiagnostics() const;
    // The model comparison of the last fit, as shown (plain text).
    QString comparisonText() const;
    QWidget *summaryTab() const;
    // Whether the Fit summary tab is offered (a fit of this session, or stored parameters).
    bool summaryShown() const;
    // This session's last fit of the chosen exam (null: none), which the report's "Exam and IRT"
    // section shows instead of the stored parameters alone (ReportExam::read).
    std::shared_ptr<const ExamIrtResult> sessionFit() const;
    QStringList droppedItems() const { return m_dropped; }
    // The identifiability guard's warning for the chosen model (empty: none).
    QString guardText() const;

public slots:
    void fit();
    // Rejects (undoably) the items the last fit's improvement steps dropped.
    void rejectDropped();
    // Re-reads the stored parameters of the exam (after a fit, an undo or a curation edit).
    void refresh();

signals:
    void jobStarted(Job *job);
    void fitted();
    // After every refresh: whether the chosen exam's items carry IRT parameters.
    void parametersShown(bool fitted);

private:
    void buildCharts();
    void listCharts();
    void showFit(const QVector<IrtStep> &steps);
    // The Fit summary tab: a summary (null: none, unless `lead` says why), made current when asked.
    void showSummary(const nlohmann::json &summary, const QString &lead = {}, bool current = false);
    void showStoredSummary(const nlohmann::json &settings, int items);
    void updateGuard();
    Project *m_project;
    QString m_exam;
    QVector<ExamItem> m_selected;
    QVector<ExamItem> m_stored; // the exam's accepted items as stored
    std::shared_ptr<const ExamIrtResult> m_lastResult;
    IrtFitBar *m_bar;
    bool m_settingsShown = false; // the boxes show the stored fit's settings
    QPushButton *m_fit;
    QPushButton *m_rejectDropped;
    QStringList m_dropped; // item keys the last fit's steps dropped
    QVector<IrtItem> m_lastItems;
    QVector<IrtItem> m_storedFit; // the shown exam's stored item diagnostics
    IrtSummaryView *m_summary; // the Fit summary tab
    QToolButton *m_summaryToggle;
    QString m_fittedModel; // "1pl", "2pl", "3pl" of the stored parameters; empty before a fit
    QString m_parent; // the chosen exam is a short form of this exam: fitted there, not here
    ClampedLabel *m_status;
    QLabel *m_guard; // the identifiability guard's warning, above the charts
    QTabWidget *m_tabs; // its bar hidden: m_chartChoice chooses the page
    QComboBox *m_chartChoice;
    ChartPanel *m_charts[ChartCount];
    std::unique_ptr<Job> m_job;
};

} // namespace assay
