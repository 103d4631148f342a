#include "itemmodels/agentstepsmodel.h"

#include <QBrush>
#include <QColor>

namespace assay {

AgentStepsModel::AgentStepsModel(QObject *parent) : QAbstractTableModel(parent) {}

void AgentStepsModel::setTrace(const AgentTrace &trace)
{
    beginResetModel();
    m_trace = trace;
    m_elapsed.clear();
    double sum = 0;
    for (const AgentStep &s : m_trace.steps())
        m_elapsed << (sum += s.latencyMs);
    endResetModel();
}

int AgentStepsModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_trace.steps().size()); }
int AgentStepsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString AgentStepsModel::argumentsText(const AgentStep &step)
{
    if (!step.arguments.is_object() || step.arguments.empty())
        return {};
    QStringList parts;
    for (auto it = step.arguments.begin(); it != step.arguments.end(); ++it) {
        const QString value = it.value().is_string() ? QString::fromStdString(it.value().get<std::string>()) : QString::fromStdString(it.value().dump());
        parts << QStringLiteral("%1: %2").arg(QString::fromStdString(it.key()), value.simplified());
    }
    return parts.join(QStringLiteral(" · "));
}

QVariant AgentStepsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_trace.steps().size())
        return {};
    const AgentStep &s = m_trace.steps()[index.row()];
    if (role == Qt::ForegroundRole && s.error)
        return QBrush(QColor(0xB0, 0x30, 0x00));
    if (role == Qt::TextAlignmentRole && (index.column() == Tokens || index.column() == Latency || index.column() == Elapsed || index.column() == Number))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        if (index.column() == Observation)
            return s.observation;
        if (index.column() == Arguments)
            return argumentsText(s);
        if (index.column() == Tokens)
            return tr("%1 prompt + %2 completion tokens").arg(s.promptTokens).arg(s.completionTokens);
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Number: return index.row() + 1;
    case Depth: return s.depth;
    case Action: return s.action.isEmpty() ? tr("(no valid action)") : s.action;
    case Arguments: return argumentsText(s);
    case Observation: return QString(s.observation.left(300)).replace(QLatin1Char('\n'), QStringLiteral(" · "));
    case Tokens: return s.promptTokens + s.completionTokens;
    case Latency: return QString::number(s.latencyMs, 'f', s.latencyMs < 10 ? 1 : 0);
    case Elapsed: return QString::number(m_elapsed.value(index.row()), 'f', 0);
    }
    return {};
}

QVariant AgentStepsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Number: return tr("#");
    case Depth: return tr("Depth");
    case Action: return tr("Action");
    case Arguments: return tr("Arguments");
    case Observation: return tr("Observation");
    case Tokens: return tr("Tokens");
    case Latency: return tr("ms");
    case Elapsed: return tr("At ms");
    }
    return {};
}

} // namespace assay
