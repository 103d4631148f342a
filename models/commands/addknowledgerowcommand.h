#pragma once
#include "commands/knowledgecommand.h"
#include "schema/knowledgebase.h"

namespace assay {

class AddKnowledgeRowCommand : public KnowledgeCommand {
public:
    AddKnowledgeRowCommand(KnowledgeBase *knowledge, qint64 tableId, const KnowledgeRow &row = {});
    void redo() override;
    void undo() override;

private:
    qint64 m_tableId;
    KnowledgeRow m_row;
};

} // namespace assay
