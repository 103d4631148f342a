#include "analysistabs/gatepanel.h"

#include "report/gatereportwriter.h"
#include "analysis/gatebaseline.h"
#include "analysis/metricregistry.h"
#include "core/job.h"
#include "filedialogs.h"
#include "io/filewriter.h"
#include "messagebar.h"
#include "project/project.h"
#include "runs/runstore.h"
#include "runs/testsetstore.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace assay {

namespace {
struct Badge {
    const char *background;
    QString text;
};

Badge badgeOf(GateResult::Verdict v)
{
    switch (v) {
    case GateResult::Verdict::Pass: return {"#2e7d32", QObject::tr("PASS")};
    case GateResult::Verdict::Improvement: return {"#1565c0", QObject::tr("IMPROVEMENT")};
    case GateResult::Verdict::Regression: return {"#c62828", QObject::tr("REGRESSION")};
    case GateResult::Verdict::Error: return {"#6a1b9a", QObject::tr("NOT EVALUATED")};
    case GateResult::Verdict::Inconclusive: break;
    }
    return {"#9a6700", QObject::tr("INCONCLUSIVE")};
}
} // namespace

GatePanel::GatePanel(Project *project, QWidget *parent)
    : QWidget(parent), m_project(project), m_badge(new QLabel(this)), m_summary(new QLabel(this)), m_mark(new QPushButton(tr("Mark B as Baseline"), this)),
      m_export(new QPushButton(tr("Export Gate Report…"), this)), m_groups(new QTableWidget(this)), m_metric(new QComboBox(this))
{
    setObjectName(QStringLiteral("gatePanel"));
    m_badge->setObjectName(QStringLiteral("gateBadge"));
    m_summary->setObjectName(QStringLiteral("gateSummary"));
    m_mark->setObjectName(QStringLiteral("gateMarkBaseline"));
    m_export->setObjectName(QStringLiteral("gateExport"));
    m_badge->setAlignment(Qt::AlignCenter);
    // As wide as the widest verdict in the badge's bold face, with its padding.
    QFont bold = m_badge->font();
    bold.setBold(true);
    int widest = 0;
    for (auto v : {GateResult::Verdict::Pass, GateResult::Verdict::Improvement, GateResult::Verdict::Regression, GateResult::Verdict::Inconclusive,
                   GateResult::Verdict::Error})
        widest = std::max(widest, QFontMetrics(bold).horizontalAdvance(badgeOf(v).text));
    m_badge->setMinimumWidth(widest + 28);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_mark->setToolTip(tr("Make run B the baseline of the test-set version it ran on: new runs on that version are gated against it here and by assay-cli gate"));
    m_export->setToolTip(tr("Write this gate as a JUnit XML file (.xml, for CI) or a Markdown summary (.md, for a pull request)"));
    const QStringList headers{tr("Group"), tr("Module"), tr("Right (was)"), tr("Tags"), tr("Example query"), tr("Gold"), tr("B answered"), tr("A answered")};
    m_groups->setColumnCount(int(headers.size()));
    m_groups->setHorizontalHeaderLabels(headers);
    m_groups->horizontalHeader()->setStretchLastSection(true);
    m_groups->verticalHeader()->hide();
    m_groups->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_groups->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_groups->setObjectName(QStringLiteral("gateGroups"));
    m_groups->horizontalHeaderItem(1)->setToolTip(tr("Where the group's lost items are put down: the retriever (its true documents no longer retrieved), "
                                                     "the LLM / reader (still retrieved, fewer forms answered right) or knowledge (no known true documents)"));
    m_groups->horizontalHeaderItem(3)->setToolTip(tr("GRAMMAR's tags over the shared items, in B then in A: robust (every form right), "
                                                     "non-robust (some forms right), gap (none right)"));
    auto *top = new QHBoxLayout;
    top->addWidget(m_badge, 0, Qt::AlignTop);
    top->addWidget(m_summary, 1);
    m_metric->setObjectName(QStringLiteral("gateMetric"));
    m_metric->addItem(tr("Accuracy"), QStringLiteral("accuracy"));
    m_metric->addItem(tr("Refined accuracy"), QStringLiteral("refined"));
    m_metric->addItem(tr("Retrieval accuracy"), QStringLiteral("retrieval"));
    for (const QString &name : GateReport::allMetrics())
        if (!GateReport::metrics().contains(name))
            if (const Metric *m = MetricRegistry::instance().metric(name); m && m_metric->findData(name) < 0)
                m_metric->addItem(m->label(), name);
    for (int i = 0; i < m_metric->count(); ++i) {
        const Metric *m = MetricRegistry::instance().metric(m_metric->itemData(i).toString());
        m_metric->setItemData(i, m ? m->glossary() : tr("Split by module from GRAMMAR's group view (retriever, LLM, knowledge)"), Qt::ToolTipRole);
    }
    // As narrow as a short label: the longest names ("Noise sensitivity (irrelevant)") would
    // widen the gate's button column and squeeze the Analysis page's drill pane.
    m_metric->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_metric->setMinimumContentsLength(14);
    m_metric->setToolTip(tr("What the gate compares: accuracy (split by module), or any registered metric, e.g. faithfulness"));
    connect(m_metric, &QComboBox::currentIndexChanged, this, [this] { regate(); });
    auto *buttons = new QVBoxLayout;
    buttons->addWidget(m_metric);
    buttons->addWidget(m_mark);
    buttons->addWidget(m_export);
    buttons->addStretch(1);
    top->addLayout(buttons);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_groups, 100);
    layout->addStretch(1); // keeps the sentences at the top while the table is hidden
    connect(m_mark, &QPushButton::clicked, this, [this] {
        if (auto s = markBaseline(m_runB); !s)
            MessageBar::report(this, MessageBar::Level::Error, s.error());
    });
    connect(m_export, &QPushButton::clicked, this, [this] {
        const QString path = FileDialogs::saveFile(this, QStringLiteral("gate"), tr("Export Gate Report"), QStringLiteral("gate.md"),
                                                   tr("Markdown summary (*.md);;JUnit XML (*.xml)"));
        if (path.isEmpty())
            return;
        if (auto s = exportReport(path); !s)
            MessageBar::report(this, MessageBar::Level::Error, s.error());
        else
            MessageBar::report(this, MessageBar::Level::Success, tr("Wrote %1").arg(path));
    });
    connect(m_groups, &QTableWidget::cellDoubleClicked, this, [this](int row, int) { emit groupActivated(m_runA, m_groups->item(row, 0)->text()); });
    clear(tr("Choose two different runs: A is gated against B."));
}

void GatePanel::showGroups(bool on)
{
    // Without the table the sentences take the room: a word-wrapped label beside a spacer would
    // be given its one-line size hint and cut off.
    m_groups->setVisible(on);
    if (auto *box = qobject_cast<QVBoxLayout *>(layout())) {
        box->setStretch(0, on ? 0 : 1);
        box->setStretch(2, on ? 1 : 0);
    }
}

GatePanel::~GatePanel()
{
    if (m_job && m_job->isRunning()) {
        m_job->cancel();
        m_job->wait();
    }
}

void GatePanel::clear(const QString &why)
{
    m_report.reset();
    m_badge->setText(QString());
    m_badge->setStyleSheet(QString());
    m_badge->hide();
    showGroups(false); // nothing to list: the sentence says why
    m_summary->setText(QStringLiteral("<p style='color:gray'>%1</p>").arg(why.toHtmlEscaped()));
    m_groups->setRowCount(0);
    m_mark->setEnabled(false);
    m_export->setEnabled(false);
}

QString GatePanel::baselineOf(const QString &run) const
{
    // Unreadable counts as none: the gate itself then reads the runs and reports the error.
    auto base = GateBaseline::ofRun(*m_project, run);
    return base ? base.value() : QString();
}

Status GatePanel::markBaseline(const QString &run)
{
    auto id = m_project->service<RunStore>()->idOf(run);
    if (!id)
        return Status::failure(id);
    if (auto s = m_project->service<TestSetStore>()->markBaseline(id.value()); !s)
        return s;
    emit baselineMarked(run);
    return {};
}

Status GatePanel::exportReport(const QString &path) const
{
    if (!m_report)
        return Status::failure(tr("no gate to export yet"));
    const QByteArray bytes = path.endsWith(QLatin1String(".xml"), Qt::CaseInsensitive) ? GateReportWriter::junit(*m_report)
                                                                                        : GateReportWriter::markdown(*m_report).toUtf8();
    return FileWriter::write(path, bytes);
}

Job *GatePanel::gate(const RunAnalysis &a, const RunAnalysis &b)
{
    m_runA = a.run;
    m_runB = b.run;
    m_judgeA = a.judge;
    m_judgeB = b.judge;
    m_closedDomain = a.closedDomain;
    return regate();
}

Job *GatePanel::regate()
{
    if (m_runA.isEmpty() || m_runB.isEmpty() || m_runA == m_runB)
        return nullptr;
    if (m_job && m_job->isRunning()) {
        m_job->cancel();
        m_job->wait();
    }
    GateComparison::Options options;
    options.metric = m_metric->currentData().toString();
    options.judge = m_judgeA;
    options.baselineJudge = m_judgeB;
    options.closedDomain = m_closedDomain;
    // options.gate.maxDrop: GateOptions::DefaultMaxDrop, as assay-cli gate's.
    const QString runA = m_runA, runB = m_runB;
    const bool marked = baselineOf(runA) == runB;
    const QString path = m_project->path();
    auto report = std::make_shared<GateReport>();
    m_job = std::make_unique<Job>(tr("Gating %1 against %2 (%3)").arg(runA, runB, options.metric), [=](Job &) {
        auto project = Project::openForJob(path);
        if (!project)
            return Status::failure(project);
        auto r = GateComparison::compare(project.value()->database(), runA, runB, options);
        if (!r)
            return Status::failure(r);
        *report = r.take();
        // A gate against the marked baseline is the one the Overview reports.
        return marked ? report->record(project.value()->database()) : Status();
    });
    connect(m_job.get(), &Job::finished, this, [this, report](bool ok, const QString &message) {
        if (!ok) {
            clear(message);
            return;
        }
        showReport(*report);
        emit gated();
    });
    emit jobStarted(m_job.get());
    m_job->start();
    return m_job.get();
}

void GatePanel::showReport(const GateReport &r)
{
    m_report = r;
    const Badge badge = badgeOf(r.result.verdict);
    m_badge->setText(badge.text);
    m_badge->show();
    showGroups(!r.regressedGroups.isEmpty());
    m_badge->setStyleSheet(QStringLiteral("QLabel { background: %1; color: white; font-weight: bold; padding: 6px 10px; border-radius: 4px; }").arg(QLatin1String(badge.background)));
    // The padding's height, not only the text's: a badge shown first is otherwise sized before its style applies.
    m_badge->setMinimumHeight(m_badge->fontMetrics().height() + 14);
    const QString baseline = baselineOf(r.run);
    if (r.result.verdict == GateResult::Verdict::Error) {
        // Nothing to judge: say what is unknown and what click fixes it.
        const bool own = GateReport::metrics().contains(r.metric);
        m_summary->setText(tr("<p><b>A</b> %1 against <b>B</b> %2: %3</p><p style='color:gray'>No verdict is given (%4). "
                              "Execute the failed items again (Runs → <b>Retry Failed</b>) or %5, then compare again.</p>")
                               .arg(r.run.toHtmlEscaped(), r.baseline.toHtmlEscaped(), r.coverageText().toHtmlEscaped(), r.metric,
                                    own ? tr("score the unread ones again (Runs → <b>Score…</b>)")
                                        : tr("give the items their values (claim metrics: Analysis → Grounding → Claims, <b>Check Claims</b>)")));
        m_groups->setRowCount(0);
        showGroups(false);
        m_mark->setEnabled(false);
        m_export->setEnabled(true);
        return;
    }
    // Whose values: the answer judge's, or for a claim metric the checker's.
    const Metric *registered = GateReport::metrics().contains(r.metric) ? nullptr : MetricRegistry::instance().metric(r.metric);
    const QString by = registered && (registered->needs() & MetricNeeds::Claims) ? tr("checker") : tr("judge");
    QString html = tr("<p><b>A</b> %1 against <b>B</b> %2%3, on %4 shared items (%5, %12 %6): <b>%7</b>. %8 McNemar's exact test on the items "
                      "right in one run only (%9 in A, %10 in B): %11.</p>")
                       .arg(r.run.toHtmlEscaped(), r.baseline.toHtmlEscaped(),
                            baseline == r.baseline ? tr(" (the baseline of %1)").arg(r.baselineVersion.isEmpty() ? tr("the working set") : tr("version %1").arg(r.baselineVersion))
                                                   : QString())
                       .arg(QLocale().toString(r.result.shared))
                       .arg(r.metric, r.judge.toHtmlEscaped(), GateReportWriter::differenceText(r).toHtmlEscaped(), r.result.reason.toHtmlEscaped())
                       .arg(r.result.runOnly)
                       .arg(r.result.baselineOnly)
                       .arg(GateReportWriter::pValueText(r.result.mcnemarP).toHtmlEscaped(), by);
    const QStringList modules = GateReportWriter::moduleLines(r);
    if (!modules.isEmpty())
        html += tr("<p><b>By module</b> (adds up to the difference): %1.</p>").arg(modules.join(QStringLiteral("; ")).toHtmlEscaped());
    for (const QString &n : r.notes)
        html += QStringLiteral("<p style='color:gray'>%1</p>").arg(n.toHtmlEscaped());
    if (GateReport::metrics().contains(r.metric))
        html += tr("<p style='color:gray'>The gate counts every shared item once (item accuracy); the refined difference above is over the groups "
                   "that are not a gap in both runs, so the two can differ.</p>");
    if (baseline.isEmpty())
        html += tr("<p style='color:gray'>A's test set has no baseline yet: click <b>Mark B as Baseline</b> to gate new runs against B.</p>");
    m_summary->setText(html);
    m_groups->setRowCount(0);
    for (const GateGroupChange &g : r.regressedGroups) {
        const int row = m_groups->rowCount();
        m_groups->insertRow(row);
        const QStringList cells{g.group, g.module, QStringLiteral("%1/%2 (%3)").arg(g.runCorrect).arg(g.items).arg(g.baselineCorrect),
                                QStringLiteral("%1 → %2").arg(g.tagBefore, g.tagAfter), g.query, g.gold, g.baselineAnswer, g.runAnswer};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            item->setToolTip(cells[c]);
            m_groups->setItem(row, c, item);
        }
    }
    // Each column as wide as its contents, within bounds (the tooltip has the whole text), never
    // narrower than its header; the example query gets the most room.
    m_groups->resizeColumnsToContents();
    const QFontMetrics header(m_groups->horizontalHeader()->font());
    for (int c = 0; c < m_groups->columnCount(); ++c) {
        const int least = header.horizontalAdvance(m_groups->horizontalHeaderItem(c)->text()) + 24;
        m_groups->setColumnWidth(c, std::clamp(m_groups->columnWidth(c), least, std::max(least, c == 4 ? 360 : 170)));
    }
    m_mark->setEnabled(baseline != r.baseline);
    m_mark->setToolTip(baseline == r.baseline ? tr("B is already the baseline of its test set")
                                              : tr("Make run B the baseline of the test-set version it ran on: new runs on that version are gated against it "
                                                   "here and by assay-cli gate"));
    m_export->setEnabled(true);
}

QString GatePanel::verdictText() const { return m_badge->text(); }
QString GatePanel::summaryText() const { return m_summary->text(); }

} // namespace assay
