#pragma once
#include "commands/knowledgecommand.h"
#include "schema/knowledgebase.h"

namespace assay {

class SetKnowledgeCellCommand : public KnowledgeCommand {
public:
    SetKnowledgeCellCommand(KnowledgeBase *knowledge, qint64 tableId, qint64 rowId, qint64 columnId, const QVariant &value);
    void redo() override;
    void undo() override;

private:
    qint64 m_tableId;
    qint64 m_rowId;
    qint64 m_columnId;
    QVariant m_old;
    QVariant m_new;
};

} // namespace assay
