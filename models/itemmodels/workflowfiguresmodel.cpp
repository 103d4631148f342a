#include "itemmodels/workflowfiguresmodel.h"

#include "runs/tasklevels.h"

namespace assay {

WorkflowFiguresModel::WorkflowFiguresModel(QObject *parent) : QAbstractTableModel(parent) {}

void WorkflowFiguresModel::setAnalyses(const QVector<RunAnalysis> &analyses)
{
    beginResetModel();
    m_runs = analyses;
    QStringList levels;
    for (const RunAnalysis &a : analyses)
        levels += a.workflow.levels.keys();
    m_levels = TaskLevels::ordered(levels);
    endResetModel();
}

int WorkflowFiguresModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_runs.size()); }
int WorkflowFiguresModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : FixedCount + int(m_levels.size()) + TailCount; }

// A retrieval-only run: no answers, so token F1 says nothing about it.
bool WorkflowFiguresModel::answersNothing(const RunAnalysis &a) { return a.reader == QLatin1String("none") && a.workflow.llm.isEmpty(); }

QVariant WorkflowFiguresModel::cell(const RunAnalysis &a, int column) const
{
    const WorkflowFigures &w = a.workflow;
    switch (column) {
    case Run: return a.run;
    case Workflow: return WorkflowFigures::workflowName(w.workflow);
    case Llm: return w.llm.isEmpty() ? QStringLiteral("—") : w.llm;
    case QuerySet: return a.formLabel();
    case Items: return w.all.n;
    case F1: return answersNothing(a) ? tr("n/a") : w.all.hasF1() ? QString::number(w.all.meanF1, 'f', 3) : QStringLiteral("—");
    default: break;
    }
    if (column < FixedCount + m_levels.size()) {
        if (answersNothing(a))
            return tr("n/a");
        const QString level = m_levels[column - FixedCount];
        return w.levels.contains(level) && w.levels.value(level).hasF1() ? QString::number(w.levels.value(level).meanF1, 'f', 3) : QStringLiteral("—");
    }
    switch (column - FixedCount - int(m_levels.size())) {
    case Accuracy: return w.all.accuracy ? QString::number(*w.all.accuracy, 'f', 3) : QStringLiteral("—");
    case Halted: return w.halted;
    case Latency: return QString::number(w.meanLatencyMs, 'f', w.meanLatencyMs < 10 ? 2 : 0);
    case Cost: return w.usageKnown() ? QStringLiteral("$%1").arg(w.cost, 0, 'f', 4) : tr("unknown");
    case CostPerCorrect: return !w.usageKnown() ? tr("unknown") : w.costPerCorrect ? QStringLiteral("$%1").arg(*w.costPerCorrect, 0, 'f', 5) : QStringLiteral("—");
    }
    return {};
}

QVariant WorkflowFiguresModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_runs.size())
        return {};
    if (role == Qt::TextAlignmentRole && index.column() >= Items)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Run)
        return m_runs[index.row()].pipeline;
    if (role == Qt::ToolTipRole && index.column() >= F1 && index.column() < FixedCount + m_levels.size() && answersNothing(m_runs[index.row()]))
        return tr("Not available: a retrieval-only run (reader=none) writes no answer, so there is no F1; its accuracy judges whether the retrieved text "
                  "holds the gold. Run a pipeline with a reader (Runs page, an LLM column) to compare answers.");
    if (role == Qt::ToolTipRole && !m_runs[index.row()].workflow.usageKnown()
        && (index.column() == FixedCount + int(m_levels.size()) + Cost || index.column() == FixedCount + int(m_levels.size()) + CostPerCorrect))
        return tr("Unknown: %1 of this run's answers came without token usage, so the run's tokens and cost are not known (the answers "
                  "that reported usage cost $%2). Use an endpoint that reports usage, and set the profile's prices.")
            .arg(m_runs[index.row()].workflow.usageUnknown)
            .arg(m_runs[index.row()].workflow.cost, 0, 'f', 4);
    if (role != Qt::DisplayRole)
        return {};
    return cell(m_runs[index.row()], index.column());
}

QVariant WorkflowFiguresModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    switch (section) {
    case Run: return tr("Run");
    case Workflow: return tr("Workflow");
    case Llm: return tr("LLM");
    case QuerySet: return tr("Query set");
    case Items: return tr("Items");
    case F1: return role == Qt::ToolTipRole ? tr("Mean token F1 of the answers against the gold") : tr("F1");
    default: break;
    }
    if (section < FixedCount + m_levels.size()) {
        const QString level = m_levels[section - FixedCount];
        return role == Qt::ToolTipRole ? tr("Mean F1 on %1 items").arg(TaskLevels::describe(level)) : tr("F1 %1").arg(level);
    }
    switch (section - FixedCount - int(m_levels.size())) {
    case Accuracy: return role == Qt::ToolTipRole ? tr("Share of judged answers the judge found correct") : tr("Accuracy");
    case Halted: return role == Qt::ToolTipRole ? tr("Items stopped by the step limit or token budget, or by an error") : tr("Halted");
    case Latency: return tr("ms / item");
    case Cost: return tr("Cost");
    case CostPerCorrect: return role == Qt::ToolTipRole ? tr("Total cost divided by the correct answers") : tr("$ / correct");
    }
    return {};
}

} // namespace assay
