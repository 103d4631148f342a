#pragma once
// The Runs page: the launcher on top; the active run's progress (ETA, throughput, errors and
// cost so far) with Pause, Resume and Cancel; the runs table; and the items of the selected
// run (query, answer, gold, retrieved ids, latency) beside the inspector of the selected one
// (an agentic item's step timeline).
#include "runs/resultsimporter.h"
#include "runs/runqueue.h"

#include <QElapsedTimer>
#include <QWidget>

#include <memory>

class QDialog;
class QLabel;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace assay {

class MessageBar;

class ItemInspector;
class Project;
class RunItemsModel;
class RunLauncher;
class RunsModel;

class RunsPage : public QWidget {
    Q_OBJECT
public:
    explicit RunsPage(Project *project, QWidget *parent = nullptr);
    ~RunsPage() override;

    RunLauncher *launcher() const { return m_launcher; }
    // New Runs…: the launcher's window, shown and raised (not modal: the runs stay in reach).
    void showLauncher();
    QDialog *launchDialog() const { return m_launchDialog; }
    RunQueue *queue() const { return m_queue; }
    RunsModel *runsModel() const { return m_runs; }
    RunItemsModel *itemsModel() const { return m_items; }
    QTableView *runsView() const { return m_runsView; }
    QTableView *itemsView() const { return m_itemsView; }
    QString progressText() const;
    void showRun(qint64 runId);
    // The item inspector shows one item of the selected run (what selecting its row does).
    void showItem(qint64 itemId);
    ItemInspector *inspector() const { return m_inspector; }
    // Scores the selected run in the background (what Score… does after its dialog).
    void scoreSelected(const ScoreSpec &spec);
    // Imports a results file as a new run in the background (what Import Results… does).
    Job *startImportResults(const QString &path, ResultsImporter::Format format, const QString &runName, const QString &querySet);
    // Writes a run's items as JSONL in the background (what Export Results… does after its
    // file dialog), with the verdicts of the launcher's judge.
    // judge: whose verdicts go with the answers (empty: none).
    Job *startExportResults(qint64 runId, const QString &runName, const QString &path, const QString &judge = {});

public slots:
    void askImportResults();

signals:
    void jobStarted(assay::Job *job);
    void importFinished(bool ok, const QString &message);
    void exportFinished(bool ok, const QString &message);
    // The user asked to see a scored run's analysis (the score message's Open Analysis).
    void analysisRequested();
    // Label… in the item inspector: label `itemId` of `run` on Analysis → Labels.
    void labelRequested(const QString &run, qint64 itemId);

private:
    QWidget *buildProgressBox();
    QWidget *buildItemsPane();
    void connectActions();
    void connectQueue();
    void onProgress(const RunProgress &p);
    void updateButtons();
    void refreshRuns();
    void restoreSelectedRun();

    Project *m_project;
    RunQueue *m_queue;
    RunLauncher *m_launcher;
    QDialog *m_launchDialog;
    QPushButton *m_newRuns;
    RunsModel *m_runs;
    qint64 m_keptRun = 0; // the run selected before the runs model was reset
    RunItemsModel *m_items;
    QSortFilterProxyModel *m_itemsFilter;
    QTableView *m_runsView;
    QTableView *m_itemsView;
    ItemInspector *m_inspector;
    QLabel *m_current;
    QProgressBar *m_bar;
    QLabel *m_stats;
    QLabel *m_itemsTitle;
    QPushButton *m_pause;
    QPushButton *m_resume;
    QPushButton *m_cancel;
    QPushButton *m_retry;
    QPushButton *m_score;
    QPushButton *m_import;
    QPushButton *m_export;
    std::unique_ptr<Job> m_importJob;
    std::unique_ptr<Job> m_exportJob;
    QElapsedTimer m_tableClock;
    QString m_scoreNote; // what scoring the run that is ending found
    std::pair<qint64, qint64> m_unserved; // the running oracle's items without true documents, of those executed
    MessageBar *m_messages = nullptr;
};

} // namespace assay
