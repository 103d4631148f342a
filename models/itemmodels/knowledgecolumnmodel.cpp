#include "itemmodels/knowledgecolumnmodel.h"

#include "commands/changeknowledgecolumncommand.h"
#include "schema/knowledgebase.h"

#include <QUndoStack>

namespace assay {

KnowledgeColumnModel::KnowledgeColumnModel(KnowledgeBase *knowledge, QUndoStack *undoStack, QObject *parent)
    : QAbstractTableModel(parent), m_knowledge(knowledge), m_undoStack(undoStack)
{
    auto reset = [this] {
        beginResetModel();
        if (!m_knowledge->table(m_tableId))
            m_tableId = 0;
        endResetModel();
    };
    connect(knowledge, &KnowledgeBase::columnsChanged, this, reset);
    connect(knowledge, &KnowledgeBase::tablesChanged, this, reset);
}

void KnowledgeColumnModel::setTable(qint64 tableId)
{
    beginResetModel();
    m_tableId = tableId;
    endResetModel();
}

const KnowledgeColumn *KnowledgeColumnModel::columnAt(int row) const
{
    const KnowledgeTable *t = m_knowledge->table(m_tableId);
    return t && row >= 0 && row < t->columns.size() ? &t->columns[row] : nullptr;
}

qint64 KnowledgeColumnModel::columnId(int row) const
{
    const KnowledgeColumn *c = columnAt(row);
    return c ? c->id : 0;
}

int KnowledgeColumnModel::rowCount(const QModelIndex &parent) const
{
    const KnowledgeTable *t = m_knowledge->table(m_tableId);
    return parent.isValid() || !t ? 0 : int(t->columns.size());
}

int KnowledgeColumnModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QStringList KnowledgeColumnModel::commonTypes()
{
    return {QStringLiteral("TEXT"), QStringLiteral("INTEGER"), QStringLiteral("REAL"), QStringLiteral("DATE"),
            QStringLiteral("NUMERIC")};
}

QVector<QPair<QString, qint64>> KnowledgeColumnModel::foreignKeyCandidates() const
{
    QVector<QPair<QString, qint64>> out;
    for (const KnowledgeTable &t : m_knowledge->tables())
        if (t.id != m_tableId)
            for (const KnowledgeColumn &c : t.columns)
                out.append({t.name + QLatin1Char('.') + c.name, c.id});
    return out;
}

QVariant KnowledgeColumnModel::data(const QModelIndex &index, int role) const
{
    const KnowledgeColumn *c = columnAt(index.row());
    if (!c)
        return {};
    if (role == ColumnIdRole)
        return c->id;
    const bool checkable = index.column() == PrimaryKeyColumn || index.column() == MeaningfulColumn;
    if (checkable && role == Qt::CheckStateRole) {
        const bool on = index.column() == PrimaryKeyColumn ? c->primaryKey : c->meaningful;
        return on ? Qt::Checked : Qt::Unchecked;
    }
    if (role != Qt::DisplayRole && role != Qt::EditRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case NameColumn: return c->name;
    case TypeColumn: return c->type;
    case DescriptionColumn: return c->description;
    case ForeignKeyColumn:
        if (role == Qt::EditRole)
            return c->foreignKey;
        return c->foreignKey ? m_knowledge->qualifiedName(c->foreignKey) : QString();
    case PrimaryKeyColumn:
    case MeaningfulColumn:
        if (role == Qt::ToolTipRole)
            return index.column() == MeaningfulColumn ? tr("Used as a question target or condition") : tr("Part of the primary key");
        return {};
    }
    return {};
}

QVariant KnowledgeColumnModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn: return tr("Column");
    case TypeColumn: return tr("Type");
    case DescriptionColumn: return tr("Description");
    case PrimaryKeyColumn: return tr("PK");
    case ForeignKeyColumn: return tr("References");
    case MeaningfulColumn: return tr("In questions");
    }
    return {};
}

bool KnowledgeColumnModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    const KnowledgeColumn *c = columnAt(index.row());
    if (!c)
        return false;
    KnowledgeColumn after = *c;
    switch (index.column()) {
    case NameColumn: after.name = value.toString(); break;
    case TypeColumn: after.type = value.toString().trimmed().toUpper(); break;
    case DescriptionColumn: after.description = value.toString(); break;
    case ForeignKeyColumn: after.foreignKey = value.toLongLong(); break;
    case PrimaryKeyColumn:
        if (role != Qt::CheckStateRole)
            return false;
        after.primaryKey = value.toInt() == Qt::Checked;
        break;
    case MeaningfulColumn:
        if (role != Qt::CheckStateRole)
            return false;
        after.meaningful = value.toInt() == Qt::Checked;
        break;
    }
    if (after == *c)
        return false;
    QString problem;
    if (after.name != c->name) {
        problem = KnowledgeBase::nameProblem(after.name);
        if (problem.isEmpty())
            if (const KnowledgeColumn *other = m_knowledge->table(m_tableId)->columnNamed(after.name); other && other->id != c->id)
                problem = tr("Column '%1' already exists in this table").arg(other->name);
    }
    if (problem.isEmpty() && after.type.isEmpty())
        problem = tr("A column needs a type");
    const bool structural = after.name != c->name || after.type != c->type || after.primaryKey != c->primaryKey ||
                            after.foreignKey != c->foreignKey;
    if (problem.isEmpty() && structural && m_knowledge->isLinked())
        problem = tr("The knowledge database is linked read-only; only descriptions and the question flag can change");
    if (!problem.isEmpty()) {
        emit editRejected(problem);
        return false;
    }
    m_undoStack->push(new ChangeKnowledgeColumnCommand(m_knowledge, after));
    return true;
}

Qt::ItemFlags KnowledgeColumnModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (!index.isValid())
        return f;
    const bool linked = m_knowledge->isLinked();
    switch (index.column()) {
    case PrimaryKeyColumn: return linked ? f : f | Qt::ItemIsUserCheckable;
    case MeaningfulColumn: return f | Qt::ItemIsUserCheckable;
    case DescriptionColumn: return f | Qt::ItemIsEditable;
    default: return linked ? f : f | Qt::ItemIsEditable;
    }
}

} // namespace assay
