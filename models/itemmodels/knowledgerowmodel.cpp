#include "itemmodels/knowledgerowmodel.h"

#include "commands/setknowledgecellcommand.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgevalue.h"

#include <QColor>
#include <QFont>
#include <QUndoStack>

namespace assay {

KnowledgeRowModel::KnowledgeRowModel(KnowledgeBase *knowledge, QUndoStack *undoStack, QObject *parent)
    : QAbstractTableModel(parent), m_knowledge(knowledge), m_undoStack(undoStack)
{
    connect(knowledge, &KnowledgeBase::rowsChanged, this, [this](qint64 t) {
        if (t == m_tableId)
            reload();
    });
    connect(knowledge, &KnowledgeBase::columnsChanged, this, [this](qint64 t) {
        if (t == m_tableId)
            reload();
    });
    connect(knowledge, &KnowledgeBase::tablesChanged, this, [this] {
        if (!m_knowledge->table(m_tableId))
            m_tableId = 0;
        reload();
    });
    connect(knowledge, &KnowledgeBase::cellChanged, this, [this](qint64 t, qint64 rowId, qint64 columnId) {
        if (t != m_tableId)
            return;
        auto rows = m_knowledge->rows(t);
        for (int r = 0; r < m_rows.size(); ++r) {
            if (m_rows[r].id != rowId)
                continue;
            for (const KnowledgeRow &fresh : rows.value())
                if (fresh.id == rowId)
                    m_rows[r] = fresh;
            const KnowledgeTable *table = m_knowledge->table(t);
            for (int c = 0; c < table->columns.size(); ++c)
                if (table->columns[c].id == columnId)
                    emit dataChanged(index(r, c), index(r, c));
        }
    });
}

void KnowledgeRowModel::setTable(qint64 tableId)
{
    m_tableId = tableId;
    reload();
}

void KnowledgeRowModel::reload()
{
    beginResetModel();
    m_rows.clear();
    m_loadError.clear();
    if (m_tableId) {
        auto rows = m_knowledge->rows(m_tableId);
        if (rows)
            m_rows = rows.value();
        else
            m_loadError = rows.error();
    }
    endResetModel();
}

void KnowledgeRowModel::setIssues(const QVector<SchemaIssue> &issues)
{
    m_cellIssues.clear();
    m_rowIssues.clear();
    for (const SchemaIssue &i : issues) {
        if (i.tableId != m_tableId || !i.rowId)
            continue;
        if (i.columnId)
            m_cellIssues.insert({i.rowId, i.columnId}, i.message);
        else
            m_rowIssues.insert(i.rowId, i.message);
    }
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::ToolTipRole, IssueRole});
}

qint64 KnowledgeRowModel::columnIdAt(int column) const
{
    const KnowledgeTable *t = m_knowledge->table(m_tableId);
    return t && column >= 0 && column < t->columns.size() ? t->columns[column].id : 0;
}

qint64 KnowledgeRowModel::rowId(int row) const { return row >= 0 && row < m_rows.size() ? m_rows[row].id : 0; }

int KnowledgeRowModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int KnowledgeRowModel::columnCount(const QModelIndex &parent) const
{
    const KnowledgeTable *t = m_knowledge->table(m_tableId);
    return parent.isValid() || !t ? 0 : int(t->columns.size());
}

QVariant KnowledgeRowModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const KnowledgeRow &r = m_rows[index.row()];
    const qint64 columnId = columnIdAt(index.column());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole: return KnowledgeValue::displayText(r.value(columnId));
    case RowIdRole: return r.id;
    case Qt::ToolTipRole:
    case IssueRole: {
        const QString cell = m_cellIssues.value({r.id, columnId});
        const QString row = m_rowIssues.value(r.id);
        const QString message = cell.isEmpty() ? row : cell;
        return role == IssueRole ? QVariant(!message.isEmpty()) : QVariant(message);
    }
    case Qt::BackgroundRole:
        if (m_cellIssues.contains({r.id, columnId}) || m_rowIssues.contains(r.id))
            return QColor(255, 228, 181); // the problem list names what is wrong
        return {};
    case Qt::TextAlignmentRole: {
        const QVariant v = r.value(columnId);
        const bool number = v.typeId() == QMetaType::LongLong || v.typeId() == QMetaType::Double;
        return int((number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    }
    }
    return {};
}

QVariant KnowledgeRowModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical)
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    const KnowledgeTable *t = m_knowledge->table(m_tableId);
    if (!t || section >= t->columns.size())
        return {};
    const KnowledgeColumn &c = t->columns[section];
    if (role == Qt::DisplayRole)
        return c.name;
    if (role == Qt::FontRole && c.primaryKey) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::ToolTipRole)
        return QStringLiteral("%1 (%2)%3").arg(c.name, c.type, c.description.isEmpty() ? QString() : QStringLiteral(": ") + c.description);
    return {};
}

bool KnowledgeRowModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !index.isValid() || m_knowledge->isLinked())
        return false;
    const KnowledgeTable *t = m_knowledge->table(m_tableId);
    const KnowledgeColumn &c = t->columns[index.column()];
    const QVariant typed = KnowledgeValue::fromText(c.type, value.toString());
    const QVariant old = m_rows[index.row()].value(c.id);
    if (KnowledgeValue::displayText(typed) == KnowledgeValue::displayText(old) && typed.isNull() == old.isNull())
        return false;
    m_undoStack->push(new SetKnowledgeCellCommand(m_knowledge, m_tableId, m_rows[index.row()].id, c.id, typed));
    return true;
}

Qt::ItemFlags KnowledgeRowModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && !m_knowledge->isLinked())
        f |= Qt::ItemIsEditable;
    return f;
}

} // namespace assay
