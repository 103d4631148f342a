#include "runspage.h"
#include "scoring/judgeregistry.h"
#include "filedialogs.h"

#include "core/job.h"

#include "generation/generationstore.h"
#include "exportjudgeprompt.h"
#include "dialogs/importresultsdialog.h"

#include "itemmodels/runitemsmodel.h"
#include "iteminspector.h"
#include "itemmodels/runsmodel.h"
#include "project/project.h"
#include "runlauncher.h"
#include "dialogs/runlaunchdialog.h"
#include "dialogs/scorerundialog.h"
#include "runs/runexporter.h"
#include "messagebar.h"

#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QDesktopServices>
#include <QUrl>
#include <QDir>
#include <QFileInfo>
#include <QGridLayout>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace assay {

namespace {
QString etaText(double seconds)
{
    if (seconds < 0)
        return QObject::tr("ETA unknown");
    const qint64 s = qint64(seconds + 0.5);
    return s < 60 ? QObject::tr("ETA %1 s").arg(s) : QObject::tr("ETA %1 min %2 s").arg(s / 60).arg(s % 60);
}

QTableView *makeTable(QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
    view->horizontalHeader()->setStretchLastSection(true);
    return view;
}
} // namespace

RunsPage::RunsPage(Project *project, QWidget *parent) : QWidget(parent), m_project(project)
{
    setObjectName(QStringLiteral("runsPage"));
    m_queue = new RunQueue(*project, this);
    m_launcher = new RunLauncher(*project, this);
    m_runs = new RunsModel(*project, this);
    m_items = new RunItemsModel(*project, this);

    // The launcher in a window of its own (New Runs…): on the page it had five rows of its form
    // in a scrolled box and cut the grid (issue 77 item 3); the page now keeps its height for
    // the runs and their items.
    m_launchDialog = new RunLaunchDialog(m_launcher, this);
    m_newRuns = new QPushButton(QIcon::fromTheme(QStringLiteral("list-add")), tr("New Runs…"), this);
    m_newRuns->setObjectName(QStringLiteral("newRunsButton"));
    m_newRuns->setToolTip(tr("Choose query sets, retrievers, readers and k, and start runs"));
    connect(m_newRuns, &QPushButton::clicked, this, &RunsPage::showLauncher);
    m_runsView = makeTable(this);
    m_runsView->setObjectName(QStringLiteral("runsTable"));
    m_runsView->setModel(m_runs);
    m_runsView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // The progress beside the runs it acts on: above them, with the launcher, it left the
    // grid one row and the runs three at 1366×768 (issue 50 item 6).
    auto *runsPane = new QWidget(this);
    auto *runsLayout = new QHBoxLayout(runsPane);
    runsLayout->setContentsMargins(0, 0, 0, 0);
    runsLayout->addWidget(m_runsView, 3);
    auto *side = new QVBoxLayout;
    side->addWidget(m_newRuns, 0, Qt::AlignLeft);
    side->addWidget(buildProgressBox(), 1);
    runsLayout->addLayout(side, 2);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("runsSplit"));
    split->addWidget(runsPane);
    split->addWidget(buildItemsPane());
    split->setChildrenCollapsible(false);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    m_messages = new MessageBar(this);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_messages);
    layout->addWidget(split, 1);
    connectActions();
    connectQueue();
    connect(m_runsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
        if (current.isValid())
            showRun(m_runs->data(current, RunsModel::RunIdRole).toLongLong());
        updateButtons();
    });
    // The runs and items models follow the project themselves (runs imported, finished or
    // scored by a job or another program); when the runs table is re-read with other rows, the
    // run the user selected stays selected and its items stay shown.
    connect(m_runs, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
        const QModelIndex current = m_runsView->currentIndex();
        m_keptRun = current.isValid() ? m_runs->data(current, RunsModel::RunIdRole).toLongLong() : 0;
    });
    connect(m_runs, &QAbstractItemModel::modelReset, this, &RunsPage::restoreSelectedRun);
    connect(m_runs, &QAbstractItemModel::modelReset, this, &RunsPage::updateButtons);
    connect(m_runs, &QAbstractItemModel::dataChanged, this, &RunsPage::updateButtons);
    restoreSelectedRun(); // the runs read as the model was made: the first is chosen
    updateButtons();
}

void RunsPage::showLauncher()
{
    m_launchDialog->show();
    m_launchDialog->raise();
    m_launchDialog->activateWindow();
}

QWidget *RunsPage::buildProgressBox()
{
    auto *progressBox = new QGroupBox(tr("Progress"), this);
    m_current = new QLabel(tr("Idle."), progressBox);
    // "… scored by …: N of M correct. The Analysis page shows it." takes two lines; room for
    // them is kept, since a wrapped label in nested box layouts is not given more height.
    m_current->setWordWrap(true);
    m_current->setMinimumHeight(2 * m_current->fontMetrics().lineSpacing() + 2);
    m_current->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_bar = new QProgressBar(progressBox);
    m_bar->setRange(0, 1000);
    m_bar->setValue(0);
    m_stats = new QLabel(progressBox);
    m_stats->setObjectName(QStringLiteral("runStats"));
    m_pause = new QPushButton(QIcon::fromTheme(QStringLiteral("media-playback-pause")), tr("Pause"), progressBox);
    m_resume = new QPushButton(QIcon::fromTheme(QStringLiteral("media-playback-start")), tr("Resume"), progressBox);
    m_resume->setToolTip(tr("Continue the queue, or every paused or interrupted run of this project."));
    m_cancel = new QPushButton(QIcon::fromTheme(QStringLiteral("process-stop")), tr("Cancel"), progressBox);
    m_cancel->setToolTip(tr("Stop and forget the queue. Stored results stay; a run can be resumed later."));
    m_retry = new QPushButton(QIcon::fromTheme(QStringLiteral("view-refresh")), tr("Retry Failed"), progressBox);
    m_retry->setObjectName(QStringLiteral("retryFailed"));
    m_retry->setToolTip(tr("Execute again the items of the selected run that ended in an error (rate limits, timeouts, …); done items are kept."));
    // The bar on its own row, then the queue's controls, then what acts on the selected run:
    // three narrow rows instead of one wide one (the page fits 1366 pixels).
    auto *progressRow = new QGridLayout;
    progressRow->addWidget(m_bar, 0, 0, 1, 3);
    progressRow->addWidget(m_pause, 1, 0);
    progressRow->addWidget(m_resume, 1, 1);
    progressRow->addWidget(m_retry, 2, 0);
    m_score = new QPushButton(QIcon::fromTheme(QStringLiteral("emblem-default")), tr("Score…"), progressBox);
    m_score->setObjectName(QStringLiteral("scoreRun"));
    m_score->setToolTip(tr("Judge the selected run's answers (executed or imported) with a judge of your choice."));
    progressRow->addWidget(m_score, 2, 1);
    m_import = new QPushButton(QIcon::fromTheme(QStringLiteral("document-import")), tr("Import Results…"), progressBox);
    m_import->setObjectName(QStringLiteral("importResults"));
    m_import->setToolTip(tr("Bring in the answers of a system run elsewhere (GRAMMAR results, R-Eval logs, Assay JSONL, RAGChecker JSON) as a run."));
    connect(m_import, &QPushButton::clicked, this, &RunsPage::askImportResults);
    progressRow->addWidget(m_import, 3, 0);
    m_export = new QPushButton(QIcon::fromTheme(QStringLiteral("document-export")), tr("Export Results…"), progressBox);
    m_export->setObjectName(QStringLiteral("exportResults"));
    m_export->setToolTip(tr("Write the selected run's items — answers, contexts, agents' step traces, verdicts — as JSONL (Import Results… reads it back)."));
    connect(m_export, &QPushButton::clicked, this, [this] {
        const QModelIndex current = m_runsView->currentIndex();
        if (!current.isValid())
            return;
        const RunSummary run = m_runs->run(current.row());
        QString error;
        const std::optional<QString> judge =
            ExportJudgePrompt::ask(this, *m_project, run.name, m_launcher->scoreSpec() ? m_launcher->scoreSpec()->judge : QString(), &error);
        if (!judge) {
            if (!error.isEmpty())
                m_messages->error(error);
            return;
        }
        QString suggested = run.name;
        suggested.replace(QLatin1Char('/'), QLatin1Char('-'));
        const QString path = FileDialogs::saveFile(this, QStringLiteral("exports"), tr("Export Results of %1").arg(run.name), suggested + QStringLiteral(".jsonl"),
                                                          tr("JSON Lines (*.jsonl)"));
        if (!path.isEmpty())
            startExportResults(run.id, run.name, path, *judge);
    });
    progressRow->addWidget(m_export, 3, 1);
    progressRow->addWidget(m_cancel, 1, 2);
    auto *progressLayout = new QVBoxLayout(progressBox);
    progressLayout->addWidget(m_current);
    progressLayout->addLayout(progressRow);
    progressLayout->addWidget(m_stats);
    progressLayout->addStretch(1);
    return progressBox;
}

QWidget *RunsPage::buildItemsPane()
{
    m_itemsFilter = new QSortFilterProxyModel(this);
    m_itemsFilter->setSourceModel(m_items);
    m_itemsFilter->setFilterKeyColumn(-1);
    m_itemsFilter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_itemsView = makeTable(this);
    m_itemsView->setObjectName(QStringLiteral("runItemsTable"));
    m_itemsView->setModel(m_itemsFilter);
    m_itemsView->setSortingEnabled(true);
    m_itemsView->sortByColumn(-1, Qt::AscendingOrder);
    m_itemsView->setColumnWidth(RunItemsModel::Key, 60);
    m_itemsView->setColumnWidth(RunItemsModel::Form, 60);
    m_itemsView->setColumnWidth(RunItemsModel::Query, 330);
    // The verdict beside the query, in view without scrolling sideways (the answer and gold,
    // wider, follow).
    m_itemsView->horizontalHeader()->moveSection(m_itemsView->horizontalHeader()->visualIndex(RunItemsModel::Verdict), RunItemsModel::Query + 1);
    m_itemsView->setColumnWidth(RunItemsModel::Answer, 220);
    m_itemsView->setColumnWidth(RunItemsModel::Gold, 140);
    m_itemsView->setColumnWidth(RunItemsModel::Verdict, 90);
    m_itemsView->setColumnWidth(RunItemsModel::Retrieved, 180);
    auto *itemsBox = new QWidget(this);
    m_itemsTitle = new QLabel(tr("Select a run to see its items."), itemsBox);
    auto *search = new QLineEdit(itemsBox);
    search->setPlaceholderText(tr("Filter items…"));
    search->setClearButtonEnabled(true);
    connect(search, &QLineEdit::textChanged, m_itemsFilter, &QSortFilterProxyModel::setFilterFixedString);
    auto *itemsHeader = new QHBoxLayout;
    itemsHeader->addWidget(m_itemsTitle, 1);
    itemsHeader->addWidget(search);
    auto *itemsLayout = new QVBoxLayout(itemsBox);
    itemsLayout->setContentsMargins(0, 0, 0, 0);
    itemsLayout->addLayout(itemsHeader);
    m_inspector = new ItemInspector(this);
    m_inspector->setObjectName(QStringLiteral("itemInspector"));
    connect(m_inspector, &ItemInspector::labelRequested, this, [this](qint64 itemId) {
        const QModelIndex current = m_runsView->currentIndex();
        if (current.isValid())
            emit labelRequested(m_runs->run(current.row()).name, itemId);
    });
    auto *itemsSplit = new QSplitter(Qt::Horizontal, itemsBox);
    itemsSplit->addWidget(m_itemsView);
    itemsSplit->addWidget(m_inspector);
    itemsSplit->setStretchFactor(0, 3);
    itemsSplit->setStretchFactor(1, 2);
    itemsLayout->addWidget(itemsSplit);
    connect(m_itemsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
        if (!current.isValid())
            return m_inspector->clear();
        showItem(current.data(RunItemsModel::ItemIdRole).toLongLong());
    });
    return itemsBox;
}

// The launcher's Start and the progress box's buttons.
void RunsPage::connectActions()
{
    connect(m_launcher, &RunLauncher::startRequested, m_launchDialog, &QDialog::accept);
    connect(m_launcher, &RunLauncher::startRequested, this, [this](const QVector<PlannedRun> &runs) {
        auto queued = m_queue->enqueue(runs, m_launcher->scoreSpec());
        if (!queued)
            m_messages->error(queued.error());
        refreshRuns();
        updateButtons();
    });
    connect(m_pause, &QPushButton::clicked, m_queue, &RunQueue::pause);
    connect(m_cancel, &QPushButton::clicked, m_queue, &RunQueue::cancel);
    connect(m_resume, &QPushButton::clicked, this, [this] {
        if (m_queue->queued() > 0)
            m_queue->start();
        else if (auto resumed = m_queue->resumePaused(); !resumed)
            m_messages->error(resumed.error());
        updateButtons();
    });
    connect(m_retry, &QPushButton::clicked, this, [this] {
        const QModelIndex current = m_runsView->currentIndex();
        if (!current.isValid())
            return;
        const RunSummary &run = m_runs->run(current.row());
        auto reset = m_queue->retryFailed(run.id, run.name);
        if (!reset)
            m_messages->error(reset.error());
        refreshRuns();
        updateButtons();
    });
    connect(m_score, &QPushButton::clicked, this, [this] {
        const QModelIndex current = m_runsView->currentIndex();
        if (!current.isValid())
            return;
        ScoreRunDialog dialog(m_runs->run(current.row()).name, m_launcher->scoreSpec() ? m_launcher->scoreSpec()->judge : JudgeRegistry::defaultJudge(), this);
        if (dialog.exec() == QDialog::Accepted)
            scoreSelected(dialog.spec());
    });
}

// What the run queue reports: a run started, its progress, its end and its score.
void RunsPage::connectQueue()
{
    connect(m_queue, &RunQueue::runScored, this,
            [this](qint64 runId, const QString &name, const QString &judge, qint64 items, qint64 judged, qint64 correct, qint64 failed, const QString &lastFailure) {
                // Items without a verdict (failed, unread, or the oracle's without truth) are
                // neither right nor wrong: the share is over the judged ones.
                m_scoreNote = judged == items ? tr("%1 scored by %2: %3 of %4 correct. The Analysis page shows it.").arg(name, judge).arg(correct).arg(items)
                                              : tr("%1 scored by %2: %3 of %4 judged items correct; %5 of %6 items have no verdict (the Analysis page says why).")
                                                    .arg(name, judge).arg(correct).arg(judged).arg(items - judged).arg(items);
                m_current->setText(m_scoreNote);
                if (failed > 0) {
                    // The judge could not be asked about some items: they stay unread, and one
                    // click asks again about those only.
                    m_messages->warning(tr("%1 scored by %2, but %3 judge request(s) failed and their items are unread (last: %4).")
                                            .arg(name, judge)
                                            .arg(failed)
                                            .arg(lastFailure));
                    const ScoreSpec again{judge, {}, 1, true};
                    m_messages->addButton(tr("Judge Failed Items Again"), [this, runId, name, again] {
                        if (auto queued = m_queue->score(runId, name, again); !queued)
                            m_messages->error(queued.error());
                        updateButtons();
                    }, tr("Asks the judge again about the items whose request failed; every other verdict stays"));
                } else {
                    m_messages->success(m_scoreNote);
                    m_messages->addButton(tr("Open Analysis"), [this] { emit analysisRequested(); }, tr("The scored runs' groups, accuracies and response types"));
                }
                refreshRuns();
            });
    connect(m_queue, &RunQueue::runStarted, this, [this](qint64, const QString &name) {
        m_current->setText(tr("Running %1…").arg(name));
        m_bar->setValue(0);
        refreshRuns();
        if (m_queue->currentJob())
            emit jobStarted(m_queue->currentJob());
        updateButtons();
    });
    connect(m_queue, &RunQueue::progress, this, &RunsPage::onProgress);
    connect(m_queue, &RunQueue::runFinished, this, [this](qint64 runId, const QString &name, bool ok, const QString &message) {
        m_current->setText(ok ? (m_scoreNote.isEmpty() ? tr("%1 finished.").arg(name) : m_scoreNote) : tr("%1: %2").arg(name, message));
        m_scoreNote.clear();
        if (!ok && !m_queue->lastRunCancelled())
            m_messages->error(tr("Run %1 failed: %2").arg(name, message));
        else if (ok && m_unserved.first > 0) // the oracle's items without true documents
            m_messages->warning(tr("Run %1: the oracle had no true documents for %2 of its %3 items (their groups have none), so it returned nothing "
                                   "for them and their retrieval is not judged. Corpus → Ground Truth → Propose Links finds documents for them.")
                                    .arg(name)
                                    .arg(m_unserved.first)
                                    .arg(m_unserved.second));
        m_unserved = {};
        refreshRuns();
        if (m_items->runId() == runId)
            m_items->refresh();
        updateButtons();
    });
    connect(m_queue, &RunQueue::idle, this, &RunsPage::updateButtons);
}

RunsPage::~RunsPage()
{
    for (Job *job : {m_importJob.get(), m_exportJob.get()})
        if (job && job->isRunning()) {
            job->cancel();
            job->wait();
        }
}

void RunsPage::showItem(qint64 itemId)
{
    auto detail = m_project->service<RunStore>()->detail(itemId);
    if (!detail)
        return m_inspector->showError(detail.error());
    m_inspector->show(detail.value());
}

void RunsPage::showRun(qint64 runId)
{
    m_inspector->clear();
    m_items->setRun(runId);
    const int row = m_runs->rowOf(runId);
    if (row >= 0)
        m_itemsTitle->setText(tr("<b>%1</b> — %2 items · %3").arg(m_runs->run(row).name.toHtmlEscaped()).arg(m_items->rowCount())
                                  .arg(m_runs->run(row).pipeline.isEmpty() ? tr("imported") : m_runs->run(row).pipeline.toHtmlEscaped()));
}

void RunsPage::onProgress(const RunProgress &p)
{
    m_bar->setValue(p.total > 0 ? int(1000 * p.done / p.total) : 0);
    m_unserved = {p.unserved, p.done};
    m_current->setText(tr("Running %1: %2 of %3 items").arg(p.name).arg(p.done).arg(p.total));
    m_stats->setText(tr("%1 · %2 items/s · %3 error(s) · cost so far $%4")
                         .arg(etaText(p.etaSeconds)).arg(p.itemsPerSecond, 0, 'f', 1).arg(p.errors).arg(p.cost, 0, 'f', 4));
    // The runs table re-reads every run's counts: once a second is enough while one runs.
    if (!m_tableClock.isValid() || m_tableClock.elapsed() >= 1000 || p.done == p.total) {
        m_tableClock.start();
        refreshRuns();
    }
}

void RunsPage::scoreSelected(const ScoreSpec &spec)
{
    const QModelIndex current = m_runsView->currentIndex();
    if (!current.isValid())
        return;
    const RunSummary &run = m_runs->run(current.row());
    if (auto queued = m_queue->score(run.id, run.name, spec); !queued)
        m_messages->error(queued.error());
    updateButtons();
}

void RunsPage::askImportResults()
{
    auto forms = m_project->service<GenerationStore>()->forms();
    if (!forms) {
        m_messages->error(forms.error());
        return;
    }
    ImportResultsDialog dialog(forms.value(), this);
    if (dialog.exec() == QDialog::Accepted)
        startImportResults(dialog.path(), dialog.format(), dialog.runName(), dialog.querySet());
}

Job *RunsPage::startImportResults(const QString &path, ResultsImporter::Format format, const QString &runName, const QString &querySet)
{
    if (m_importJob && m_importJob->isRunning())
        return nullptr;
    const QString projectPath = m_project->path();
    auto note = std::make_shared<QString>();
    m_importJob = std::make_unique<Job>(tr("Importing results from %1").arg(QFileInfo(path).fileName()), [=](Job &job) {
        job.reportProgress(0, 1, tr("Reading %1").arg(QFileInfo(path).fileName()));
        auto db = Project::openConnection(projectPath); // this thread's own connection
        if (!db)
            return Status::failure(db);
        auto report = ResultsImporter::import(db.value(), format, path, runName, querySet);
        if (!report)
            return Status::failure(report);
        *note = tr("Run %1: %2 items imported, %3 answer verdicts and %4 retrieval verdicts (judge \"imported\"); select it and click Score… to judge it anew.")
                    .arg(runName).arg(report.value().items).arg(report.value().answerVerdicts).arg(report.value().retrievalVerdicts);
        if (!report.value().claimNote.isEmpty())
            *note += tr(" Claims: %1 (Analysis → Claims).").arg(report.value().claimNote);
        return Status();
    });
    connect(m_importJob.get(), &Job::finished, this, [this, note](bool ok, const QString &message) {
        m_current->setText(ok ? *note : tr("Nothing was imported: %1").arg(message));
        if (ok)
            m_messages->success(*note);
        else
            m_messages->error(m_current->text());
        refreshRuns();
        updateButtons();
        emit importFinished(ok, ok ? *note : message);
    });
    emit jobStarted(m_importJob.get());
    m_importJob->start();
    return m_importJob.get();
}

Job *RunsPage::startExportResults(qint64 runId, const QString &runName, const QString &path, const QString &judge)
{
    if (m_exportJob && m_exportJob->isRunning())
        return nullptr;
    const QString projectPath = m_project->path();
    auto written = std::make_shared<qint64>(0);
    m_exportJob = std::make_unique<Job>(tr("Exporting %1").arg(runName), [=](Job &job) {
        auto db = Project::openConnection(projectPath); // this thread's own connection
        if (!db)
            return Status::failure(db);
        auto n = RunExporter::writeJsonl(db.value(), runId, path, judge, &job);
        if (!n)
            return Status::failure(n);
        *written = n.value();
        return Status();
    });
    connect(m_exportJob.get(), &Job::finished, this, [this, written, runName, path](bool ok, const QString &message) {
        m_current->setText(ok ? tr("Exported %1 items of %2 to %3.").arg(*written).arg(runName, QDir::toNativeSeparators(path))
                              : tr("The export of %1 failed: %2").arg(runName, message));
        if (ok) {
            m_messages->success(m_current->text());
            const QString folder = QFileInfo(path).absolutePath();
            m_messages->addButton(tr("Show Folder"), [folder] { QDesktopServices::openUrl(QUrl::fromLocalFile(folder)); }, folder);
        } else {
            m_messages->error(m_current->text());
        }
        emit exportFinished(ok, m_current->text());
    });
    emit jobStarted(m_exportJob.get());
    m_exportJob->start();
    return m_exportJob.get();
}

QString RunsPage::progressText() const { return m_current->text() + QLatin1Char('\n') + m_stats->text(); }

void RunsPage::updateButtons()
{
    const bool running = m_queue->isRunning();
    m_pause->setEnabled(running);
    m_cancel->setEnabled(running || m_queue->queued() > 0);
    // Resume acts when the queue holds runs or a run of the project is unfinished (paused, or
    // interrupted by a crash).
    bool unfinished = m_queue->queued() > 0;
    for (int r = 0; r < m_runs->rowCount() && !unfinished; ++r)
        unfinished = m_runs->run(r).status != QLatin1String("done");
    m_resume->setEnabled(!running && unfinished);
    const QModelIndex current = m_runsView->currentIndex();
    const bool failedItems = current.isValid() && current.row() < m_runs->rowCount() && m_runs->run(current.row()).errors > 0
                             && m_runs->run(current.row()).source == QLatin1String("executed");
    m_retry->setEnabled(failedItems && !running);
    m_score->setEnabled(current.isValid() && current.row() < m_runs->rowCount());
    m_export->setEnabled(current.isValid() && current.row() < m_runs->rowCount());
    m_launcher->startButton()->setEnabled(m_launcher->canStart());
}

void RunsPage::refreshRuns()
{
    m_runs->refresh(); // a run started, ended or scored here; restoreSelectedRun keeps the selection
}

void RunsPage::restoreSelectedRun()
{
    if (!m_keptRun) {
        // Nothing chosen yet: the first run is, so the items list below shows something to read
        // instead of standing empty (issue 77).
        if (!m_runsView->currentIndex().isValid() && m_runs->rowCount() > 0)
            m_runsView->selectionModel()->setCurrentIndex(m_runs->index(0, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        return;
    }
    for (int r = 0; r < m_runs->rowCount(); ++r)
        if (m_runs->run(r).id == m_keptRun) {
            const QSignalBlocker block(m_runsView->selectionModel());
            m_runsView->selectionModel()->setCurrentIndex(m_runs->index(r, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            m_runsView->viewport()->update();
            break;
        }
}

} // namespace assay
