#include "commands/renameknowledgetablecommand.h"

#include <QCoreApplication>

namespace assay {

RenameKnowledgeTableCommand::RenameKnowledgeTableCommand(KnowledgeBase *knowledge, qint64 tableId, const QString &name)
    : KnowledgeCommand(knowledge, QCoreApplication::translate("SchemaEditor", "Rename table to %1").arg(name)), m_id(tableId), m_new(name)
{
    if (const KnowledgeTable *t = knowledge->table(tableId))
        m_old = t->name;
}

void RenameKnowledgeTableCommand::redo()
{
    check(m_knowledge->renameTable(m_id, m_new));
}

void RenameKnowledgeTableCommand::undo()
{
    check(m_knowledge->renameTable(m_id, m_old));
}

} // namespace assay
