#pragma once
// The Claims view of the Analysis page (docs/METHODS.md §12): RAGChecker's eleven metrics per
// run — retriever, generator, overall — for the runs whose claims a checker stored, against a
// chosen run with paired bootstrap intervals; "Check Claims" makes the claims of a run from the
// grounded rows or through an LLM profile (a background job). Below, the items of the selected run, and an
// inspector that shows one item's claims against the ground-truth answer (or the response) and
// against each retrieved chunk, coloured by verdict.
#include "analysis/claimanalysis.h"

#include <QHash>
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace assay {

class ChartPanel;
class ClaimInspector;
class Job;
class Project;

class ClaimsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ClaimsPanel(Project *project, QWidget *parent = nullptr);
    ~ClaimsPanel() override;

    // Makes run `run`'s claims offline and stores them (checker "offline"), then reloads.
    Job *checkOffline(const QString &run);
    // The same through LLM profile `profile` (checker "llm:PROFILE").
    Job *checkWithLlm(const QString &run, const QString &profile);
    // Reads the figures of every run the current checker checked (a background job).
    Job *reload();
    // Shows item `itemKey` of run `run` in the inspector.
    void inspect(const QString &run, const QString &itemKey);

    QTableWidget *grid() const { return m_grid; }
    ChartPanel *chart() const { return m_chart; }
    QTableWidget *items() const { return m_items; }
    QTableWidget *matrix() const;
    QString statusText() const;

signals:
    void jobStarted(assay::Job *job);
    void loaded();
    void compared(); // the paired differences with the chosen run are shown

protected:
    void showEvent(QShowEvent *event) override;

private:
    struct Loaded {
        QStringList runs; // every run of the project, by name
        QStringList checkers;
        QString checker; // whose claims the figures are
        QVector<ClaimAnalysis::RunFigures> figures; // the runs the checker checked
        QStringList figureRuns;                     // their names
        QHash<QString, qint64> runIds;
        QHash<QString, QHash<QString, qint64>> itemIds; // run → item key → id
    };
    Job *check(const QString &run, const QString &profile);
    void fillMethods();
    void showLoaded(const Loaded &loaded);
    void compareWithBaseline();
    void fillGrid();
    void fillItems(int row);
    QString checker() const;
    QString gridRun(int row) const;

    Project *m_project;
    QLabel *m_intro;
    QComboBox *m_run;
    QComboBox *m_method;
    QPushButton *m_check;
    QComboBox *m_checker;
    QComboBox *m_baseline;
    QLabel *m_status;
    QTableWidget *m_grid;
    ChartPanel *m_chart;
    QTableWidget *m_items;
    ClaimInspector *m_inspector;
    Loaded m_loaded;
    bool m_stale = true;
    QString m_note; // what the last check did, said with the next figures
    QString m_preferredChecker; // the next reload shows this checker's claims (the one just run)
    QString m_selectRun;        // and selects this run's row (the one just checked)
    QHash<QString, QVector<ClaimAnalysis::Difference>> m_differences; // by run, against the chosen one
    std::unique_ptr<Job> m_job;
    std::unique_ptr<Job> m_compareJob;
};

} // namespace assay
