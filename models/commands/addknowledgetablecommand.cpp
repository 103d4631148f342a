#include "commands/addknowledgetablecommand.h"

#include <QCoreApplication>

namespace assay {

AddKnowledgeTableCommand::AddKnowledgeTableCommand(KnowledgeBase *knowledge, const QString &name)
    : KnowledgeCommand(knowledge, QCoreApplication::translate("SchemaEditor", "Add table %1").arg(name)), m_name(name)
{

}

void AddKnowledgeTableCommand::redo()
{
    auto id = m_knowledge->addTable(m_name, m_id);
    if (check(id))
        m_id = id.value();
}

void AddKnowledgeTableCommand::undo()
{
    check(m_knowledge->removeTable(m_id));
}

} // namespace assay
