#include "versionspanel.h"

#include "changefollower.h"

#include "core/job.h"
#include "exams/examstore.h"
#include "exams/examversionestimate.h"
#include "exams/testsetversions.h"
#include "dialogs/freezeversiondialog.h"
#include "generation/generationstore.h"
#include "itemmodels/testsetdiffmodel.h"
#include "itemmodels/testsetsmodel.h"
#include "messagebar.h"
#include "project/project.h"
#include "runs/testsetdiff.h"
#include "runs/testsetstore.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTabWidget>
#include <QVBoxLayout>

namespace assay {

namespace {
QTableView *table(QAbstractItemModel *model, const QString &name, QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setObjectName(name);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
    view->horizontalHeader()->setStretchLastSection(true);
    return view;
}
} // namespace

VersionsPanel::VersionsPanel(Project *project, QWidget *parent)
    : QWidget(parent), m_project(project), m_versions(new TestSetsModel(this)), m_diff(new TestSetDiffModel(this)),
      m_list(table(m_versions, QStringLiteral("versionsList"), this)), m_items(table(m_diff, QStringLiteral("versionDiffItems"), this)),
      m_takes(new QTableWidget(this)), m_lower(new QTabWidget(this)),
      m_from(new QComboBox(this)), m_to(new QComboBox(this)), m_filter(new QComboBox(this)), m_freeze(new QPushButton(tr("Freeze Working Set…"), this)),
      m_compare(new QPushButton(tr("Compare"), this)), m_empty(new QLabel(this)), m_summary(new QLabel(this)), m_messages(new MessageBar(this))
{
    setObjectName(QStringLiteral("versionsPanel"));
    m_freeze->setObjectName(QStringLiteral("freezeVersion"));
    m_compare->setObjectName(QStringLiteral("compareVersions"));
    m_from->setObjectName(QStringLiteral("versionFrom"));
    m_to->setObjectName(QStringLiteral("versionTo"));
    m_empty->setObjectName(QStringLiteral("versionsEmpty"));
    m_summary->setObjectName(QStringLiteral("versionsSummary"));
    m_empty->setWordWrap(true);
    m_summary->setWordWrap(true);
    m_empty->setText(tr("<p>No frozen versions yet. Click <b>Freeze Working Set…</b> to keep today's accepted queries (or an exam's items) as "
                        "version v1: runs on it stay comparable whatever generation and curation change later, and a run on it can be marked as "
                        "the baseline that Analysis → Compare gates new runs against.</p>"));
    using Show = TestSetDiffModel::Show;
    for (const auto &[label, show] : {std::pair{tr("Every change"), Show::EveryChange}, std::pair{tr("Added"), Show::Added}, std::pair{tr("Removed"), Show::Removed},
                                      std::pair{tr("Changed"), Show::Changed}, std::pair{tr("Unchanged"), Show::Unchanged}, std::pair{tr("Every item"), Show::EveryItem}})
        m_filter->addItem(label, int(show));
    m_filter->setToolTip(tr("Every item lists the whole version, unchanged items too: read an old version without restoring it"));
    m_items->horizontalHeader()->setSectionResizeMode(TestSetDiffModel::Query, QHeaderView::Stretch);
    m_items->horizontalHeader()->setStretchLastSection(false);
    m_list->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->horizontalHeader()->setStretchLastSection(true);

    auto *top = new QHBoxLayout;
    top->addWidget(m_freeze);
    auto *what = new QLabel(tr("Frozen versions never change: a run on one can be compared with later runs on the same items."), this);
    what->setWordWrap(true);
    top->addWidget(what, 1);
    auto *compareRow = new QHBoxLayout;
    compareRow->addWidget(new QLabel(tr("Compare"), this));
    compareRow->addWidget(m_from, 1);
    compareRow->addWidget(new QLabel(tr("with"), this));
    compareRow->addWidget(m_to, 1);
    compareRow->addWidget(m_compare);
    compareRow->addSpacing(12);
    compareRow->addWidget(new QLabel(tr("Show:"), this));
    compareRow->addWidget(m_filter);
    auto *lower = new QWidget(this);
    auto *lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addLayout(compareRow);
    lowerLayout->addWidget(m_summary);
    m_takes->setObjectName(QStringLiteral("versionTakes"));
    const QStringList takeHeaders{tr("Taker"), tr("On the version (95%)"), tr("Answered here"), tr("Predicted"), tr("Ability")};
    m_takes->setColumnCount(int(takeHeaders.size()));
    m_takes->setHorizontalHeaderLabels(takeHeaders);
    m_takes->verticalHeader()->hide();
    m_takes->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_takes->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_takes->horizontalHeader()->setStretchLastSection(true);
    m_lower->setDocumentMode(true);
    m_lower->addTab(m_items, tr("Items"));
    m_lower->addTab(m_takes, tr("Takes on the version"));
    m_lower->setTabToolTip(1, tr("For an exam version compared with the working set: each take of today's exam estimated on the version's items — "
                                 "the items both hold as answered, the others predicted by the exam's IRT fit"));
    m_lower->setTabEnabled(1, false);
    lowerLayout->addWidget(m_lower, 1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("versionsBody"));
    split->addWidget(m_list);
    split->addWidget(lower);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 8);
    layout->addLayout(top);
    layout->addWidget(m_messages);
    layout->addWidget(m_empty);
    layout->addWidget(split, 1);
    layout->addStretch(); // with the body hidden (no version yet), the empty state stays at the top

    connect(m_freeze, &QPushButton::clicked, this, &VersionsPanel::openFreezeDialog);
    connect(m_compare, &QPushButton::clicked, this, [this] {
        startCompare(m_from->currentData().toString(), m_to->currentData().toString());
    });
    connect(m_filter, &QComboBox::currentIndexChanged, this, [this] { m_diff->setShow(TestSetDiffModel::Show(m_filter->currentData().toInt())); });
    // Double-clicking a version compares it with the working set.
    connect(m_list, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        const QString name = m_versions->versions().value(index.row()).name;
        m_from->setCurrentIndex(m_from->findData(name));
        m_to->setCurrentIndex(m_to->findData(QString()));
        startCompare(name, QString());
    });
    // The list follows versions, baselines (Mark as Baseline on Compare writes through the
    // project's own connection) and runs (its Runs column), from this program or another.
    auto *follower = new ChangeFollower(this, m_project, [](const ProjectChange &c) { return c.touches(ProjectChange::Aggregate::Versions) || c.touchesTable(QStringLiteral("run")); },
                                        [this] {
                                            reload();
                                            return true;
                                        });
    follower->setFollowsOwnEdits(true);
    reload();
}

VersionsPanel::~VersionsPanel()
{
    if (m_job && m_job->isRunning()) {
        m_job->cancel();
        m_job->wait();
    }
}

void VersionsPanel::reload()
{
    if (const QString error = m_versions->reload(*m_project->service<TestSetStore>()); !error.isEmpty())
        m_messages->error(tr("The frozen versions cannot be read: %1").arg(error));
    const QString from = m_from->currentData().toString(), to = m_to->currentData().toString();
    m_from->clear();
    m_to->clear();
    m_to->addItem(tr("the working set"), QString());
    for (const TestSetInfo &v : m_versions->versions()) {
        const QString label = QStringLiteral("%1 (%2)").arg(v.name, v.sourceText());
        m_from->addItem(label, v.name);
        m_to->addItem(label, v.name);
    }
    const bool any = !m_versions->versions().isEmpty();
    m_empty->setVisible(!any);
    // Nothing to list or compare yet: the empty state says what to click, alone.
    if (QWidget *body = findChild<QWidget *>(QStringLiteral("versionsBody")))
        body->setVisible(any);
    m_compare->setEnabled(any && !(m_job && m_job->isRunning()));
    if (int i = m_from->findData(from); i >= 0)
        m_from->setCurrentIndex(i);
    else if (any)
        m_from->setCurrentIndex(m_from->count() - 1); // the newest against the working set
    if (int i = m_to->findData(to); i >= 0)
        m_to->setCurrentIndex(i);
    if (!any)
        m_summary->setText(QString());
    else if (m_summary->text().isEmpty())
        m_summary->setText(tr("<span style='color:gray'>Click <b>Compare</b> (or double-click a version) to see what changed since it was frozen.</span>"));
}

void VersionsPanel::openFreezeDialog()
{
    auto forms = m_project->service<GenerationStore>()->forms();
    auto exams = m_project->service<ExamStore>()->exams();
    if (!forms || !exams) {
        m_messages->error(!forms ? forms.error() : exams.error());
        return;
    }
    QStringList taken;
    for (const TestSetInfo &v : m_versions->versions())
        taken << v.name;
    FreezeVersionDialog dialog(forms.value(), exams.value(), taken, this);
    if (dialog.exec() == QDialog::Accepted)
        startFreeze(dialog.name(), dialog.note(), dialog.kind(), dialog.source(), dialog.sampleGroups());
}

Job *VersionsPanel::startJob(const QString &title, std::function<Status(Job &)> work, std::function<void()> done)
{
    if (m_job && m_job->isRunning())
        return nullptr;
    m_job = std::make_unique<Job>(title, std::move(work));
    m_freeze->setEnabled(false);
    m_compare->setEnabled(false);
    connect(m_job.get(), &Job::finished, this, [this, done](bool ok, const QString &message) {
        m_freeze->setEnabled(true);
        m_compare->setEnabled(!m_versions->versions().isEmpty());
        if (!ok && !(m_job && m_job->isCancelled()))
            m_messages->error(message);
        if (ok)
            done();
    });
    emit jobStarted(m_job.get());
    m_job->start();
    return m_job.get();
}

Job *VersionsPanel::startFreeze(const QString &name, const QString &note, const QString &kind, const QString &source, int sampleGroups)
{
    const QString path = m_project->path();
    auto frozen = std::make_shared<TestSetInfo>();
    return startJob(
        tr("Freezing version %1").arg(name),
        [=](Job &job) {
            job.reportProgress(0, 1, name);
            auto project = Project::openForJob(path); // this thread's own connection
            if (!project)
                return Status::failure(project);
            TestSetSample sample;
            sample.groups = sampleGroups;
            auto made = TestSetVersions::freeze(*project.value(), name, note, kind, source, sample);
            if (!made)
                return Status::failure(made);
            *frozen = made.value();
            return Status();
        },
        [this, frozen] {
            m_messages->success(tr("Froze version %1: %2 items of %3.").arg(frozen->name, QLocale().toString(frozen->items), frozen->sourceText()));
            reload();
            emit versionFrozen(frozen->name);
        });
}

Job *VersionsPanel::startCompare(const QString &from, const QString &to)
{
    if (from.isEmpty())
        return nullptr;
    const QString path = m_project->path();
    auto result = std::make_shared<TestSetDiff>();
    auto takes = std::make_shared<QVector<ExamVersionEstimate>>();
    return startJob(
        tr("Comparing version %1 with %2").arg(from, to.isEmpty() ? tr("the working set") : to),
        [=](Job &) {
            auto project = Project::openForJob(path);
            if (!project)
                return Status::failure(project);
            auto older = project.value()->service<TestSetStore>()->info(from);
            if (!older)
                return Status::failure(older);
            auto before = TestSetVersions::items(*project.value(), from, nullptr);
            if (!before)
                return Status::failure(before);
            auto after = TestSetVersions::items(*project.value(), to, &older.value());
            if (!after)
                return Status::failure(after);
            *result = TestSetDiff::compare(before.value(), after.value(), true); // unchanged too: Show → Every item
            if (to.isEmpty() && older.value().kind == TestSetVersions::examKind()) {
                auto estimates = ExamVersionEstimator::estimate(project.value()->database(), from);
                if (!estimates)
                    return Status::failure(estimates);
                *takes = estimates.take();
            }
            result->from = from;
            result->to = to.isEmpty() ? tr("the working set") : to;
            return Status();
        },
        [this, result, takes] {
            m_diff->setDiff(*result);
            m_takes->setRowCount(0);
            for (const ExamVersionEstimate &e : *takes) {
                const int row = m_takes->rowCount();
                m_takes->insertRow(row);
                const QStringList cells{e.taker, QStringLiteral("%1% (%2–%3%)").arg(100 * e.accuracy, 0, 'f', 1).arg(100 * e.low, 0, 'f', 1).arg(100 * e.high, 0, 'f', 1),
                                        tr("%1 of %2 (%3 right)").arg(e.answered).arg(e.versionItems).arg(e.right), QString::number(e.predicted),
                                        QStringLiteral("%1 ± %2").arg(e.ability.theta, 0, 'f', 2).arg(e.ability.se, 0, 'f', 2)};
                for (int c = 0; c < cells.size(); ++c) {
                    auto *item = new QTableWidgetItem(cells[c]);
                    item->setToolTip(e.text());
                    m_takes->setItem(row, c, item);
                }
            }
            m_lower->setTabEnabled(1, !takes->isEmpty());
            m_lower->setTabText(1, takes->isEmpty() ? tr("Takes on the version") : tr("Takes on the version (%1)").arg(takes->size()));
            const TestSetDiff &d = *result;
            m_summary->setText(tr("<p><b>%1 → %2:</b> <span style='color:#1b7f3a'>%3 added</span>, <span style='color:#b02a2a'>%4 removed</span>, "
                                  "<span style='color:#9a5b00'>%5 changed</span> (same question, another gold answer: the knowledge rows behind it "
                                  "changed), %6 unchanged.</p>")
                                   .arg(d.from.toHtmlEscaped(), d.to.toHtmlEscaped())
                                   .arg(QLocale().toString(d.added), QLocale().toString(d.removed), QLocale().toString(d.changed), QLocale().toString(d.unchanged)));
            emit compared();
        });
}

QString VersionsPanel::summaryText() const { return m_summary->text(); }

} // namespace assay
