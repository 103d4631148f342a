#include "commands/removeknowledgetablecommand.h"

#include <QCoreApplication>

namespace assay {

RemoveKnowledgeTableCommand::RemoveKnowledgeTableCommand(KnowledgeBase *knowledge, qint64 tableId)
    : KnowledgeCommand(knowledge, QCoreApplication::translate("SchemaEditor", "Delete table")), m_id(tableId)
{
    if (const KnowledgeTable *t = knowledge->table(tableId))
        setText(QCoreApplication::translate("SchemaEditor", "Delete table %1").arg(t->name));
}

void RemoveKnowledgeTableCommand::redo()
{
    auto snapshot = m_knowledge->removeTable(m_id);
    if (check(snapshot))
        m_snapshot = snapshot.take();
}

void RemoveKnowledgeTableCommand::undo()
{
    check(m_knowledge->restoreTable(m_snapshot));
}

} // namespace assay
