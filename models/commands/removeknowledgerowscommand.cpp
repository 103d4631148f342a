#include "commands/removeknowledgerowscommand.h"

#include <QCoreApplication>

namespace assay {

RemoveKnowledgeRowsCommand::RemoveKnowledgeRowsCommand(KnowledgeBase *knowledge, qint64 tableId, const QVector<qint64> &rowIds)
    : KnowledgeCommand(knowledge, QCoreApplication::translate("SchemaEditor", "Delete %n row(s)", nullptr, int(rowIds.size()))), m_tableId(tableId), m_ids(rowIds)
{

}

void RemoveKnowledgeRowsCommand::redo()
{
    auto removed = m_knowledge->removeRows(m_tableId, m_ids);
    if (check(removed))
        m_removed = removed.take();
}

void RemoveKnowledgeRowsCommand::undo()
{
    for (const KnowledgeRow &r : std::as_const(m_removed))
        if (!check(m_knowledge->insertRow(m_tableId, r)))
            return;
}

} // namespace assay
