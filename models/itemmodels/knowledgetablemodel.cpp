#include "itemmodels/knowledgetablemodel.h"

#include "commands/renameknowledgetablecommand.h"
#include "schema/knowledgebase.h"

#include <QUndoStack>

namespace assay {

KnowledgeTableModel::KnowledgeTableModel(KnowledgeBase *knowledge, QUndoStack *undoStack, QObject *parent)
    : QAbstractListModel(parent), m_knowledge(knowledge), m_undoStack(undoStack)
{
    connect(knowledge, &KnowledgeBase::tablesChanged, this, [this] {
        beginResetModel();
        endResetModel();
    });
    auto rowsChanged = [this](qint64 tableId) {
        const QModelIndex i = indexOf(tableId);
        if (i.isValid())
            emit dataChanged(i, i);
    };
    connect(knowledge, &KnowledgeBase::rowsChanged, this, rowsChanged);
}

int KnowledgeTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_knowledge->tables().size());
}

QVariant KnowledgeTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_knowledge->tables().size())
        return {};
    const KnowledgeTable &t = m_knowledge->tables().at(index.row());
    switch (role) {
    case Qt::DisplayRole: {
        auto n = m_knowledge->rowCount(t.id);
        return n ? QStringLiteral("%1  (%2)").arg(t.name).arg(n.value()) : t.name;
    }
    case Qt::EditRole: return t.name;
    case Qt::ToolTipRole: return t.description.isEmpty() ? t.name : t.description;
    case TableIdRole: return t.id;
    case RowCountRole: {
        auto n = m_knowledge->rowCount(t.id);
        return n ? QVariant(n.value()) : QVariant();
    }
    }
    return {};
}

bool KnowledgeTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !index.isValid())
        return false;
    const KnowledgeTable &t = m_knowledge->tables().at(index.row());
    const QString name = value.toString();
    if (name == t.name)
        return false;
    QString problem = KnowledgeBase::nameProblem(name);
    if (problem.isEmpty())
        if (const KnowledgeTable *other = m_knowledge->tableNamed(name); other && other->id != t.id)
            problem = tr("A table named '%1' already exists").arg(other->name);
    if (problem.isEmpty() && m_knowledge->isLinked())
        problem = tr("The knowledge database is linked read-only");
    if (!problem.isEmpty()) {
        emit editRejected(problem);
        return false;
    }
    m_undoStack->push(new RenameKnowledgeTableCommand(m_knowledge, t.id, name));
    return true;
}

Qt::ItemFlags KnowledgeTableModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractListModel::flags(index);
    if (index.isValid() && !m_knowledge->isLinked())
        f |= Qt::ItemIsEditable;
    return f;
}

qint64 KnowledgeTableModel::tableId(const QModelIndex &index) const
{
    return index.isValid() ? data(index, TableIdRole).toLongLong() : 0;
}

QModelIndex KnowledgeTableModel::indexOf(qint64 tableId) const
{
    const auto &tables = m_knowledge->tables();
    for (int i = 0; i < tables.size(); ++i)
        if (tables[i].id == tableId)
            return index(i);
    return {};
}

} // namespace assay
