#pragma once
#include "commands/knowledgecommand.h"
#include "schema/knowledgebase.h"

namespace assay {

class AddKnowledgeColumnCommand : public KnowledgeCommand {
public:
    AddKnowledgeColumnCommand(KnowledgeBase *knowledge, qint64 tableId, const KnowledgeColumn &column);
    void redo() override;
    void undo() override;

private:
    qint64 m_tableId;
    KnowledgeColumn m_column;
};

} // namespace assay
