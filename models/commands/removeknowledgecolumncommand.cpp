#include "commands/removeknowledgecolumncommand.h"

#include <QCoreApplication>

namespace assay {

RemoveKnowledgeColumnCommand::RemoveKnowledgeColumnCommand(KnowledgeBase *knowledge, qint64 columnId)
    : KnowledgeCommand(knowledge, QCoreApplication::translate("SchemaEditor", "Delete column %1").arg(knowledge->qualifiedName(columnId))), m_id(columnId)
{

}

void RemoveKnowledgeColumnCommand::redo()
{
    auto snapshot = m_knowledge->removeColumn(m_id);
    if (check(snapshot))
        m_snapshot = snapshot.take();
}

void RemoveKnowledgeColumnCommand::undo()
{
    check(m_knowledge->restoreColumn(m_snapshot));
}

} // namespace assay
