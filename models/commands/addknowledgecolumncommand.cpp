#include "commands/addknowledgecolumncommand.h"

#include <QCoreApplication>

namespace assay {

AddKnowledgeColumnCommand::AddKnowledgeColumnCommand(KnowledgeBase *knowledge, qint64 tableId, const KnowledgeColumn &column)
    : KnowledgeCommand(knowledge, QCoreApplication::translate("SchemaEditor", "Add column %1").arg(column.name)), m_tableId(tableId), m_column(column)
{

}

void AddKnowledgeColumnCommand::redo()
{
    auto id = m_knowledge->addColumn(m_tableId, m_column);
    if (check(id) && !m_column.id) {
        m_column.id = id.value();
        m_column.position = m_knowledge->column(m_column.id)->position;
    }
}

void AddKnowledgeColumnCommand::undo()
{
    check(m_knowledge->removeColumn(m_column.id));
}

} // namespace assay
