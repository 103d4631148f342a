#include "analysistabs/comparepanel.h"

#include "analysis/ppianalysis.h"
#include "core/job.h"
#include "analysistabs/gatepanel.h"
#include "analysistabs/metricspanel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace assay {

namespace {

QString percent(const std::optional<double> &v) { return v ? QStringLiteral("%1%").arg(100 * *v, 0, 'f', 1) : QStringLiteral("—"); }
QString points(const std::optional<double> &v) { return v ? QStringLiteral("%1%2 pt").arg(*v >= 0 ? QStringLiteral("+") : QString()).arg(100 * *v, 0, 'f', 1) : QStringLiteral("—"); }

} // namespace

ComparePanel::ComparePanel(Project *project, QWidget *parent)
    : QWidget(parent), m_a(new QComboBox(this)), m_b(new QComboBox(this)), m_summary(new QLabel(this)), m_changed(new QTableWidget(this)),
      m_gate(new GatePanel(project, this)), m_metrics(new MetricsPanel(project, this))
{
    setObjectName(QStringLiteral("comparePanel"));
    m_a->setObjectName(QStringLiteral("compareRunA"));
    m_b->setObjectName(QStringLiteral("compareRunB"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setObjectName(QStringLiteral("compareSummary"));
    m_summary->setText(tr("<p style='color:gray'>Check two or more runs on the left: the Compare view sets one against another.</p>"));
    m_changed->setColumnCount(4);
    m_changed->setHorizontalHeaderLabels({tr("Group"), tr("What it asks"), tr("Tag in A"), tr("Tag in B")});
    m_changed->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_changed->verticalHeader()->hide();
    m_changed->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_changed->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_changed->setSortingEnabled(true);
    auto *pick = new QFormLayout;
    pick->addRow(tr("Run A:"), m_a);
    pick->addRow(tr("Run B:"), m_b);
    auto *changed = new QWidget(this);
    auto *changedLayout = new QVBoxLayout(changed);
    changedLayout->setContentsMargins(0, 4, 0, 0);
    changedLayout->addWidget(new QLabel(tr("Double-click a group to inspect it in run A."), changed));
    changedLayout->addWidget(m_changed, 1);
    auto *views = new QTabWidget(this);
    views->setObjectName(QStringLiteral("compareViews"));
    views->setDocumentMode(true);
    views->addTab(m_gate, tr("Regression gate (A against B)"));
    views->addTab(changed, tr("Groups whose tag changed"));
    views->addTab(m_metrics, tr("All metrics (A against B)"));
    views->setTabToolTip(2, tr("Every registered metric — accuracy, retrieval, token F1, answer in context and the claim metrics — for A and B, "
                               "with A − B paired"));
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(pick);
    layout->addWidget(m_summary);
    layout->addWidget(views, 1);
    connect(m_gate, &GatePanel::jobStarted, this, &ComparePanel::jobStarted);
    connect(m_metrics, &MetricsPanel::jobStarted, this, &ComparePanel::jobStarted);
    connect(m_gate, &GatePanel::groupActivated, this, &ComparePanel::groupActivated);
    connect(m_gate, &GatePanel::baselineMarked, this, &ComparePanel::compareSelected);
    connect(m_a, &QComboBox::currentIndexChanged, this, &ComparePanel::compareSelected);
    connect(m_b, &QComboBox::currentIndexChanged, this, &ComparePanel::compareSelected);
    connect(m_changed, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
        emit groupActivated(m_a->currentText(), m_changed->item(row, 0)->text());
    });
}

ComparePanel::~ComparePanel()
{
    if (m_job && m_job->isRunning()) {
        m_job->cancel();
        m_job->wait();
    }
}

const RunAnalysis *ComparePanel::analysis(const QString &run) const
{
    for (const RunAnalysis &a : m_analyses)
        if (a.run == run)
            return &a;
    return nullptr;
}

void ComparePanel::setAnalyses(const QVector<RunAnalysis> &analyses)
{
    m_analyses = analyses;
    const QString previousA = m_a->currentText(), previousB = m_b->currentText();
    const QSignalBlocker blockA(m_a), blockB(m_b);
    m_a->clear();
    m_b->clear();
    for (const RunAnalysis &a : analyses) {
        m_a->addItem(a.run);
        m_b->addItem(a.run);
    }
    if (analyses.size() < 2) {
        m_changed->setRowCount(0);
        m_gate->clear(tr("Check two or more runs on the left: run A is gated against run B."));
        m_metrics->clear(tr("Check two or more runs on the left: every metric of run A is set against run B."));
        m_summary->setText(tr("<p style='color:gray'>Check two or more runs on the left: the Compare view sets one against another.</p>"));
        return;
    }
    // The runs chosen before, when both are still analysed (a new analysis must not undo the
    // user's choice).
    if (const int keptA = m_a->findText(previousA), keptB = m_b->findText(previousB); keptA >= 0 && keptB >= 0 && keptA != keptB) {
        m_a->setCurrentIndex(keptA);
        m_b->setCurrentIndex(keptB);
        compareSelected();
        return;
    }
    // Default: the first run against the same pipeline on another form, else the second run.
    int b = 1;
    for (int i = 1; i < analyses.size(); ++i)
        if (analyses[i].pipelineLabel() == analyses[0].pipelineLabel() && analyses[i].formLabel() != analyses[0].formLabel()) {
            b = i;
            break;
        }
    // A's marked baseline, when it is among the runs analysed, is the B it is gated against.
    if (const int marked = m_b->findText(m_gate->baselineOf(analyses[0].run)); marked > 0)
        b = marked;
    m_a->setCurrentIndex(0);
    m_b->setCurrentIndex(b);
    compareSelected();
}

void ComparePanel::compareSelected()
{
    if (m_a->currentIndex() >= 0 && m_b->currentIndex() >= 0)
        compare(m_a->currentText(), m_b->currentText());
}

Job *ComparePanel::compare(const QString &a, const QString &b)
{
    const RunAnalysis *ra = analysis(a), *rb = analysis(b);
    if (!ra || !rb)
        return nullptr;
    if (a == b) {
        m_summary->setText(tr("<p style='color:gray'>Choose two different runs.</p>"));
        m_changed->setRowCount(0);
        m_gate->clear(tr("Choose two different runs: A is gated against B."));
        m_metrics->clear(tr("Choose two different runs: every metric of A is set against B."));
        return nullptr;
    }
    m_gate->gate(*ra, *rb);
    m_metrics->compare(ra->run, ra->judge, rb->run, rb->judge);
    if (m_job && m_job->isRunning()) {
        m_job->cancel();
        m_job->wait(); // the bootstrap is short; the newer choice wins
    }
    const RunAnalysis first = *ra, second = *rb;
    auto report = std::make_shared<FormComparisonReport>();
    m_job = std::make_unique<Job>(tr("Comparing %1 with %2").arg(a, b), [first, second, report](Job &) {
        *report = FormComparison::compare(first.outcomes, second.outcomes);
        return Status();
    });
    connect(m_job.get(), &Job::finished, this, [this, first, second, report](bool ok, const QString &message) {
        if (!ok) {
            m_summary->setText(message.toHtmlEscaped());
            return;
        }
        showComparison(first, second, *report);
        emit compared();
    });
    emit jobStarted(m_job.get());
    m_job->start();
    return m_job.get();
}

void ComparePanel::showComparison(const RunAnalysis &a, const RunAnalysis &b, const FormComparisonReport &r)
{
    const bool significant = r.ciLow && r.ciHigh && (*r.ciLow > 0 || *r.ciHigh < 0);
    m_summary->setText(tr("<p><b>A</b> %1 (%2, %3) · <b>B</b> %4 (%5, %6) · judge %7 · retrieval judge %8 · closed-domain rule %9</p>"
                          "<p>%10 groups, %11 a gap for both. Refined accuracy <b>A %12</b> vs <b>B %13</b>: A − B = <b>%14</b>, "
                          "95% bootstrap interval [%15, %16] over %17 resamples — %18.</p><p><i>Compared %19.</i></p>")
                           .arg(a.run.toHtmlEscaped(), a.pipelineLabel().toHtmlEscaped(), a.formLabel().toHtmlEscaped(), b.run.toHtmlEscaped(),
                                b.pipelineLabel().toHtmlEscaped(), b.formLabel().toHtmlEscaped(), a.judge.toHtmlEscaped(), a.retrievalJudge.toHtmlEscaped(),
                                a.closedDomain ? tr("on") : tr("off"))
                           .arg(r.groups).arg(r.mutualGapGroups)
                           .arg(percent(r.refinedA), percent(r.refinedB), points(r.difference), points(r.ciLow), points(r.ciHigh))
                           .arg(r.resamples)
                           .arg(!r.difference ? tr("no difference can be computed: a run has no verdict on these groups (see below)")
                                : significant ? tr("the interval excludes 0, so the runs differ")
                                              : tr("the interval includes 0, so no difference is shown"))
                           .arg(r.basis().toHtmlEscaped()));
    // With people's labels on both runs: the difference of their corrected accuracies.
    if (a.ppi && b.ppi) {
        const PpiDifference d = PpiEstimator::difference(PpiAnalysis::judgeVerdicts(a.outcomes), a.ppiTruth, PpiAnalysis::judgeVerdicts(b.outcomes), b.ppiTruth);
        m_summary->setText(m_summary->text() +
                           (d.ppi ? tr("<p>Corrected accuracy (human labels, prediction-powered): A − B = <b>%1</b>, 95% interval [%2, %3], on %4 items "
                                       "both runs have, %5 labelled in both.</p>")
                                        .arg(points(d.ppi), points(d.ppiCi.first), points(d.ppiCi.second))
                                        .arg(d.shared)
                                        .arg(d.labelled) +
                                        (d.reliable() ? QString() : tr("<p><i>%1.</i></p>").arg(d.caution().toHtmlEscaped()))
                                  : tr("<p>No corrected difference: %1.</p>").arg(d.missing.toHtmlEscaped())));
    }
    QHash<QString, GroupResult::Tag> tagsB;
    for (const GroupResult &g : b.grammar.groups)
        tagsB.insert(g.group, g.tag);
    m_changed->setSortingEnabled(false);
    m_changed->setRowCount(0);
    for (const GroupResult &g : a.grammar.groups) {
        const auto other = tagsB.find(g.group);
        if (other == tagsB.end() || *other == g.tag)
            continue;
        const int row = m_changed->rowCount();
        m_changed->insertRow(row);
        const QStringList cells{g.group, a.groupLabels.value(g.group), GroupResult::tagName(g.tag).replace(QLatin1Char('_'), QLatin1Char('-')), GroupResult::tagName(*other).replace(QLatin1Char('_'), QLatin1Char('-'))};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            item->setToolTip(cells[c]);
            m_changed->setItem(row, c, item);
        }
    }
    m_changed->setSortingEnabled(true);
    m_changed->resizeColumnToContents(0);
}

QString ComparePanel::summaryText() const { return m_summary->text(); }

} // namespace assay
