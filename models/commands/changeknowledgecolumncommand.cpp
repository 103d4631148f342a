#include "commands/changeknowledgecolumncommand.h"

#include <QCoreApplication>

namespace assay {

ChangeKnowledgeColumnCommand::ChangeKnowledgeColumnCommand(KnowledgeBase *knowledge, const KnowledgeColumn &after)
    : KnowledgeCommand(knowledge, QCoreApplication::translate("SchemaEditor", "Change column %1").arg(after.name)), m_after(after)
{
    if (const KnowledgeColumn *c = knowledge->column(after.id))
        m_before = *c;
}

void ChangeKnowledgeColumnCommand::redo()
{
    check(m_knowledge->updateColumn(m_after));
}

void ChangeKnowledgeColumnCommand::undo()
{
    check(m_knowledge->updateColumn(m_before));
}

} // namespace assay
