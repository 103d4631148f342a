#include "groundtruthpanel.h"
#include "dialogs/absentanswersdialog.h"
#include "dialogs/keyclaimsdialog.h"
#include "filedialogs.h"

#include "commands/setdocumentkeyscommand.h"
#include "commands/setgroundlinkscommand.h"
#include "grounding/linktiers.h"
#include "dialogs/spotcheckdialog.h"
#include "grounding/documentkeystore.h"
#include "grounding/keytruth.h"
#include "grounding/autolinker.h"
#include "grounding/linksfile.h"
#include "itemmodels/groundlinksmodel.h"
#include "linktierbar.h"
#include "messagebar.h"
#include "project/project.h"

#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSignalBlocker>
#include <QComboBox>
#include <QLocale>
#include <QMessageBox>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>

namespace assay {

GroundTruthPanel::GroundTruthPanel(Project *project, QWidget *parent) : QWidget(parent), m_project(project)
{
    setObjectName(QStringLiteral("groundTruthPanel"));
    m_model = new GroundLinksModel(*project, this);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("groundTruthSummary"));
    m_summary->setWordWrap(true);
    m_message = new MessageBar(this);
    m_propose = new QPushButton(QIcon::fromTheme(QStringLiteral("system-search")), tr("Propose Links"), this);
    m_propose->setObjectName(QStringLiteral("proposeLinks"));
    m_propose->setToolTip(tr("Find, for every group without true documents, the chunks that state its answer together with its values. "
                             "Links at or above the confidence are accepted; the others wait below for Accept or Reject."));
    m_minConfidence = new QDoubleSpinBox(this);
    m_minConfidence->setObjectName(QStringLiteral("minConfidence"));
    m_minConfidence->setRange(0.0, 1.0);
    m_minConfidence->setSingleStep(0.05);
    m_minConfidence->setValue(0.6);
    m_minConfidence->setPrefix(tr("accept at ≥ "));
    m_minConfidence->setToolTip(tr("1.0: one sentence states the answer and every value of the group; 0.6–0.9: some of the values; 0.4: in different sentences."));
    m_importFile = new QPushButton(QIcon::fromTheme(QStringLiteral("document-import")), tr("Import Links File…"), this);
    m_importFile->setObjectName(QStringLiteral("importLinks"));
    m_importFile->setToolTip(tr("A CSV or JSON file saying which document states which fact: doc_id with group (g31), "
                                "or with table and key of a knowledge row; the demo's facts.json works as it is."));
    m_absentAnswers = new QPushButton(QIcon::fromTheme(QStringLiteral("edit-find")), tr("Absent Answers…"), this);
    m_absentAnswers->setObjectName(QStringLiteral("absentAnswers"));
    m_absentAnswers->setToolTip(tr("List the answers that no document states (\"USA\" in the database, \"United States\" in the documents), "
                                   "with the aliases the corpus suggests; stored aliases count for the judges and for Propose Links."));
    m_keyClaims = new QPushButton(tr("Key Claims…"), this);
    m_keyClaims->setObjectName(QStringLiteral("keyClaims"));
    m_keyClaims->setToolTip(tr("Documents named by rows of two keyed tables (a résumé naming a person and an employer): which table each counts for."));
    // Shown where two tables are keyed (or once a key finds such documents).
    auto keys = m_project->service<DocumentKeyStore>()->keys();
    m_keyClaims->setVisible(keys && keys.value().size() >= 2);
    m_accept = new QPushButton(tr("Accept"), this);
    m_accept->setObjectName(QStringLiteral("acceptLinks"));
    m_reject = new QPushButton(tr("Reject"), this);
    m_reject->setObjectName(QStringLiteral("rejectLinks"));
    m_tiers = new LinkTierBar(this);
    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("groundLinks"));
    // A click on a header sorts the review by that column, in a proxy (the model keeps its order).
    auto *sorted = new QSortFilterProxyModel(this);
    sorted->setSourceModel(m_model);
    m_view->setModel(sorted);
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->setSortingEnabled(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setWordWrap(false);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_propose);
    bar->addWidget(m_minConfidence);
    bar->addWidget(m_importFile);
    bar->addWidget(m_absentAnswers);
    bar->addWidget(m_keyClaims);
    bar->addStretch(1);
    // Review of the selected links on a row of its own: one row would not fit a laptop.
    auto *review = new QHBoxLayout;
    review->addWidget(new QLabel(tr("Selected links:"), this));
    review->addWidget(m_accept);
    review->addWidget(m_reject);
    review->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addLayout(bar);
    layout->addWidget(m_message);
    layout->addLayout(review);
    layout->addWidget(m_tiers);
    layout->addWidget(m_view, 1);

    connect(m_propose, &QPushButton::clicked, this, [this] { startProposing(); });
    connect(m_absentAnswers, &QPushButton::clicked, this, [this] { openAbsentAnswers(); });
    connect(m_keyClaims, &QPushButton::clicked, this, [this] { openKeyClaims(); });
    connect(m_importFile, &QPushButton::clicked, this, [this] {
        const QString path = FileDialogs::openFile(this, QStringLiteral("links"), tr("Import Links File"), tr("Links (*.csv *.json);;All files (*)"));
        if (path.isEmpty())
            return;
        startImport(path);
    });
    const auto selectedRows = [this] {
        QList<int> rows;
        const auto *sorted = static_cast<const QSortFilterProxyModel *>(m_view->model());
        for (const QModelIndex &i : m_view->selectionModel()->selectedRows())
            rows << sorted->mapToSource(i).row();
        return rows;
    };
    connect(m_accept, &QPushButton::clicked, this, [this, selectedRows] { setStateOfRows(selectedRows(), true); });
    connect(m_reject, &QPushButton::clicked, this, [this, selectedRows] { setStateOfRows(selectedRows(), false); });
    connect(m_tiers, &LinkTierBar::checkRequested, this, [this] {
        if (SpotCheckDialog *dialog = openSpotCheck(QRandomGenerator::global()->generate()))
            dialog->open();
    });
    connect(m_tiers, &LinkTierBar::acceptRequested, this, [this] {
        const auto it = currentTier();
        if (!it)
            return;
        const auto answer = QMessageBox::question(this, tr("Accept the Tier"),
                                                  tr("Accept all %1 waiting links of tier %2 on its spot check (%3)?\n\nEdit → Undo takes them back.")
                                                      .arg(QLocale().toString(it->waiting), it->name, LinkTiers::estimateText(*it)));
        if (answer == QMessageBox::Yes)
            acceptTier();
    });
    // A message about an edit is out of date once the edit is undone or redone.
    connect(m_project->undoStack(), &QUndoStack::indexChanged, m_message, &MessageBar::clear);
    connect(m_tiers, &LinkTierBar::tierChanged, this, [this] {
        showTiers();
        updateButtons();
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        showTiers();
        showSummary();
        updateButtons();
        fitColumns();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &GroundTruthPanel::updateButtons);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().lineSpacing() + 6);
    (void)m_model->refresh();
    fitColumns();
    showTiers();
    showSummary();
    updateButtons();
}

GroundTruthPanel::~GroundTruthPanel()
{
    if (m_job) {
        m_job->cancel();
        m_job->wait();
    }
}

QString GroundTruthPanel::summaryText() const { return m_summary->text(); }
QString GroundTruthPanel::messageText() const { return m_message->text(); }
void GroundTruthPanel::setMinimumConfidence(double c) { m_minConfidence->setValue(c); }

void GroundTruthPanel::showSummary()
{
    if (!m_model->error().isEmpty())
        return m_summary->setText(tr("The links cannot be read: %1").arg(m_model->error().toHtmlEscaped()));
    const auto &c = m_model->coverage();
    if (c.groups == 0) {
        m_summary->setText(tr("No semantic group with an answer yet: generate queries on the <b>Queries</b> page first; "
                              "then come back to say which documents state their facts."));
        return;
    }
    QString text = tr("<b>%1 of %2</b> groups with an answer have true documents (retrieval accuracy and the oracle need them).")
                       .arg(c.grounded)
                       .arg(c.groups);
    if (c.byKeys > 0)
        text += tr(" From document keys: %1 groups.").arg(c.byKeys);
    if (c.accepted + c.proposed + c.rejected > 0)
        text += tr(" Links: %1 accepted, %2 waiting for review, %3 rejected.").arg(c.accepted).arg(c.proposed).arg(c.rejected);
    else if (c.grounded == 0)
        text += tr(" Click <b>Propose Links</b> to find the documents that state each group's answer, or <b>Import Links File…</b> to read them from a CSV or JSON file. "
                   "When a table's rows are your documents (one profile per client), right-click its name column on the <b>Schema</b> page: "
                   "<i>Rows Are Documents</i>.");
    m_summary->setText(text);
}

void GroundTruthPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    fitColumns();
}

// Every column but the evidence as wide as its widest text among the first rows (at most a
// fifth of the view, the rest elided with the full text in the tooltip); evidence takes the rest.
void GroundTruthPanel::fitColumns()
{
    const QFontMetrics fm = m_view->fontMetrics();
    const int most = std::max(80, m_view->viewport()->width() / 5);
    for (int c = 0; c < GroundLinksModel::Evidence; ++c) {
        int width = fm.horizontalAdvance(m_model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString()) + 24;
        for (int r = 0; r < m_model->rowCount() && r < 200; ++r)
            width = std::max(width, fm.horizontalAdvance(m_model->index(r, c).data().toString()) + 12);
        if (c == GroundLinksModel::State) // a checked link further down: "accepted ✓"
            width = std::max(width, fm.horizontalAdvance(tr("%1 ✓").arg(GroundLink::stateText(GroundLink::State::Accepted))) + 12);
        m_view->setColumnWidth(c, std::min(width, most));
    }
}

void GroundTruthPanel::updateButtons()
{
    const bool selected = m_view->selectionModel()->hasSelection();
    m_accept->setEnabled(!busy() && selected);
    m_reject->setEnabled(!busy() && selected);
    m_propose->setEnabled(!busy());
    m_importFile->setEnabled(!busy());
    m_keyClaims->setEnabled(!busy());
    m_tiers->updateButtons(m_model->links(), busy());
}

KeyClaimsDialog *GroundTruthPanel::openKeyClaims()
{
    if (!m_conflictsKnown) {
        // Not yet computed in this session: read them off the GUI thread, then open.
        if (busy())
            return nullptr;
        auto stored = m_project->service<DocumentKeyStore>()->keys();
        if (!stored) {
            m_message->error(tr("The document keys cannot be read: %1").arg(stored.error()));
            return nullptr;
        }
        const QString projectPath = m_project->path();
        auto conflicts = std::make_shared<QVector<KeyTruth::Outcome::Conflict>>();
        m_job = std::make_unique<Job>(tr("Reading what the document keys claim"), [=, keys = stored.value()](Job &job) {
            auto project = Project::openForJob(projectPath);
            if (!project)
                return Status::failure(project);
            auto computed = KeyTruth::compute(*project.value(), keys, &job);
            if (!computed)
                return Status::failure(computed);
            *conflicts = computed.value().conflicts;
            return Status();
        });
        connect(m_job.get(), &Job::finished, this, [this, conflicts](bool ok, const QString &message) {
            updateButtons();
            if (!ok) {
                m_message->error(tr("What the keys claim cannot be read: %1").arg(message));
                return;
            }
            m_conflicts = *conflicts;
            m_conflictsKnown = true;
            if (m_conflicts.isEmpty())
                m_message->success(tr("No document is named by rows of two keyed tables: every key's documents are its own."));
            else
                openKeyClaims();
        });
        launch();
        return nullptr;
    }
    auto *dialog = new KeyClaimsDialog(m_conflicts, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { startKeying({}, {}, {}, dialog->claims()); });
    dialog->open();
    return dialog;
}

AbsentAnswersDialog *GroundTruthPanel::openAbsentAnswers()
{
    auto *dialog = new AbsentAnswersDialog(m_project, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

Job *GroundTruthPanel::startProposing()
{
    if (busy())
        return nullptr;
    const QString projectPath = m_project->path();
    AutoLinker::Options options;
    options.minConfidence = m_minConfidence->value();
    auto proposals = std::make_shared<AutoLinker::Proposals>();
    m_job = std::make_unique<Job>(tr("Proposing ground-truth links"), [=](Job &job) {
        auto project = Project::openForJob(projectPath); // this thread's own connection
        if (!project)
            return Status::failure(project);
        auto found = AutoLinker::propose(*project.value(), options, &job);
        if (!found)
            return Status::failure(found);
        *proposals = found.take();
        return Status();
    });
    connect(m_job.get(), &Job::finished, this, [this, proposals, options](bool ok, const QString &message) {
        updateButtons();
        if (!ok) {
            if (!(m_job && m_job->isCancelled()))
                m_message->error(tr("No links were proposed: %1").arg(message));
            emit jobFinished(false, message);
            return;
        }
        const auto accepted = std::count_if(proposals->links.begin(), proposals->links.end(), [](const GroundLink &l) { return l.state == GroundLink::State::Accepted; });
        if (proposals->links.isEmpty()) {
            m_message->warning(tr("No chunk states the answer of any of the %n group(s) without true documents together with its values.", nullptr,
                                  int(proposals->groupsSearched)));
        } else {
            const QString error = push(new SetGroundLinksCommand(m_project, tr("Propose %n ground-truth link(s)", nullptr, int(proposals->links.size())), proposals->links));
            if (!error.isEmpty())
                m_message->error(tr("The proposed links were not saved: %1").arg(error));
            else
                m_message->success(tr("Links proposed for %1 of the %2 groups searched (those without true documents whose answer has three characters or more): %3 links, %4 accepted (confidence ≥ %5), %6 waiting for review below. Edit → Undo takes them back.")
                                       .arg(proposals->groupsLinked)
                                       .arg(proposals->groupsSearched)
                                       .arg(proposals->links.size())
                                       .arg(accepted)
                                       .arg(options.minConfidence, 0, 'f', 2)
                                       .arg(proposals->links.size() - accepted)
                                   + (proposals->joinPathsSkipped.isEmpty() ? QString()
                                                                            : tr(" The join paths were not searched: %1").arg(proposals->joinPathsSkipped)));
        }
        (void)m_model->refresh();
        emit jobFinished(true, message);
    });
    return launch();
}

Job *GroundTruthPanel::startKeying(const QString &table, const QString &column, const QString &match, const std::optional<QHash<QString, QString>> &claims)
{
    if (busy())
        return nullptr;
    auto stored = m_project->service<DocumentKeyStore>()->keys();
    if (!stored) {
        m_message->error(tr("The document keys cannot be read: %1").arg(stored.error()));
        return nullptr;
    }
    QVector<DocumentKey> keys = stored.value();
    const auto before = keys.size();
    if (!claims) // with claims: the keys as they are, the documents' claims chosen again
        keys.erase(std::remove_if(keys.begin(), keys.end(), [&](const DocumentKey &k) { return k.table.compare(table, Qt::CaseInsensitive) == 0; }), keys.end());
    if (!claims && match.isEmpty() && keys.size() == before) {
        m_message->warning(tr("The rows of %1 are not documents: there is no key to remove.").arg(table));
        return nullptr;
    }
    if (!claims && !match.isEmpty())
        keys.append({table, column, DocumentKey::matchFrom(match)});
    const QString text = claims ? tr("Key claims chosen")
                         : match.isEmpty() ? tr("Rows of %1 are not documents").arg(table) : tr("Rows of %1 are documents by %2 (%1.%3)").arg(table, match, column);
    const QString projectPath = m_project->path();
    auto outcome = std::make_shared<KeyTruth::Outcome>();
    m_job = std::make_unique<Job>(tr("Following the document keys"), [=](Job &job) {
        auto project = Project::openForJob(projectPath); // this thread's own connection
        if (!project)
            return Status::failure(project);
        auto computed = KeyTruth::compute(*project.value(), keys, &job, claims ? &*claims : nullptr);
        if (!computed)
            return Status::failure(computed);
        *outcome = computed.take();
        return Status();
    });
    connect(m_job.get(), &Job::finished, this, [this, outcome, keys, text, claims](bool ok, const QString &message) {
        updateButtons();
        if (!ok) {
            if (!(m_job && m_job->isCancelled()))
                m_message->error(tr("The document key was not stored: %1").arg(message));
            emit jobFinished(false, message);
            return;
        }
        const QString error = push(new SetDocumentKeysCommand(m_project, text, keys, outcome->rows,
                                                              claims ? std::optional<QString>(KeyTruth::claimsToJson(*claims)) : std::nullopt));
        m_conflicts = outcome->conflicts;
        m_conflictsKnown = true;
        m_keyClaims->setVisible(m_keyClaims->isVisible() || !m_conflicts.isEmpty());
        if (!error.isEmpty()) {
            m_message->error(tr("The document key was not stored: %1").arg(error));
        } else {
            QStringList unmatched;
            for (auto it = outcome->rowsWithoutDocument.cbegin(); it != outcome->rowsWithoutDocument.cend(); ++it)
                unmatched << tr("%1 rows of %2").arg(it.value()).arg(it.key());
            const QString proposals = outcome->proposals == 0 ? QString()
                                      : tr(" %1 key document(s) on join paths do not state the answer: they wait in tier %2 below for a spot check, not as truth.")
                                            .arg(outcome->proposals)
                                            .arg(LinkTiers::tierOf(KeyProposalConfidence));
            const QString conflicts = outcome->conflicts.isEmpty() ? QString()
                                      : tr(" %n document(s) are named by rows of two keyed tables; each counts for one (Key Claims… shows which, and lets you choose).",
                                           nullptr, int(outcome->conflicts.size()));
            m_message->success(tr("%1: %2 of %3 groups with an answer now have true documents from keys.%4%5%6 Edit → Undo takes it back.")
                                   .arg(text)
                                   .arg(outcome->grounded)
                                   .arg(outcome->groups)
                                   .arg(unmatched.isEmpty() ? QString() : tr(" No document names %1.").arg(unmatched.join(tr(", "))), proposals, conflicts));
        }
        (void)m_model->refresh();
        emit jobFinished(error.isEmpty(), error.isEmpty() ? message : error);
    });
    return launch();
}

Job *GroundTruthPanel::startImport(const QString &path)
{
    if (busy())
        return nullptr;
    const QString projectPath = m_project->path();
    auto resolved = std::make_shared<LinksFile::Resolved>();
    m_job = std::make_unique<Job>(tr("Reading links from %1").arg(QFileInfo(path).fileName()), [=](Job &) {
        auto entries = LinksFile::read(path);
        if (!entries)
            return Status::failure(entries);
        auto db = Project::openConnection(projectPath);
        if (!db)
            return Status::failure(db);
        auto r = LinksFile::resolve(db.value(), projectPath, entries.value());
        if (!r)
            return Status::failure(r);
        *resolved = r.take();
        return Status();
    });
    connect(m_job.get(), &Job::finished, this, [this, resolved, path](bool ok, const QString &message) {
        updateButtons();
        if (!ok) {
            m_message->error(tr("No links were imported: %1").arg(message));
            emit jobFinished(false, message);
            return;
        }
        const QString error = resolved->links.isEmpty()
                                  ? QString()
                                  : push(new SetGroundLinksCommand(m_project, tr("Import %n ground-truth link(s)", nullptr, int(resolved->links.size())), resolved->links));
        if (!error.isEmpty())
            m_message->error(tr("The links were not saved: %1").arg(error));
        else if (resolved->links.isEmpty())
            m_message->warning(tr("%1: none of its %2 entries names a group of this project (first: %3).")
                                   .arg(QFileInfo(path).fileName())
                                   .arg(resolved->entries)
                                   .arg(resolved->unmatched.value(0)));
        else
            m_message->success(tr("%1: %2 links from %3 entries%4. Edit → Undo takes them back.")
                                   .arg(QFileInfo(path).fileName())
                                   .arg(resolved->links.size())
                                   .arg(resolved->entries)
                                   .arg(resolved->unmatched.isEmpty() ? QString() : tr("; %1 entries name no group (e.g. %2)").arg(resolved->unmatched.size()).arg(resolved->unmatched.first())));
        (void)m_model->refresh();
        emit jobFinished(error.isEmpty(), error.isEmpty() ? message : error);
    });
    return launch();
}

Job *GroundTruthPanel::launch()
{
    emit jobStarted(m_job.get());
    m_job->start();
    updateButtons();
    return m_job.get();
}

QString GroundTruthPanel::push(CheckedCommand *command)
{
    QString error;
    command->reportErrorsTo(&error);
    m_project->undoStack()->push(command); // a refused command is dropped; its reason is in error
    return error;
}

void GroundTruthPanel::setStateOfRows(const QList<int> &rows, bool accept)
{
    QVector<GroundLink> changed;
    for (int r : rows)
        if (r >= 0 && r < m_model->rowCount()) {
            GroundLink l = m_model->link(r);
            l.state = accept ? GroundLink::State::Accepted : GroundLink::State::Rejected;
            changed << l;
        }
    if (changed.isEmpty())
        return;
    const QString error = push(new SetGroundLinksCommand(m_project, accept ? tr("Accept %n link(s)", nullptr, int(changed.size())) : tr("Reject %n link(s)", nullptr, int(changed.size())), changed));
    if (!error.isEmpty())
        m_message->error(error);
    (void)m_model->refresh();
}

QString GroundTruthPanel::tierText() const { return m_tiers->estimateText(); }

QComboBox *GroundTruthPanel::tierBox() const { return m_tiers->box(); }

std::optional<LinkTiers::Tier> GroundTruthPanel::currentTier() const { return m_tiers->current(m_model->links()); }

void GroundTruthPanel::showTiers() { m_tiers->showTiers(m_model->links()); }

SpotCheckDialog *GroundTruthPanel::openSpotCheck(quint32 seed)
{
    const QString tier = m_tiers->tierName();
    const auto drawn = LinkTiers::sample(m_model->links(), tier, 20, seed);
    if (drawn.isEmpty()) {
        m_message->showMessage(MessageBar::Level::Info, tr("Tier %1 has no waiting link to check.").arg(tier));
        return nullptr;
    }
    auto *dialog = new SpotCheckDialog(tier, drawn, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, tier] { storeVerdicts(tier, dialog->verdicts()); });
    return dialog;
}

void GroundTruthPanel::storeVerdicts(const QString &tier, const QVector<GroundLink> &verdicts)
{
    if (verdicts.isEmpty())
        return;
    const QString error = push(new SetGroundLinksCommand(m_project, tr("Spot check of tier %1 (%n verdict(s))", nullptr, int(verdicts.size())).arg(tier), verdicts));
    (void)m_model->refresh();
    if (!error.isEmpty()) {
        m_message->error(error);
        return;
    }
    const auto checked = LinkTiers::find(m_model->links(), tier);
    m_message->success(tr("Stored %n verdict(s) for tier %1: %2. Edit → Undo takes them back.", nullptr, int(verdicts.size()))
                           .arg(tier, checked ? LinkTiers::estimateText(*checked) : QString()));
}

void GroundTruthPanel::acceptTier()
{
    const QString tier = m_tiers->tierName();
    const auto accepted = LinkTiers::acceptTier(m_model->links(), tier);
    if (accepted.isEmpty()) {
        m_message->showMessage(MessageBar::Level::Info, tr("Tier %1 has no waiting link, or no spot check yet: click Check 20 at Random… first.").arg(tier));
        return;
    }
    const QString estimate = accepted.front().estimate;
    const QString error = push(new SetGroundLinksCommand(m_project, tr("Accept tier %1 (%n link(s))", nullptr, int(accepted.size())).arg(tier), accepted));
    (void)m_model->refresh();
    if (!error.isEmpty())
        m_message->error(error);
    else
        m_message->success(tr("Accepted %n link(s) of %1. Edit → Undo takes them back.", nullptr, int(accepted.size())).arg(estimate));
}

} // namespace assay
