#include "commands/addknowledgerowcommand.h"

#include <QCoreApplication>

namespace assay {

AddKnowledgeRowCommand::AddKnowledgeRowCommand(KnowledgeBase *knowledge, qint64 tableId, const KnowledgeRow &row)
    : KnowledgeCommand(knowledge, QCoreApplication::translate("SchemaEditor", "Add row")), m_tableId(tableId), m_row(row)
{

}

void AddKnowledgeRowCommand::redo()
{
    auto id = m_knowledge->insertRow(m_tableId, m_row);
    if (check(id) && !m_row.id) {
        m_row.id = id.value();
        const auto rows = m_knowledge->rows(m_tableId);
        for (const KnowledgeRow &r : rows.value())
            if (r.id == m_row.id)
                m_row.position = r.position;
    }
}

void AddKnowledgeRowCommand::undo()
{
    check(m_knowledge->removeRows(m_tableId, {m_row.id}));
}

} // namespace assay
