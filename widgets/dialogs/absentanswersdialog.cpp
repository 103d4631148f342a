#include "dialogs/absentanswersdialog.h"

#include "commands/setvaluealiasescommand.h"
#include "core/job.h"
#include "grounding/absentanswers.h"
#include "itemmodels/absentanswersmodel.h"
#include "itemmodels/valuealiasesmodel.h"
#include "messagebar.h"
#include "project/project.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>

namespace assay {

namespace {

QTableView *tableFor(QAbstractItemModel *model, const QString &name, QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setObjectName(name);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    view->setWordWrap(false);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().lineSpacing() + 8);
    return view;
}

} // namespace

AbsentAnswersDialog::AbsentAnswersDialog(Project *project, QWidget *parent) : QDialog(parent), m_project(project)
{
    setObjectName(QStringLiteral("absentAnswersDialog"));
    setWindowTitle(tr("Absent Answers"));
    m_absent = new AbsentAnswersModel(this);
    m_stored = new ValueAliasesModel(*project, this);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("absentSummary"));
    m_summary->setWordWrap(true);
    m_message = new MessageBar(this);
    m_progress = new QProgressBar(this);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_absentView = tableFor(m_absent, QStringLiteral("absentAnswers"), this);
    m_absentView->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::AnyKeyPressed);
    m_storedView = tableFor(m_stored, QStringLiteral("storedAliases"), this);
    m_storedView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_checkAgain = new QPushButton(QIcon::fromTheme(QStringLiteral("view-refresh")), tr("Check Again"), this);
    m_store = new QPushButton(tr("Store Checked Aliases"), this);
    m_store->setObjectName(QStringLiteral("storeAliases"));
    m_store->setToolTip(tr("Store the alias of every ticked row: the judges then accept it wherever they accept the value, and Propose Links finds it"));
    m_remove = new QPushButton(tr("Remove Selected Aliases"), this);
    m_remove->setObjectName(QStringLiteral("removeAliases"));
    auto *storedLabel = new QLabel(tr("<b>Stored aliases</b> — used by the judges (score a run again to apply them) and by Propose Links:"), this);
    storedLabel->setWordWrap(true);
    auto *close = new QDialogButtonBox(QDialogButtonBox::Close, this);

    auto *progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_cancel);
    auto *absentButtons = new QHBoxLayout;
    absentButtons->addWidget(m_checkAgain);
    absentButtons->addStretch(1);
    absentButtons->addWidget(m_store);
    auto *storedButtons = new QHBoxLayout;
    storedButtons->addStretch(1);
    storedButtons->addWidget(m_remove);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_message);
    layout->addLayout(progressRow);
    layout->addWidget(m_absentView, 3);
    layout->addLayout(absentButtons);
    layout->addWidget(storedLabel);
    layout->addWidget(m_storedView, 1);
    layout->addLayout(storedButtons);
    layout->addWidget(close);
    resize(980, 600);

    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_job)
            m_job->cancel();
    });
    connect(m_checkAgain, &QPushButton::clicked, this, [this] { check(); });
    connect(m_store, &QPushButton::clicked, this, &AbsentAnswersDialog::storeChecked);
    connect(m_remove, &QPushButton::clicked, this, &AbsentAnswersDialog::removeSelected);
    connect(m_absent, &QAbstractItemModel::dataChanged, this, &AbsentAnswersDialog::updateButtons);
    connect(m_stored, &QAbstractItemModel::modelReset, this, [this] {
        m_storedView->resizeColumnsToContents();
        updateButtons();
    });
    m_storedView->resizeColumnsToContents();
    connect(m_storedView->selectionModel(), &QItemSelectionModel::selectionChanged, this, &AbsentAnswersDialog::updateButtons);
    if (!m_stored->error().isEmpty())
        m_message->error(tr("The stored aliases cannot be read: %1").arg(m_stored->error()));
    check();
}

AbsentAnswersDialog::~AbsentAnswersDialog()
{
    if (m_job) {
        m_job->cancel();
        m_job->wait();
    }
}

bool AbsentAnswersDialog::busy() const { return m_job && m_job->isRunning(); }
QString AbsentAnswersDialog::summaryText() const { return m_summary->text(); }
QString AbsentAnswersDialog::messageText() const { return m_message->text(); }

void AbsentAnswersDialog::updateButtons()
{
    const bool running = busy();
    m_progress->setVisible(running);
    m_cancel->setVisible(running);
    m_checkAgain->setEnabled(!running);
    m_store->setEnabled(!running && !m_absent->aliasesToStore().isEmpty());
    m_remove->setEnabled(!running && m_storedView->selectionModel()->hasSelection());
}

Job *AbsentAnswersDialog::check()
{
    if (busy())
        return nullptr;
    const QString path = m_project->path();
    auto report = std::make_shared<AbsentAnswers::Report>();
    m_job = std::make_unique<Job>(tr("Looking for every answer in the corpus"), [=](Job &job) {
        auto db = Project::openConnection(path); // this thread's own connection
        if (!db)
            return Status::failure(db);
        auto found = AbsentAnswers::find(db.value(), true, &job);
        if (!found)
            return Status::failure(found);
        *report = found.take();
        return Status();
    });
    connect(m_job.get(), &Job::progressChanged, this, [this](qint64 done, qint64 total, const QString &detail, double eta) {
        m_progress->setRange(0, int(std::max<qint64>(total, 1)));
        m_progress->setValue(int(done));
        m_progress->setFormat(eta > 0 ? tr("%1 — about %2 s left").arg(detail).arg(qRound(eta)) : detail);
    });
    connect(m_job.get(), &Job::finished, this, [this, report](bool ok, const QString &message) {
        if (!ok) {
            m_summary->setText(m_job && m_job->isCancelled() ? tr("The check was cancelled: click <b>Check Again</b> to run it.")
                                                             : tr("The check failed: %1").arg(message.toHtmlEscaped()));
        } else {
            m_absent->setReport(*report);
            const AbsentAnswers::Report &r = *report;
            if (r.chunks == 0)
                m_summary->setText(tr("The corpus is empty: import documents on the <b>Corpus</b> page first, then click <b>Check Again</b>."));
            else if (r.groupsChecked == 0)
                m_summary->setText(tr("No semantic group has an answer read from a column yet: generate queries on the <b>Queries</b> page first."));
            else if (r.values.isEmpty())
                m_summary->setText(tr("Every answer of the %1 groups checked occurs in the corpus, as the database writes it or as a stored alias.").arg(r.groupsChecked));
            else
                m_summary->setText(tr("<b>%1 of %2</b> groups have an answer that no document states (%3 values below): every run judges their queries wrong, "
                                      "whatever it retrieves. Where the documents write the value another way, tick the row (double-click <i>Alias to store</i> to type "
                                      "your own) and click <b>Store Checked Aliases</b>. A value with nothing similar in the corpus is a gap in the documents.")
                                       .arg(r.groupsAbsent)
                                       .arg(r.groupsChecked)
                                       .arg(r.absentValues()) +
                                   (r.groupsUnstated > 0 ? tr(" %1 more group(s) have true documents that do not state their answer, though other documents do "
                                                              "(the rows marked <i>stated elsewhere</i>).").arg(r.groupsUnstated)
                                                         : QString()) +
                                   (r.groupsComputed > 0 ? tr(" %1 answers computed by the SQL (counts, sums) are not checked.").arg(r.groupsComputed) : QString()));
            m_absentView->resizeColumnsToContents();
            for (int c = 0; c < m_absent->columnCount(); ++c)
                m_absentView->setColumnWidth(c, std::min(m_absentView->columnWidth(c), 260));
        }
        updateButtons();
    });
    m_job->start();
    updateButtons();
    return m_job.get();
}

void AbsentAnswersDialog::storeChecked()
{
    const QVector<ValueAlias> put = m_absent->aliasesToStore();
    if (put.isEmpty())
        return;
    QString error;
    auto *command = new SetValueAliasesCommand(m_project, put.size() == 1 ? tr("Store a value alias") : tr("Store %1 value aliases").arg(put.size()), put);
    command->reportErrorsTo(&error);
    m_project->undoStack()->push(command);
    m_stored->refresh();
    if (!error.isEmpty())
        return m_message->error(tr("The aliases were not stored: %1").arg(error));
    m_message->success((put.size() == 1 ? tr("Stored 1 alias.") : tr("Stored %1 aliases.").arg(put.size()))
                       + tr(" Score the runs again (Runs page) for the judges to use them; Edit → Undo takes them back."));
    check();
}

void AbsentAnswersDialog::removeSelected()
{
    QVector<ValueAlias> drop;
    for (const QModelIndex &i : m_storedView->selectionModel()->selectedRows())
        drop << m_stored->alias(i.row());
    if (drop.isEmpty())
        return;
    QString error;
    auto *command = new SetValueAliasesCommand(m_project, drop.size() == 1 ? tr("Remove a value alias") : tr("Remove %1 value aliases").arg(drop.size()), {}, drop);
    command->reportErrorsTo(&error);
    m_project->undoStack()->push(command);
    m_stored->refresh();
    if (!error.isEmpty())
        return m_message->error(tr("The aliases were not removed: %1").arg(error));
    m_message->success((drop.size() == 1 ? tr("Removed 1 alias;") : tr("Removed %1 aliases;").arg(drop.size())) + tr(" Edit → Undo puts them back."));
    check();
}

} // namespace assay
