#include "analysistabs/claimspanel.h"

#include "analysistabs/claiminspector.h"

#include "analysis/claimcharts.h"
#include "analysis/llmclaimchecker.h"
#include "analysis/offlineclaimchecker.h"
#include "changefollower.h"
#include "charts/chartpanel.h"
#include "claims/claimstore.h"
#include "core/job.h"
#include "llm/llmprofilestore.h"
#include "project/project.h"
#include "runs/runstore.h"

#include <QColor>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace assay {

namespace {

QString pointsText(double v) { return std::isnan(v) ? QObject::tr("n/a") : QString::number(100 * v, 'f', 1); }

// A column title in two short lines, so eleven metrics fit a laptop; its tooltip names it whole.
QString header(ClaimMetrics::Metric m)
{
    switch (m) {
    case ClaimMetrics::ClaimRecall: return QObject::tr("Claim\nrecall");
    case ClaimMetrics::ContextPrecision: return QObject::tr("Context\nprecision");
    case ClaimMetrics::ContextUtilization: return QObject::tr("Context\nutilization");
    case ClaimMetrics::NoiseSensitivityRelevant: return QObject::tr("Noise\nrelevant");
    case ClaimMetrics::NoiseSensitivityIrrelevant: return QObject::tr("Noise\nirrelevant");
    case ClaimMetrics::Hallucination: return QObject::tr("Halluci-\nnation");
    case ClaimMetrics::SelfKnowledge: return QObject::tr("Self-\nknowledge");
    case ClaimMetrics::Faithfulness: return QObject::tr("Faith-\nfulness");
    default: return ClaimMetrics::label(m);
    }
}

// A table cell that sorts by number (unknown last).
class NumberItem : public QTableWidgetItem {
public:
    explicit NumberItem(double value) : QTableWidgetItem(pointsText(value)), m_value(std::isnan(value) ? 1e9 : value)
    {
        setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        if (std::isnan(value))
            setToolTip(QObject::tr("Unknown or does not apply to this item"));
    }
    bool operator<(const QTableWidgetItem &other) const override
    {
        const auto *n = dynamic_cast<const NumberItem *>(&other);
        return n ? m_value < n->m_value : QTableWidgetItem::operator<(other);
    }

private:
    double m_value;
};

// Four per item, so the list fits beside the inspector on a laptop (the grid above has all eleven).
const ClaimMetrics::Metric kItemColumns[] = {ClaimMetrics::ClaimRecall, ClaimMetrics::Precision, ClaimMetrics::Faithfulness, ClaimMetrics::Hallucination};

} // namespace

ClaimsPanel::ClaimsPanel(Project *project, QWidget *parent)
    : QWidget(parent), m_project(project), m_intro(new QLabel(this)), m_run(new QComboBox(this)), m_method(new QComboBox(this)), m_check(new QPushButton(tr("Check Claims"), this)),
      m_checker(new QComboBox(this)), m_baseline(new QComboBox(this)), m_status(new QLabel(this)), m_grid(new QTableWidget(this)),
      m_chart(new ChartPanel(this)), m_items(new QTableWidget(this)), m_inspector(new ClaimInspector(project, this))
{
    setObjectName(QStringLiteral("claimsPanel"));
    m_run->setObjectName(QStringLiteral("claimsRun"));
    m_check->setObjectName(QStringLiteral("claimsCheckOffline"));
    m_checker->setObjectName(QStringLiteral("claimsChecker"));
    m_method->setObjectName(QStringLiteral("claimsMethod"));
    // The row's combo boxes as narrow as a short name (their tooltips and lists show it whole):
    // at their contents' width the row would widen the Analysis page past a laptop's.
    for (QComboBox *box : {m_run, m_method, m_checker, m_baseline}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(10);
    }
    m_method->setToolTip(tr("Who makes and checks the claims: the grounded rows (offline: exact facts, word-matching checks) or an LLM profile "
                            "(its extraction and entailment prompts, cached; replies it cannot read stay unknown)"));
    m_baseline->setObjectName(QStringLiteral("claimsBaseline"));
    m_grid->setObjectName(QStringLiteral("claimsGrid"));
    m_items->setObjectName(QStringLiteral("claimsItems"));
    m_intro->setWordWrap(true);
    m_intro->setText(tr("RAGChecker's claim-level metrics: a response and its ground-truth answer split into claims, each checked against the other "
                        "and against every retrieved chunk. <i>Check Claims</i> with <i>offline</i> builds them from the grounded rows: the truth's claims are "
                        "exact facts of the answer's row, the checks are word-matching approximations; with an LLM profile, the LLM extracts and "
                        "checks them. RAGChecker's own checking output imports on the Runs page (Import Results…). Hover a column title for what it "
                        "measures."));
    m_check->setToolTip(tr("Make the chosen run's claims with the chosen method and check them against its response and chunks"));
    m_baseline->setToolTip(tr("A run to compare the others with, paired on the items both checked (95% bootstrap interval of the difference, "
                              "computed in the background)"));
    m_status->setWordWrap(true);
    m_status->setObjectName(QStringLiteral("claimsStatus"));
    m_chart->setObjectName(QStringLiteral("claimsChart"));

    m_grid->setColumnCount(ClaimMetrics::MetricCount + 2);
    QStringList headers{tr("Run"), tr("Items")};
    for (int m = 0; m < ClaimMetrics::MetricCount; ++m)
        headers << header(ClaimMetrics::Metric(m));
    m_grid->setHorizontalHeaderLabels(headers);
    for (int m = 0; m < ClaimMetrics::MetricCount; ++m) {
        const auto metric = ClaimMetrics::Metric(m);
        m_grid->horizontalHeaderItem(m + 2)->setToolTip(tr("%1 (%2). %3").arg(ClaimMetrics::label(metric), ClaimAnalysis::module(metric), ClaimAnalysis::explanation(metric)));
    }
    m_grid->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_grid->verticalHeader()->hide();
    m_grid->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_grid->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_grid->setSelectionMode(QAbstractItemView::SingleSelection);

    m_items->setColumnCount(1 + int(std::size(kItemColumns)));
    QStringList itemHeaders{tr("Item")};
    for (ClaimMetrics::Metric m : kItemColumns)
        itemHeaders << header(m);
    m_items->setHorizontalHeaderLabels(itemHeaders);
    for (int c = 0; c < int(std::size(kItemColumns)); ++c)
        m_items->horizontalHeaderItem(c + 1)->setToolTip(tr("%1: %2").arg(ClaimMetrics::label(kItemColumns[c]), ClaimAnalysis::explanation(kItemColumns[c])));
    m_items->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_items->verticalHeader()->hide();
    m_items->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_items->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_items->setSelectionMode(QAbstractItemView::SingleSelection);
    m_items->setSortingEnabled(true);

    // Two rows: what to check (run, method), and what to show (checker, comparison); one row
    // would set the Analysis page's least width past what its drill pane leaves on a laptop.
    auto *controls = new QVBoxLayout;
    auto *make = new QHBoxLayout;
    make->addWidget(new QLabel(tr("Run:"), this));
    make->addWidget(m_run, 2);
    make->addWidget(new QLabel(tr("Method:"), this));
    make->addWidget(m_method, 1);
    make->addWidget(m_check);
    auto *show = new QHBoxLayout;
    show->addWidget(new QLabel(tr("Checker:"), this));
    show->addWidget(m_checker, 1);
    show->addWidget(new QLabel(tr("Compare with:"), this));
    show->addWidget(m_baseline, 2);
    controls->addLayout(make);
    controls->addLayout(show);
    auto *bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(m_items);
    bottom->addWidget(m_inspector);
    bottom->setStretchFactor(0, 1);
    bottom->setStretchFactor(1, 1);
    // The figures as a table or as a chart (its menu exports PNG, SVG and PDF).
    auto *views = new QTabWidget(this);
    views->setObjectName(QStringLiteral("claimsViews"));
    views->setDocumentMode(true);
    views->addTab(m_grid, tr("Table"));
    views->addTab(m_chart, tr("Chart"));
    views->setTabToolTip(1, tr("The eleven metrics as bars, one per run, with their 95% intervals; right-click to export it"));
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(views);
    split->addWidget(bottom);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addLayout(controls);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);

    // Runs made, scored or checked elsewhere (the Runs page, another process) are read again
    // when this view is next shown.
    new ChangeFollower(this, m_project, ChangeFollower::touching(ProjectChange::Aggregate::Runs | ProjectChange::Aggregate::Judgements), [this] {
        m_stale = true;
        return reload() != nullptr;
    });
    fillMethods();
    connect(m_check, &QPushButton::clicked, this, [this] {
        const QString profile = m_method->currentData().toString();
        if (profile.isEmpty())
            checkOffline(m_run->currentText());
        else
            checkWithLlm(m_run->currentText(), profile);
    });
    connect(m_checker, &QComboBox::currentIndexChanged, this, [this] {
        m_stale = true;
        reload();
    });
    connect(m_baseline, &QComboBox::currentIndexChanged, this, &ClaimsPanel::compareWithBaseline);
    connect(m_grid, &QTableWidget::currentCellChanged, this, [this](int row) { fillItems(row); });
    connect(m_items, &QTableWidget::currentCellChanged, this, [this](int row) {
        if (row >= 0 && m_items->item(row, 0))
            inspect(gridRun(m_grid->currentRow()), m_items->item(row, 0)->text());
    });
}

ClaimsPanel::~ClaimsPanel()
{
    for (Job *job : {m_job.get(), m_compareJob.get()})
        if (job && job->isRunning()) {
            job->cancel();
            job->wait();
        }
}

QString ClaimsPanel::checker() const { return m_checker->currentText(); }

QString ClaimsPanel::statusText() const { return m_status->text(); }

QTableWidget *ClaimsPanel::matrix() const { return m_inspector->matrix(); }

QString ClaimsPanel::gridRun(int row) const { return row >= 0 && m_grid->item(row, 0) ? m_grid->item(row, 0)->text() : QString(); }

void ClaimsPanel::fillMethods()
{
    const QString current = m_method->currentData().toString();
    const QSignalBlocker block(m_method);
    m_method->clear();
    m_method->addItem(tr("offline (grounded rows)"), QString());
    for (const LlmProfile &p : LlmProfileStore::all())
        m_method->addItem(tr("LLM: %1").arg(p.name), p.name);
    m_method->setCurrentIndex(std::max(0, m_method->findData(current)));
    if (m_method->count() == 1)
        m_method->setItemData(0, tr("Add an LLM profile under Edit → Settings to have an LLM extract and check the claims"), Qt::ToolTipRole);
}

void ClaimsPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    fillMethods(); // profiles added since
    if (m_stale)
        reload();
}

Job *ClaimsPanel::reload()
{
    if (m_job && m_job->isRunning())
        return nullptr;
    m_stale = false;
    const QString path = m_project->path();
    // The checker whose claims were just made, else the one shown.
    const QString wanted = m_preferredChecker.isEmpty() ? checker() : m_preferredChecker;
    m_preferredChecker.clear();
    auto result = std::make_shared<Loaded>();
    m_status->setText(tr("Reading the runs' claims…"));
    m_job = std::make_unique<Job>(tr("Reading claims"), [=](Job &job) {
        auto db = Project::openConnection(path); // this thread's own connection
        if (!db)
            return Status::failure(db);
        RunStore runs(db.value());
        ClaimStore store(db.value());
        auto all = runs.runs();
        if (!all)
            return Status::failure(all);
        QStringList checkers;
        QVector<std::pair<QString, qint64>> ordered;
        QHash<QString, QStringList> checkersOf;
        for (const RunSummary &r : all.value()) {
            if (job.isCancelled())
                return Status::cancelled();
            result->runs << r.name;
            auto id = runs.idOf(r.name);
            if (!id)
                return Status::failure(id);
            result->runIds.insert(r.name, id.value());
            auto those = store.checkers(id.value());
            if (!those)
                return Status::failure(those);
            for (const QString &c : those.value())
                if (!checkers.contains(c))
                    checkers << c;
            checkersOf.insert(r.name, those.value());
            ordered.append({r.name, id.value()});
        }
        checkers.sort();
        result->checkers = checkers;
        // The checker asked for; else offline's claims, else the first there are.
        const QString use = checkers.contains(wanted) ? wanted : checkers.contains(QStringLiteral("offline")) ? QStringLiteral("offline") : checkers.value(0);
        result->checker = use;
        for (const auto &[name, id] : ordered) {
            if (!checkersOf.value(name).contains(use))
                continue;
            job.reportProgress(result->figures.size(), ordered.size(), tr("Reading the claims of %1").arg(name));
            auto figures = ClaimAnalysis::ofRun(store, id, use);
            if (!figures)
                return Status::failure(figures);
            result->figures << figures.take();
            result->figureRuns << name;
            auto ids = store.itemIds(id);
            if (!ids)
                return Status::failure(ids);
            result->itemIds.insert(name, ids.take());
        }
        return Status();
    });
    connect(m_job.get(), &Job::finished, this, [this, result](bool ok, const QString &message) {
        if (!ok) {
            m_status->setText(tr("The claims could not be read: %1").arg(message));
            return;
        }
        showLoaded(*result);
        if (!m_note.isEmpty())
            m_status->setText(m_note + QLatin1Char(' ') + m_status->text());
        m_note.clear();
        emit loaded();
    });
    emit jobStarted(m_job.get());
    m_job->start();
    return m_job.get();
}

Job *ClaimsPanel::checkOffline(const QString &run) { return check(run, QString()); }

Job *ClaimsPanel::checkWithLlm(const QString &run, const QString &profile) { return check(run, profile); }

Job *ClaimsPanel::check(const QString &run, const QString &profile)
{
    if (run.isEmpty() || (m_job && m_job->isRunning()))
        return nullptr;
    const QString path = m_project->path();
    auto note = std::make_shared<QString>();
    m_check->setEnabled(false);
    const QString title = profile.isEmpty() ? tr("Checking the claims of %1 offline").arg(run) : tr("Checking the claims of %1 with %2").arg(run, profile);
    m_job = std::make_unique<Job>(title, [=](Job &job) {
        auto project = Project::openForJob(path); // this thread's own connection
        if (!project)
            return Status::failure(project);
        auto id = RunStore(project.value()->database()).idOf(run);
        if (!id)
            return Status::failure(id);
        if (!profile.isEmpty()) {
            auto report = LlmClaimChecker::run(*project.value(), id.value(), profile, LlmClaimChecker::Mode::Check, &job);
            if (!report)
                return Status::failure(report);
            *note = report.value().summary(run, profile, false);
            return Status();
        }
        auto report = OfflineClaimChecker::check(*project.value(), id.value(), &job);
        if (!report)
            return Status::failure(report);
        *note = report.value().summary(run);
        return Status();
    });
    const QString checker = profile.isEmpty() ? OfflineClaimChecker::checker() : LlmClaimChecker::checkerOf(profile);
    connect(m_job.get(), &Job::finished, this, [this, note, run, checker](bool ok, const QString &message) {
        m_check->setEnabled(true);
        if (!ok) {
            m_status->setText(tr("No claims were stored: %1").arg(message));
            return;
        }
        m_preferredChecker = checker;
        m_selectRun = run;
        m_stale = true;
        m_note = *note; // said before the reloaded figures' summary
        // Reloaded once this handler has returned: the job that emitted finished is replaced.
        QTimer::singleShot(0, this, [this] { reload(); });
    });
    emit jobStarted(m_job.get());
    m_job->start();
    return m_job.get();
}

void ClaimsPanel::showLoaded(const Loaded &loaded)
{
    const QString run = m_run->currentText(), baseline = m_baseline->currentText();
    m_loaded = loaded;
    {
        const QSignalBlocker a(m_run), b(m_checker), c(m_baseline);
        m_run->clear();
        m_run->addItems(loaded.runs);
        m_run->setCurrentIndex(std::max(0, int(loaded.runs.indexOf(run))));
        m_checker->clear();
        m_checker->addItems(loaded.checkers);
        m_checker->setCurrentIndex(std::max(0, int(loaded.checkers.indexOf(loaded.checker))));
        m_baseline->clear();
        m_baseline->addItem(tr("(none)"));
        m_baseline->addItems(loaded.figureRuns);
        m_baseline->setCurrentIndex(std::max(0, m_baseline->findText(baseline)));
    }
    m_differences.clear();
    m_chart->setData(ClaimCharts::metrics(loaded.figures, loaded.figureRuns, loaded.checker));
    m_check->setEnabled(!loaded.runs.isEmpty());
    m_checker->setEnabled(!loaded.checkers.isEmpty());
    m_checker->setPlaceholderText(tr("(none yet)"));
    if (loaded.runs.isEmpty())
        m_status->setText(tr("No runs yet: start one on the Runs page, or import RAGChecker's checking output there with Import Results…"));
    else if (loaded.figures.isEmpty())
        m_status->setText(tr("No run has claims yet: choose a run above and click Check Claims, or import RAGChecker's checking output on the "
                             "Runs page (Import Results…)."));
    else
        m_status->setText(tr("%n run(s) with claims of checker %1. Values ×100; hover a cell for its interval and how many items it covers.", nullptr,
                             int(loaded.figures.size()))
                              .arg(m_checker->currentText()));
    compareWithBaseline();
}

// Every other run against the chosen one, paired, in the background (a bootstrap per metric
// and run); the grid shows the differences when they are ready.
void ClaimsPanel::compareWithBaseline()
{
    if (m_compareJob && m_compareJob->isRunning())
        Job::abandon(std::move(m_compareJob), this); // a comparison no longer wanted ends on its own
    m_differences.clear();
    const int baseIndex = m_baseline->currentIndex() > 0 ? int(m_loaded.figureRuns.indexOf(m_baseline->currentText())) : -1;
    if (baseIndex < 0) {
        fillGrid();
        return;
    }
    const Loaded loaded = m_loaded;
    auto result = std::make_shared<QHash<QString, QVector<ClaimAnalysis::Difference>>>();
    m_compareJob = std::make_unique<Job>(tr("Comparing claims with %1").arg(loaded.figureRuns.value(baseIndex)), [=](Job &job) {
        for (int i = 0; i < loaded.figures.size(); ++i) {
            if (job.isCancelled())
                return Status::cancelled();
            if (i == baseIndex)
                continue;
            job.reportProgress(i, loaded.figures.size(), tr("Comparing %1").arg(loaded.figureRuns.value(i)));
            result->insert(loaded.figureRuns.value(i), ClaimAnalysis::compare(loaded.figures[i], loaded.figures[baseIndex], 1000));
        }
        return Status();
    });
    connect(m_compareJob.get(), &Job::finished, this, [this, result](bool ok) {
        if (!ok)
            return;
        m_differences = *result;
        fillGrid();
        emit compared();
    });
    emit jobStarted(m_compareJob.get());
    m_compareJob->start();
    fillGrid();
}

void ClaimsPanel::fillGrid()
{
    const QString selected = m_selectRun.isEmpty() ? gridRun(m_grid->currentRow()) : m_selectRun;
    m_selectRun.clear();
    m_grid->setRowCount(int(m_loaded.figures.size()));
    int selectRow = 0;
    for (int row = 0; row < m_loaded.figures.size(); ++row) {
        const ClaimAnalysis::RunFigures &f = m_loaded.figures[row];
        const QString runName = m_loaded.figureRuns.value(row);
        if (runName == selected)
            selectRow = row;
        auto *name = new QTableWidgetItem(runName);
        name->setToolTip(runName);
        m_grid->setItem(row, 0, name);
        auto *items = new QTableWidgetItem(QString::number(f.items));
        items->setToolTip(tr("%1 items checked: %2 without a response, %3 with an empty one (no claims: its response metrics are 0, as "
                             "RAGChecker scores them); %4 unreadable checks (unknown, never neutral)")
                              .arg(f.items)
                              .arg(f.withoutResponse)
                              .arg(f.emptyResponses)
                              .arg(f.unreadableChecks));
        m_grid->setItem(row, 1, items);
        const QVector<ClaimAnalysis::Difference> differences = m_differences.value(runName);
        for (int m = 0; m < ClaimMetrics::MetricCount; ++m) {
            const ClaimAnalysis::Figure &x = f.figures[m];
            QString text = pointsText(x.value);
            QString tip = std::isnan(x.value)
                              ? (x.notApplicable > 0 ? tr("Does not apply: %n item(s) have no response (a retrieval-only run).", nullptr, x.notApplicable)
                                                     : tr("Unknown: every item needs a check that could not be read."))
                              : tr("%1 [%2, %3] (95% interval) over %4 items; %5 unknown, %6 without a response")
                                    .arg(pointsText(x.value), pointsText(x.low), pointsText(x.high))
                                    .arg(x.n)
                                    .arg(x.unknown)
                                    .arg(x.notApplicable);
            if (!std::isnan(x.value) && ClaimAnalysis::needsResponse(ClaimMetrics::Metric(m)) && f.emptyResponses > 0)
                tip += tr("; %n of them with an empty response, which counts 0 here (RAGChecker's rule)", nullptr, f.emptyResponses);
            if (!differences.isEmpty() && differences[m].result.shared > 0) {
                const GateResult &d = differences[m].result;
                text += QStringLiteral(" (%1%2)").arg(d.difference >= 0 ? QStringLiteral("+") : QString(), pointsText(d.difference));
                tip += tr("\nAgainst %1 on %2 shared items: %3%4 [%5, %6]")
                           .arg(m_baseline->currentText())
                           .arg(d.shared)
                           .arg(d.difference >= 0 ? QStringLiteral("+") : QString(), pointsText(d.difference), pointsText(d.low), pointsText(d.high));
            }
            auto *cell = new QTableWidgetItem(text);
            // A figure over fewer than nine in ten of the items it could cover (the rest unknown)
            // is marked, so it is not read like one over them all.
            const bool thin = !std::isnan(x.value) && x.n < 0.9 * (x.n + x.unknown);
            if (thin) {
                cell->setText(text + QLatin1Char('*'));
                cell->setForeground(QColor(0xb0, 0x60, 0x00));
                tip = tr("* Over only %1 of %2 items: the other %3 are unknown (unreadable checks). ").arg(x.n).arg(x.n + x.unknown).arg(x.unknown) + tip;
            }
            cell->setToolTip(tip);
            cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (std::isnan(x.value))
                cell->setForeground(Qt::gray);
            m_grid->setItem(row, m + 2, cell);
        }
    }
    if (!m_loaded.figures.isEmpty())
        m_grid->setCurrentCell(selectRow, 0);
    else
        fillItems(-1);
}

void ClaimsPanel::fillItems(int row)
{
    m_items->setSortingEnabled(false);
    m_items->setRowCount(0);
    m_inspector->clear();
    if (row < 0 || row >= m_loaded.figures.size())
        return;
    const ClaimAnalysis::RunFigures &f = m_loaded.figures[row];
    m_items->setRowCount(int(f.perItem.size()));
    int r = 0;
    for (auto it = f.perItem.constBegin(); it != f.perItem.constEnd(); ++it, ++r) {
        m_items->setItem(r, 0, new QTableWidgetItem(it.key()));
        for (int c = 0; c < int(std::size(kItemColumns)); ++c)
            m_items->setItem(r, c + 1, new NumberItem(it.value()[kItemColumns[c]]));
    }
    m_items->setSortingEnabled(true);
    m_items->sortByColumn(1, Qt::AscendingOrder); // the items whose facts the retriever missed first
}

void ClaimsPanel::inspect(const QString &run, const QString &itemKey)
{
    m_inspector->show(m_loaded.itemIds.value(run).value(itemKey), itemKey, m_checker->currentText());
}

} // namespace assay
