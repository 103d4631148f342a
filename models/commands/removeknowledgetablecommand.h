#pragma once
#include "commands/knowledgecommand.h"
#include "schema/knowledgebase.h"

namespace assay {

class RemoveKnowledgeTableCommand : public KnowledgeCommand {
public:
    RemoveKnowledgeTableCommand(KnowledgeBase *knowledge, qint64 tableId);
    void redo() override;
    void undo() override;

private:
    qint64 m_id;
    KnowledgeBase::TableSnapshot m_snapshot;
};

} // namespace assay
