#include "itemmodels/valuealiasesmodel.h"

#include "grounding/aliasstore.h"
#include "project/project.h"

namespace assay {

ValueAliasesModel::ValueAliasesModel(Project &project, QObject *parent) : QAbstractTableModel(parent), m_project(project)
{
    connect(&project, &Project::changed, this, [this](const ProjectChange &change) {
        if (change.touches(ProjectChange::Aggregate::Generation))
            refresh();
    });
    refresh();
}

void ValueAliasesModel::refresh()
{
    auto read = AliasStore(m_project.database()).aliases();
    m_error = read ? QString() : read.error(); // said by the dialog
    beginResetModel();
    m_aliases = read ? read.take() : QVector<ValueAlias>();
    endResetModel();
}

int ValueAliasesModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_aliases.size()); }
int ValueAliasesModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ValueAliasesModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_aliases.size() || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    const ValueAlias &a = m_aliases[index.row()];
    switch (index.column()) {
    case ColumnName: return QStringLiteral("%1.%2").arg(a.table, a.column);
    case Value: return a.value;
    case Alias: return a.alias;
    case Source:
        if (a.source == ValueAlias::Source::Proposal)
            return role == Qt::ToolTipRole ? tr("Proposed by the absent-answer check (%1) and accepted").arg(a.reason) : tr("proposed: %1").arg(a.reason);
        return role == Qt::ToolTipRole ? tr("Typed by a user") : tr("typed");
    }
    return {};
}

QVariant ValueAliasesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    switch (section) {
    case ColumnName: return tr("Column");
    case Value: return tr("Value");
    case Alias: return role == Qt::ToolTipRole ? tr("How the documents write the value") : tr("Alias");
    case Source: return tr("Source");
    }
    return {};
}

} // namespace assay
