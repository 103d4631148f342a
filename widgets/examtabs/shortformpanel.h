#pragma once
// The Exams page's "Short forms & adaptive" tab (docs/user-guide.md, "Short forms and adaptive takes"): make a
// short form of the chosen exam (method, number of items, seed; stored as a new exam linked
// to it), validate the methods on the exam's panel (error and Kendall's τ against the number
// of items, kept in the exam for the report), the estimates of the chosen exam's short or
// adaptive takes on the whole exam, and the live θ̂ ± SE chart of an adaptive take.
#include "examtabs/shortformestimatestable.h"
#include "analysis/chartdata.h"
#include "exams/examstore.h"
#include "irt/irtadaptive.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTabWidget;

namespace assay {

class ChartPanel;
class Job;
class Project;

class ShortFormPanel : public QWidget {
    Q_OBJECT
public:
    explicit ShortFormPanel(Project *project, QWidget *parent = nullptr);
    ~ShortFormPanel() override;
    void setExam(const QString &exam);
    // Whether the chosen exam is fitted (the IRT tab says): the empty states ask for Fit IRT only before.
    void setFitted(bool fitted);
    // Re-reads the chosen exam's estimates and stored validation.
    void refresh();
    // Background jobs; null while another of this panel's jobs runs.
    Job *startShortForm(const QString &name, const QString &method, int items, quint64 seed);
    // twoAbilities: also random-2d and adaptive-2d (the model with two abilities).
    Job *startValidation(const QVector<int> &sizes, int folds, bool twoAbilities = false);
    // An adaptive take's steps as they come (from ExamsPage's take job): the live chart.
    void beginAdaptive(const QString &taker);
    void endAdaptive(); // the live take is over: a click on a row shows that take's trace
    void addAdaptiveStep(const IrtAdaptiveStep &step);
    bool isBusy() const;
    QString statusText() const;
    QTableWidget *estimatesTable() const { return m_estimates; }
    QComboBox *methodChooser() const { return m_method; }
    QSpinBox *itemsBox() const { return m_items; }
    // Validate…'s folds (0: leave one out); it follows the last validation's, as the sizes do.
    QSpinBox *foldsBox() const { return m_folds; }
    // The validation's refits use this estimator (data: jml, bayes-modal, mml); the Exams page
    // keeps it on the IRT tab's choice, and it can be changed here.
    QComboBox *estimatorChooser() const { return m_estimator; }
    void setEstimator(const QString &estimator);
    // Makes the take's row the current one (after a take, the take just stored).
    void highlightTake(const QString &taker);
    ChartPanel *errorChart() const { return m_error; }
    ChartPanel *tauChart() const { return m_tau; }
    ChartPanel *adaptiveChart() const { return m_adaptive; }
    QTabWidget *tabs() const { return m_tabs; }

signals:
    void jobStarted(Job *job);
    void jobFinished(bool ok, const QString &message);

private:
    void buildWidgets();
    void askShortForm();
    void askValidation();
    void showEstimates();
    void showTrace(int row); // an adaptive take's trace, when its row is clicked
    void showValidation();
    // `done` is said in the status once the job succeeds (until another exam is chosen).
    Job *start(const QString &title, std::function<Status(Job &)> work, const QString &done = {});
    Project *m_project;
    QString m_exam;
    QComboBox *m_method;
    QSpinBox *m_items;
    QSpinBox *m_seed;
    QPushButton *m_make;
    QLineEdit *m_sizes;
    QSpinBox *m_folds;
    QCheckBox *m_twoAbilities;
    QComboBox *m_estimator;
    QPushButton *m_validate;
    QLabel *m_status;
    QTabWidget *m_tabs;
    ChartPanel *m_error;
    ChartPanel *m_tau;
    ChartPanel *m_adaptive;
    ShortFormEstimatesTable *m_estimates;
    QString m_notice;
    ExamShortFormInfo m_form; // what the chosen exam is a short form of (parentId 0: none)
    QString m_formError;
    QString m_adaptiveTaker;
    bool m_fitted = false;
    bool m_live = false; // an adaptive take is being drawn as it answers
    QVector<IrtAdaptiveStep> m_adaptiveSteps;
    std::unique_ptr<Job> m_job;
};

} // namespace assay
