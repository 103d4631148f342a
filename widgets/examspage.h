#pragma once
// The Exams page: choose an exam, filter its items (Bloom level, question type, source,
// filter reason), accept / reject a selection and edit stem, options and key in place (all
// undoable), with the exam's statistics and baselines above the grid and the IRT panel
// (fit, item and test information curves) below it. Generate Exam… and Take Exam… run the
// exam steps as background jobs. Below the grid, tabs: the IRT panel, and short forms with
// their validation, estimates and the live chart of an adaptive take.
#include "core/curationstate.h"
#include "core/job.h"
#include "exams/examworkflow.h"
#include "irt/irtadaptive.h"
#include "examchooser.h"

#include <QSet>
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QSplitter;
class QTabWidget;

namespace assay {

class MessageBar;

class ExamItemsModel;
class IrtPanel;
class ShortFormPanel;
class Project;

class ExamsPage : public QWidget {
    Q_OBJECT
public:
    explicit ExamsPage(Project *project, QWidget *parent = nullptr);
    ~ExamsPage() override;
    void reload();
    ExamItemsModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QComboBox *examChooser() const { return m_exam; }
    QComboBox *reasonFilter() const { return m_reason; }
    QLineEdit *sourceFilter() const { return m_source; }
    QString statsText() const;
    IrtPanel *irtPanel() const { return m_irt; }
    ShortFormPanel *shortFormPanel() const { return m_shortForms; }
    QTabWidget *lowerTabs() const { return m_lower; }
    MessageBar *messages() const { return m_messages; }
    // What Generate Exam… and Take Exam… start after their dialogs: a background job (null
    // while another exam job runs). The page reloads when it ends.
    Job *startGenerate(const QString &name, const QString &querySet, quint64 seed, const ExamWorkflow::Thresholds &thresholds = {});
    Job *startGenerateFromCorpus(const QString &name, const QString &profile, quint64 seed, int perChunk, int maxChunks,
                                 const ExamWorkflow::Thresholds &thresholds = {});
    // Writes the chosen exam's response matrix and its students' factors (CSV).
    Job *startExportMatrix(const QString &responsesCsv, const QString &factorsCsv);
    Job *startTake(const QStringList &students);
    // Each student takes the exam adaptively in turn; the Short forms tab draws θ̂ ± SE live.
    Job *startAdaptiveTake(const QStringList &students, const IrtAdaptiveRule &rule);

signals:
    void jobStarted(Job *job);
    // After the page has shown a generate or take job's outcome.
    void jobFinished(bool ok, const QString &message);

public slots:
    void acceptSelection();
    void rejectSelection();

private:
    void buildWidgets();
    void buildLayout();
    void connectActions();
    void showStats();
    void applyFilter();
    void showExam();
    void setSelectionState(CurationState state);
    Job *startJob(const QString &title, const QString &exam, Job::Work work);
    Project *m_project;
    ExamItemsModel *m_model;
    ExamChooser *m_exam;
    QComboBox *m_bloom;
    QComboBox *m_type;
    QComboBox *m_reason;
    QLineEdit *m_source;
    QTableView *m_view;
    QLabel *m_stats;
    MessageBar *m_messages;
    IrtPanel *m_irt;
    ShortFormPanel *m_shortForms;
    QTabWidget *m_lower; // the IRT and short-form tabs, beside the grid
    QSplitter *m_split;
    QSet<qint64> m_keptSelection; // item ids selected before a reload
    QPushButton *m_generate;
    QPushButton *m_take;
    QPushButton *m_export;
    QPushButton *m_accept;
    QPushButton *m_reject;
    std::unique_ptr<Job> m_job;
};

} // namespace assay
