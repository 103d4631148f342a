#include "analysistabs/workflowspanel.h"

#include "analysis/workflowcharts.h"
#include "charts/chartpanel.h"
#include "commands/setformlevelcommand.h"
#include "generation/generationcuration.h"
#include "itemmodels/workflowfiguresmodel.h"
#include "project/project.h"
#include "runs/tasklevels.h"
#include "messagebar.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSplitter>
#include <QTableView>
#include <QUndoStack>
#include <QVBoxLayout>

namespace assay {

namespace {
const char *const FromTemplates = QT_TRANSLATE_NOOP("WorkflowsPanel", "from its templates");
}

WorkflowsPanel::WorkflowsPanel(Project *project, QWidget *parent) : QWidget(parent), m_project(project)
{
    m_levelsBox = new QWidget(this);
    m_levelsLayout = new QHBoxLayout(m_levelsBox);
    m_levelsLayout->setContentsMargins(0, 0, 0, 0);
    m_empty = new QLabel(this);
    m_empty->setObjectName(QStringLiteral("workflowsEmpty"));
    m_empty->setWordWrap(true);
    m_empty->setText(tr("Nothing to compare yet. On the Runs page, click New Runs…, check LLM workflows (ReAct, Function calling, DFSDT, PAL) for your "
                        "LLM profiles and start them with a judge, then check the runs here: each workflow gets a radar of its LLMs by task level."));
    m_figures = new WorkflowFiguresModel(this);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("workflowFigures"));
    m_table->setModel(m_figures);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_chooser = new QComboBox(this);
    m_chooser->setObjectName(QStringLiteral("workflowChart"));
    m_chooser->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_chart = new ChartPanel(this);
    m_chart->setMinimumHeight(260);
    auto *chooserRow = new QHBoxLayout;
    chooserRow->addWidget(new QLabel(tr("Chart:"), this));
    chooserRow->addWidget(m_chooser);
    chooserRow->addStretch(1);
    auto *chartBox = m_chartBox = new QWidget(this);
    auto *chartLayout = new QVBoxLayout(chartBox);
    chartLayout->setContentsMargins(0, 0, 0, 0);
    chartLayout->addLayout(chooserRow);
    chartLayout->addWidget(m_chart, 1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(chartBox);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_levelsBox);
    layout->addWidget(m_empty);
    layout->addWidget(split, 1);
    connect(m_chooser, &QComboBox::currentIndexChanged, this, &WorkflowsPanel::showChart);
    // Queued: the change may come from one of the level boxes, which reloading replaces.
    connect(
        project->service<GenerationCuration>(), &GenerationCuration::formLevelChanged, this,
        [this] {
            reloadLevels();
            emit levelsChanged();
        },
        Qt::QueuedConnection);
    reloadLevels();
    setAnalyses({});
}

void WorkflowsPanel::reloadLevels()
{
    for (QWidget *old : m_levelsBox->findChildren<QWidget *>(QString(), Qt::FindDirectChildrenOnly)) {
        old->hide();
        old->deleteLater(); // not at once: a box's own signal may be running
    }
    m_levelBoxes.clear();
    while (QLayoutItem *item = m_levelsLayout->takeAt(0))
        delete item;
    auto levels = m_project->service<GenerationCuration>()->formLevels();
    if (!levels) {
        m_levelsLayout->addWidget(new QLabel(tr("The query sets' task levels cannot be read: %1").arg(levels.error()), m_levelsBox));
        return;
    }
    auto *title = new QLabel(tr("Task levels:"), m_levelsBox);
    title->setToolTip(tr("R-Eval's task levels: KS knowledge seeking, KU understanding, KA application — or a name of your own. "
                         "By default a query's level comes from its SQL template: single-table lookups KS, joins and aggregates KA."));
    m_levelsLayout->addWidget(title);
    for (auto it = levels.value().begin(); it != levels.value().end(); ++it) {
        const QString form = it.key();
        m_levelsLayout->addWidget(new QLabel(form + QLatin1Char(':'), m_levelsBox));
        auto *box = new QComboBox(m_levelsBox);
        box->setObjectName(QStringLiteral("level_") + form);
        box->setEditable(true);
        box->setInsertPolicy(QComboBox::NoInsert);
        box->addItem(tr(FromTemplates), QString());
        for (const QString &l : TaskLevels::standard())
            box->addItem(l, l);
        box->setToolTip(tr("The task level of the query set %1").arg(form));
        const int known = box->findData(it.value());
        if (known >= 0)
            box->setCurrentIndex(known);
        else
            box->setEditText(it.value());
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        const auto commit = [this, box, form] {
            const QString typed = box->currentText().trimmed();
            const QString level = typed == tr(FromTemplates) ? QString() : typed;
            setLevel(form, level);
        };
        connect(box, &QComboBox::activated, this, commit);
        connect(box->lineEdit(), &QLineEdit::editingFinished, this, commit);
        m_levelsLayout->addWidget(box);
        m_levelBoxes << box;
    }
    m_levelsLayout->addStretch(1);
}

QComboBox *WorkflowsPanel::levelBox(const QString &querySet) const
{
    for (QComboBox *b : m_levelBoxes)
        if (b->objectName() == QStringLiteral("level_") + querySet)
            return b;
    return nullptr;
}

void WorkflowsPanel::setLevel(const QString &querySet, const QString &level)
{
    auto levels = m_project->service<GenerationCuration>()->formLevels();
    if (!levels) {
        MessageBar::report(this, MessageBar::Level::Error, tr("Task levels: %1").arg(levels.error()));
        return;
    }
    const QString old = levels.value().value(querySet);
    if (old == level.trimmed())
        return;
    m_project->undoStack()->push(new SetFormLevelCommand(m_project->service<GenerationCuration>(), querySet, old, level.trimmed()));
}

void WorkflowsPanel::setAnalyses(const QVector<RunAnalysis> &analyses)
{
    m_figures->setAnalyses(analyses);
    const QString current = m_chooser->currentText();
    m_charts = WorkflowCharts::all(analyses);
    {
        const QSignalBlocker block(m_chooser);
        m_chooser->clear();
        for (const ChartData &c : std::as_const(m_charts))
            m_chooser->addItem(c.title, c.id);
        const int again = m_chooser->findText(current);
        m_chooser->setCurrentIndex(again >= 0 ? again : 0);
    }
    // The longest title fits: a chart named by half its title is no choice.
    int widest = 0;
    for (int i = 0; i < m_chooser->count(); ++i)
        widest = std::max(widest, m_chooser->fontMetrics().horizontalAdvance(m_chooser->itemText(i)));
    m_chooser->setMinimumWidth(widest + 48);
    bool llm = false;
    for (const RunAnalysis &a : analyses)
        llm = llm || !a.workflow.llm.isEmpty();
    m_empty->setVisible(!llm);
    m_chooser->setEnabled(!m_charts.isEmpty());
    // No chart to draw (no LLM workflow among the runs): the table takes the whole height
    // instead of two rows above an empty plot (issue 77's review).
    m_chartBox->setVisible(!m_charts.isEmpty());
    showChart(m_chooser->currentIndex());
}

void WorkflowsPanel::showChart(int index)
{
    if (index >= 0 && index < m_charts.size())
        m_chart->setData(m_charts[index]);
    else
        m_chart->setData(ChartData());
}

} // namespace assay
