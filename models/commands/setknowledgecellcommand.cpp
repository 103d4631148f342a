#include "commands/setknowledgecellcommand.h"

#include <QCoreApplication>

namespace assay {

SetKnowledgeCellCommand::SetKnowledgeCellCommand(KnowledgeBase *knowledge, qint64 tableId, qint64 rowId, qint64 columnId, const QVariant &value)
    : KnowledgeCommand(knowledge, QCoreApplication::translate("SchemaEditor", "Edit %1").arg(knowledge->qualifiedName(columnId))), m_tableId(tableId), m_rowId(rowId), m_columnId(columnId), m_new(value)
{
    if (auto rows = knowledge->rows(tableId))
        for (const KnowledgeRow &r : rows.value())
            if (r.id == rowId)
                m_old = r.value(columnId);
}

void SetKnowledgeCellCommand::redo()
{
    check(m_knowledge->setCell(m_tableId, m_rowId, m_columnId, m_new));
}

void SetKnowledgeCellCommand::undo()
{
    check(m_knowledge->setCell(m_tableId, m_rowId, m_columnId, m_old));
}

} // namespace assay
