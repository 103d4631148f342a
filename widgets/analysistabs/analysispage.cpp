#include "analysistabs/analysispage.h"

#include "report/analysisexport.h"
#include "charts/chartpanel.h"
#include "closeddomainbox.h"
#include "analysistabs/comparepanel.h"
#include "analysistabs/workflowspanel.h"
#include "analysistabs/claimspanel.h"
#include "analysistabs/groundingpanel.h"
#include "analysistabs/judgespanel.h"
#include "analysistabs/labelpanel.h"
#include "analysis/responsetaxonomy.h"
#include "core/job.h"
#include "analysistabs/groupinspector.h"
#include "project/project.h"
#include "runs/labelstore.h"
#include "runs/runstore.h"
#include "generation/generationcuration.h"
#include "changefollower.h"
#include "messagebar.h"

#include <QCheckBox>
#include <QEvent>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSignalBlocker>
#include <QTimer>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QVBoxLayout>

namespace assay {

AnalysisPage::AnalysisPage(Project *project, QWidget *parent) : QWidget(parent), m_project(project)
{
    setObjectName(QStringLiteral("analysisPage"));
    QWidget *side = buildSide();
    buildTabs();
    QWidget *drill = buildDrill();
    m_drill = drill;
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(side);
    split->addWidget(m_tabs);
    split->addWidget(drill);
    // The side keeps its width when the drill pane comes and goes: the tabs take the change, so
    // the tab bar never moves under the mouse (issue 77 item 1).
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 4);
    split->setStretchFactor(2, 2);
    m_messages = new MessageBar(this);
    // The bar floats over the foot of the charts while it says something: no band is kept empty
    // for it (issue 77: 7% of a 768-px screen), and a message never shifts the charts or the
    // tabs under the mouse. Two lines show; a longer message scrolls inside the bar.
    m_messages->setMaximumLines(2);
    m_messages->setAutoFillBackground(true);
    m_messages->installEventFilter(this);
    m_split = split;
    auto *pageLayout = new QVBoxLayout(this);
    pageLayout->addWidget(split, 1);
    // The tabs get the width of their bar when the page has it (ten tabs scrolled behind arrows
    // at 1366×768), until the user moves the splitter.
    connect(split, &QSplitter::splitterMoved, this, [this] {
        m_userSized = true;
        placeMessages();
        // The drill pane's width is remembered (issue 77: the inspector's 230 px were too narrow
        // for a query): the next session opens with the width the user chose.
        if (m_drill->isVisible() && m_split->sizes().size() == 3)
            QSettings().setValue(QStringLiteral("analysis/drillWidth"), m_split->sizes().value(2));
    });
    connect(m_autoStart, &QTimer::timeout, this, &AnalysisPage::analyze);
    connect(m_runs, &QListWidget::itemChanged, this, &AnalysisPage::scheduleAnalysis);
    connect(m_judge, &QComboBox::currentIndexChanged, this, &AnalysisPage::scheduleAnalysis);
    connect(m_judge, &QComboBox::currentIndexChanged, this, [this] { m_labels->setJudge(labelledJudge()); });
    connect(m_closedDomain, &QComboBox::currentIndexChanged, this, &AnalysisPage::scheduleAnalysis);
    connect(m_shares, &QCheckBox::toggled, this, &AnalysisPage::rebuildCharts);
    connect(m_commonBasis, &QCheckBox::toggled, this, &AnalysisPage::rebuildCharts);
    connect(m_groups, &QListWidget::currentTextChanged, this, [this](const QString &text) {
        if (!text.isEmpty())
            inspectGroup(m_groupsRun, text.section(QLatin1Char(' '), 0, 0));
    });
    // Runs finished, imported or scored (by a job or another program), groups regenerated:
    // not the items a running pipeline adds, which change no figure until the run is scored.
    new ChangeFollower(this, m_project, [](const ProjectChange &c) {
        return c.touches(ProjectChange::Aggregate::Judgements | ProjectChange::Aggregate::Generation) || c.touchesTable(QStringLiteral("run"));
    }, [this] {
        if (isBusy())
            return false;
        m_analysedKey.clear();
        m_cache.clear();
        reload();
        return true;
    });
    reload();
}

// The scored runs to analyse and the settings of the analysis.
QWidget *AnalysisPage::buildSide()
{
    auto *side = new QWidget(this);
    m_runs = new QListWidget(side);
    m_runs->setObjectName(QStringLiteral("analysisRuns"));
    m_judge = new QComboBox(side);
    m_judge->setToolTip(tr("The judge whose verdicts are analysed; \"each run's own\" takes a run's only (or first) judge."));
    m_closedDomain = new ClosedDomainBox(side);
    m_shares = new QCheckBox(tr("Group breakdown as shares"), side);
    m_commonBasis = new QCheckBox(tr("Refined on common groups"), side);
    m_commonBasis->setObjectName(QStringLiteral("commonBasis"));
    m_commonBasis->setToolTip(tr("Refined accuracy leaves out gap groups. Unticked, each run leaves out its own gaps; ticked, every run is measured "
                                 "on the same groups, those that are not a gap in all the checked runs — what Compare does for two runs, so the "
                                 "two tabs agree."));
    auto *apply = new QPushButton(tr("Analyse Again"), side);
    apply->setToolTip(tr("The analysis runs by itself when the checked runs or the settings change; this reads the runs again."));
    m_autoStart = new QTimer(this);
    m_autoStart->setSingleShot(true);
    m_autoStart->setInterval(150); // several quick changes start one analysis
    m_status = new QLabel(side);
    m_status->setWordWrap(true);
    auto *sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(new QLabel(tr("<b>Scored runs</b>"), side));
    sideLayout->addWidget(m_runs, 1);
    auto *form = new QFormLayout;
    form->addRow(tr("Judge:"), m_judge);
    sideLayout->addLayout(form);
    sideLayout->addWidget(m_closedDomain);
    sideLayout->addWidget(m_shares);
    sideLayout->addWidget(m_commonBasis);
    sideLayout->addWidget(apply);
    sideLayout->addWidget(m_status);
    connect(apply, &QPushButton::clicked, this, [this] {
        m_analysedKey.clear();
        m_cache.clear();
        reload();
    });
    return side;
}

// One tab per view of the analysis.
void AnalysisPage::buildTabs()
{
    m_tabs = new QTabWidget(this);
    const QStringList titles{tr("Groups"), tr("Accuracy"), tr("Responses"), tr("Radar"), tr("Latency")};
    for (const QString &t : titles) {
        auto *panel = new ChartPanel(m_tabs);
        m_tabs->addTab(panel, t);
        m_panels << panel;
        connect(panel, &ChartPanel::barClicked, this, &AnalysisPage::showGroups);
    }
    const QStringList tips{tr("Gap / robust / non-robust groups per run"), tr("Accuracies with 95% intervals"),
                           tr("Response types (R-Eval taxonomy): click a segment for example items"), tr("Accuracy by form and task, per pipeline"),
                           tr("Mean latency against accuracy")};
    for (int i = 0; i < tips.size(); ++i)
        m_tabs->setTabToolTip(i, tips[i]);
    m_workflows = new WorkflowsPanel(m_project, m_tabs);
    m_workflows->setObjectName(QStringLiteral("workflowsPanel"));
    m_tabs->addTab(m_workflows, tr("Workflows"));
    m_tabs->setTabToolTip(m_tabs->count() - 1, tr("Workflows × LLMs (R-Eval): F1 by task level, radars, time against F1, cost per correct answer"));
    connect(m_workflows, &WorkflowsPanel::levelsChanged, this, [this] {
        // Every analysis read the old levels.
        m_cache.clear();
        m_analysedKey.clear();
        scheduleAnalysis();
    });
    m_compare = new ComparePanel(m_project, m_tabs);
    m_tabs->addTab(m_compare, tr("Compare"));
    m_judges = new JudgesPanel(m_project, m_tabs);
    m_tabs->addTab(m_judges, tr("Judges"));
    m_labels = new LabelPanel(m_project, m_tabs);
    m_tabs->addTab(m_labels, tr("Labels"));
    m_tabs->setTabToolTip(m_tabs->count() - 1, tr("Label answers yourself (keys 1 / 2 / 0): people's verdicts correct the judge's accuracy and measure it"));
    // Grounding: the claims of the project's runs (RAGChecker) and an external benchmark's
    // grounding annotations (GaRAGe), side by side; one tab keeps the tab bar within a laptop.
    auto *grounding = new QTabWidget(m_tabs);
    grounding->setObjectName(QStringLiteral("groundingViews"));
    grounding->setDocumentMode(true);
    m_claims = new ClaimsPanel(m_project, grounding);
    grounding->addTab(m_claims, tr("Claims (RAGChecker)"));
    grounding->setTabToolTip(0, tr("RAGChecker's claim-level metrics per run, and each item's claims against the truth and every retrieved chunk"));
    m_grounding = new GroundingPanel(m_project, grounding);
    grounding->addTab(m_grounding, tr("Benchmark (GaRAGe)"));
    grounding->setTabToolTip(1, tr("A GaRAGe benchmark's grounding annotations against a system's responses: deflection, attribution, factuality"));
    m_tabs->addTab(grounding, tr("Grounding"));
    m_tabs->setTabToolTip(m_tabs->count() - 1, tr("Claims: which facts the retriever found and the response stated; GaRAGe: grounding against annotated passages"));
    connect(m_claims, &ClaimsPanel::jobStarted, this, &AnalysisPage::jobStarted);
    for (QWidget *w : {static_cast<QWidget *>(m_workflows), static_cast<QWidget *>(m_compare), static_cast<QWidget *>(m_judges), static_cast<QWidget *>(m_labels),
                       static_cast<QWidget *>(grounding)})
        w->setMinimumHeight(300);
    connect(m_compare, &ComparePanel::jobStarted, this, &AnalysisPage::jobStarted);
    connect(m_judges, &JudgesPanel::jobStarted, this, &AnalysisPage::jobStarted);
    connect(m_labels, &LabelPanel::jobStarted, this, &AnalysisPage::jobStarted);
    connect(m_judges, &JudgesPanel::labelRequested, this, &AnalysisPage::labelItem);
    // Labels change the corrected accuracy of their run: its analyses are stale, and are
    // redone when another tab is shown (not at every label).
    connect(m_labels, &LabelPanel::labelsChanged, this, [this](const QString &run) {
        for (auto it = m_cache.begin(); it != m_cache.end();)
            it = it.key().startsWith(run + QLatin1Char('\n')) ? m_cache.erase(it) : std::next(it);
        m_analysedKey.clear();
        m_labelsStale = true;
        if (m_tabs->currentWidget() != m_labels)
            scheduleAnalysis();
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (m_labelsStale && m_tabs->currentWidget() != m_labels)
            scheduleAnalysis();
    });
    connect(m_grounding, &GroundingPanel::jobStarted, this, &AnalysisPage::jobStarted);
    connect(m_compare, &ComparePanel::groupActivated, this, [this](const QString &run, const QString &group) {
        m_groupsRun = run;
        m_groups->clear();
        m_groupsTitle->setText(tr("Group <b>%1</b> of <b>%2</b>, from Compare:").arg(group.toHtmlEscaped(), run.toHtmlEscaped()));
        m_drillFilled = true;
        inspectGroup(run, group);
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, &AnalysisPage::updateDrill);
}

// The groups behind a clicked bar, and the inspector of one group.
QWidget *AnalysisPage::buildDrill()
{
    auto *drill = new QWidget(this);
    m_groupsTitle = new QLabel(tr("Click a bar segment of <i>Groups</i> to list the groups behind it, or of <i>Responses</i> for example items of a response type."), drill);
    m_groupsTitle->setWordWrap(true);
    m_groups = new QListWidget(drill);
    m_groups->setObjectName(QStringLiteral("drillGroups"));
    m_groups->setWordWrap(true); // the narrow pane wraps a group's line rather than scroll sideways
    m_groups->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_inspector = new GroupInspector(m_project->service<GenerationCuration>(), m_project->undoStack(), drill);
    connect(m_inspector, &GroupInspector::labelRequested, this, &AnalysisPage::labelItem);
    auto *drillSplit = new QSplitter(Qt::Vertical, drill);
    drillSplit->addWidget(m_groups);
    drillSplit->addWidget(m_inspector);
    drillSplit->setStretchFactor(1, 3);
    auto *drillLayout = new QVBoxLayout(drill);
    drillLayout->setContentsMargins(0, 0, 0, 0);
    drillLayout->addWidget(m_groupsTitle);
    drillLayout->addWidget(drillSplit, 1);
    return drill;
}

// The drill pane shows beside the tabs that feed it (Groups, Responses, Compare) and gives the
// others its width: a table such as Workflows' figures needs it, and a "click a bar" hint
// beside a tab without such bars misleads.
void AnalysisPage::updateDrill()
{
    QWidget *current = m_tabs->currentWidget();
    const bool feeds = current == m_panels.value(0) || current == m_panels.value(2) || current == m_compare;
    if (m_drill->isVisibleTo(this) != feeds && m_split) {
        // Only the tabs' width changes: the side panel stays where it was.
        const int side = m_split->sizes().value(0);
        m_drill->setVisible(feeds);
        QList<int> sizes = m_split->sizes();
        if (sizes.size() == 3 && side > 0 && sizes[0] != side) {
            sizes[1] += sizes[0] - side;
            sizes[0] = side;
            m_split->setSizes(sizes);
        }
    } else {
        m_drill->setVisible(feeds);
    }
    if (m_drillFilled || !feeds)
        return;
    m_groupsTitle->setText(current == m_compare ? tr("Double-click a group on the <i>Regression gate</i> tab or under <i>Groups whose tag changed</i> to inspect it here.")
                                                : tr("Click a bar segment of <i>Groups</i> to list the groups behind it, or of <i>Responses</i> for example "
                                                     "items of a response type."));
}

bool AnalysisPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_messages && (event->type() == QEvent::Show || event->type() == QEvent::LayoutRequest))
        QMetaObject::invokeMethod(this, &AnalysisPage::placeMessages, Qt::QueuedConnection); // once its text is set
    return QWidget::eventFilter(watched, event);
}

void AnalysisPage::placeMessages()
{
    if (!m_messages->isVisible() || !m_split)
        return;
    const int margin = 6;
    const int left = m_tabs->mapTo(this, QPoint()).x();
    const int width = std::max(200, this->width() - left - margin);
    // Twice: the bar's height follows the width its text wraps at.
    for (int pass = 0; pass < 2; ++pass) {
        const int height = m_messages->sizeHint().height();
        m_messages->setGeometry(left, this->height() - height - margin, width, height);
    }
    m_messages->raise();
}

void AnalysisPage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    placeMessages();
    if (m_userSized || !m_split || m_split->count() != 3)
        return;
    const int total = m_split->width() - 2 * m_split->handleWidth();
    const int side = m_split->widget(0)->minimumSizeHint().width();
    const int chosen = QSettings().value(QStringLiteral("analysis/drillWidth"), 0).toInt();
    if (chosen > 0 && total > 0) { // the width the user gave the drill pane last time
        const int drill = std::clamp(chosen, m_split->widget(2)->minimumSizeHint().width(), std::max(0, total - side - 300));
        m_split->setSizes({side, total - side - drill, drill});
        return;
    }
    const int tabs = m_tabs->tabBar()->sizeHint().width() + 4;
    const int drill = total - side - tabs;
    if (drill >= m_split->widget(2)->minimumSizeHint().width() && total > 0)
        m_split->setSizes({side, tabs, drill});
}

AnalysisPage::~AnalysisPage()
{
    if (m_job) {
        m_job->cancel();
        m_job->wait();
    }
}

// The judge whose accuracy labels correct: the chosen one, else the first that is not human.
QString AnalysisPage::labelledJudge() const
{
    const QString chosen = m_judge->currentData().toString();
    if (!chosen.isEmpty())
        return chosen;
    for (int i = 1; i < m_judge->count(); ++i)
        if (!LabelStore::isHuman(m_judge->itemData(i).toString()))
            return m_judge->itemData(i).toString();
    return {};
}

void AnalysisPage::labelItem(const QString &run, qint64 itemId)
{
    if (m_runs->findItems(run, Qt::MatchExactly).isEmpty()) {
        m_messages->warning(tr("%1 is not scored yet: labels correct a judge's verdicts. On the Runs page select the run and click Score…, "
                               "then Label… again.").arg(run));
        return;
    }
    m_tabs->setCurrentWidget(m_labels);
    m_labels->labelItem(run, itemId);
}

bool AnalysisPage::isBusy() const { return m_job && m_job->isRunning(); }

void AnalysisPage::reload()
{
    auto readRuns = RunAnalyzer::scoredRuns(*m_project);
    if (!readRuns)
        m_messages->error(tr("The scored runs cannot be read: %1").arg(readRuns.error()));
    const QStringList scored = readRuns ? readRuns.take() : QStringList();
    QStringList judges;
    for (const QString &run : scored) {
        auto runJudges = RunOutcomes::answerJudges(*m_project, run);
        if (!runJudges)
            m_messages->error(tr("The judges of run %1 cannot be read: %2").arg(run, runJudges.error()));
        for (const QString &j : runJudges ? runJudges.value() : QStringList())
            if (!judges.contains(j))
                judges << j;
    }
    // The user's unchecked runs stay unchecked; new runs come checked.
    QSet<QString> unchecked;
    for (int i = 0; i < m_runs->count(); ++i)
        if (m_runs->item(i)->checkState() != Qt::Checked)
            unchecked.insert(m_runs->item(i)->text());
    const QSignalBlocker blockRuns(m_runs), blockJudge(m_judge);
    m_runs->clear();
    for (const QString &run : scored) {
        auto *item = new QListWidgetItem(run, m_runs);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(unchecked.contains(run) ? Qt::Unchecked : Qt::Checked);
    }
    const QString judge = m_judge->currentData().toString();
    m_judge->clear();
    m_judge->addItem(tr("each run's own"), QString());
    for (const QString &j : judges)
        m_judge->addItem(j, j);
    m_judge->setCurrentIndex(std::max(0, m_judge->findData(judge)));
    m_labels->setRuns(scored);
    m_labels->setJudge(labelledJudge());
    m_status->setText(scored.isEmpty() ? tr("No scored runs yet: start a run on the Runs page with a judge, or select a run there and click Score…")
                                       : QString());
    if (!scored.isEmpty())
        scheduleAnalysis();
}

QString AnalysisPage::selectionKey() const
{
    QStringList key{m_judge->currentData().toString(), ClosedDomain::name(m_closedDomain->setting())};
    for (int i = 0; i < m_runs->count(); ++i)
        if (m_runs->item(i)->checkState() == Qt::Checked)
            key << m_runs->item(i)->text();
    return key.join(QLatin1Char('\n'));
}

bool AnalysisPage::isStale() const { return isBusy() || m_labelsStale || selectionKey() != m_analysedKey; }

void AnalysisPage::scheduleAnalysis()
{
    if (selectionKey() == m_analysedKey && !isBusy())
        return; // drawn already
    if (isBusy()) {
        m_rerun = true; // the running analysis is for an older selection
        m_job->cancel();
        return;
    }
    m_autoStart->start();
}

void AnalysisPage::analyze()
{
    if (isBusy())
        return;
    QStringList runs;
    for (int i = 0; i < m_runs->count(); ++i)
        if (m_runs->item(i)->checkState() == Qt::Checked)
            runs << m_runs->item(i)->text();
    if (runs.isEmpty()) {
        m_status->setText(tr("Check at least one run."));
        return;
    }
    const QString path = m_project->path(), judge = m_judge->currentData().toString();
    const ClosedDomain::Setting closed = m_closedDomain->setting();
    const QString key = selectionKey();
    // Analyses are kept per run, judge and closed-domain setting: only the missing ones run.
    const auto cacheKey = [judge, closed](const QString &run) { return run + QLatin1Char('\n') + judge + QLatin1Char('\n') + ClosedDomain::name(closed); };
    QStringList missing;
    for (const QString &run : runs)
        if (!m_cache.contains(cacheKey(run)))
            missing << run;
    auto result = std::make_shared<QVector<RunAnalysis>>();
    m_job = std::make_unique<Job>(tr("Analysing %1 run(s)").arg(missing.size()), [=](Job &job) {
        if (missing.isEmpty())
            return Status();
        auto all = RunAnalyzer::analyzeMany(path, missing, judge, closed, &job);
        if (!all)
            return Status::failure(all);
        *result = all.take();
        return Status();
    });
    connect(m_job.get(), &Job::finished, this, [this, result, key, runs, missing, cacheKey](bool ok, const QString &message) {
        if (m_rerun) {
            m_rerun = false;
            m_autoStart->start();
            return;
        }
        if (!ok) {
            m_status->setText(message);
            return;
        }
        for (int i = 0; i < missing.size() && i < result->size(); ++i)
            m_cache.insert(cacheKey(missing[i]), result->at(i));
        m_analyses.clear();
        for (const QString &run : runs)
            m_analyses << m_cache.value(cacheKey(run));
        m_analysedKey = key;
        m_status->setText(tr("%1 run(s) analysed.").arg(m_analyses.size()));
        rebuildCharts();
        QStringList runs;
        for (const RunAnalysis &a : std::as_const(m_analyses))
            runs << a.run;
        m_compare->setAnalyses(m_analyses);
        m_workflows->setAnalyses(m_analyses);
        m_judges->setRuns(runs);
        m_labelsStale = false;
        emit analysed();
    });
    emit jobStarted(m_job.get());
    m_job->start();
}

void AnalysisPage::forgetRun(const QString &run)
{
    for (auto it = m_cache.begin(); it != m_cache.end();)
        it = it.key().section(QLatin1Char('\n'), 0, 0) == run ? m_cache.erase(it) : std::next(it);
    m_analysedKey.clear();
}

void AnalysisPage::rebuildCharts()
{
    if (m_analyses.isEmpty())
        return;
    const QVector<ChartData> charts{ChartBuilder::groupBreakdown(m_analyses, m_shares->isChecked()), ChartBuilder::accuracyPanel(m_analyses, m_commonBasis->isChecked()),
                                    ChartBuilder::errorTypeMix(m_analyses), ChartBuilder::radar(m_analyses), ChartBuilder::timeVsScore(m_analyses)};
    for (int i = 0; i < charts.size(); ++i)
        m_panels[i]->setData(charts[i]);
}

void AnalysisPage::showGroups(const QString &run, const QString &series)
{
    const QStringList tags{QStringLiteral("gap"), QStringLiteral("robust"), QStringLiteral("non-robust")};
    if (ResponseTaxonomy::types().contains(series))
        return showTypeExamples(run, series);
    if (!tags.contains(series))
        return;
    const RunAnalysis *a = startDrill(run);
    if (!a)
        return;
    int n = 0;
    for (const GroupResult &g : a->grammar.groups) {
        if (GroupResult::tagName(g.tag) != QString(series).replace(QLatin1Char('-'), QLatin1Char('_')))
            continue;
        auto *item = new QListWidgetItem(QStringLiteral("%1  %2  (%3 of %4 correct)").arg(g.group, a->groupLabels.value(g.group)).arg(g.correct).arg(g.total), m_groups);
        item->setData(Qt::UserRole, g.group);
        item->setToolTip(item->text());
        ++n;
    }
    m_groupsTitle->setText(tr("<b>%1</b> groups of <b>%2</b>: %3").arg(series, run.toHtmlEscaped()).arg(n));
}

void AnalysisPage::showTypeExamples(const QString &run, const QString &type)
{
    static const QHash<QString, QString> meaning{{QStringLiteral("EM"), tr("the gold is in the context and the answer matches it")},
                                                 {QStringLiteral("AM"), tr("the answer matches without the gold in the context")},
                                                 {QStringLiteral("GE"), tr("the gold was in the context, the answer missed it")},
                                                 {QStringLiteral("RE"), tr("the gold was never retrieved")},
                                                 {QStringLiteral("ME"), tr("a model or tool error stopped the item")},
                                                 {QStringLiteral("TE"), tr("the item hit a step or token limit")}};
    constexpr int shown = 200;
    const RunAnalysis *a = startDrill(run);
    if (!a)
        return;
    if (!a->taxonomy.applicable) {
        m_groupsTitle->setText(tr("Response types do not apply to <b>%1</b>: %2").arg(run.toHtmlEscaped(), a->taxonomy.reason.toHtmlEscaped()));
        return;
    }
    int n = 0;
    for (const Outcome &o : a->outcomes) {
        if (ResponseTaxonomy::classify(o, a->taxonomy.threshold) != type)
            continue;
        if (++n > shown)
            continue;
        auto *item = new QListWidgetItem(QStringLiteral("%1  %2 → %3 (gold: %4)")
                                             .arg(o.group, o.query.left(120), o.answer.isEmpty() ? o.error.left(80) : o.answer.left(80), o.gold.left(60)),
                                         m_groups);
        item->setData(Qt::UserRole, o.group);
        item->setToolTip(QStringLiteral("%1\n→ %2\ngold: %3").arg(o.query, o.answer.isEmpty() ? o.error : o.answer, o.gold));
    }
    m_groupsTitle->setText(tr("<b>%1</b> items of <b>%2</b> (%3): %4%5")
                               .arg(type, run.toHtmlEscaped(), meaning.value(type))
                               .arg(n)
                               .arg(n > shown ? tr(", the first %1 listed").arg(shown) : QString()));
}

const RunAnalysis *AnalysisPage::analysisOf(const QString &run) const
{
    for (const RunAnalysis &a : m_analyses)
        if (a.run == run)
            return &a;
    return nullptr;
}

const RunAnalysis *AnalysisPage::startDrill(const QString &run)
{
    m_groups->clear();
    m_inspector->clear();
    m_groupsRun = run;
    m_drillFilled = true;
    return analysisOf(run);
}

void AnalysisPage::inspectGroup(const QString &run, const QString &group)
{
    const RunAnalysis *analysed = analysisOf(run);
    const QString judge = analysed ? analysed->judge : m_judge->currentData().toString();
    auto details = GroupDetails::load(*m_project, run, group, judge);
    if (!details) {
        m_status->setText(details.error());
        return;
    }
    m_inspector->show(details.value());
}

Result<QStringList> AnalysisPage::exportReport(const QString &dir, bool pdf, const QString &exam, const ExamIrtResult *fit)
{
    return AnalysisExport::writeReport(*m_project, m_analyses, dir, pdf, exam, fit);
}

} // namespace assay
