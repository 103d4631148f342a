#pragma once
#include "commands/knowledgecommand.h"
#include "schema/knowledgebase.h"

namespace assay {

class RemoveKnowledgeColumnCommand : public KnowledgeCommand {
public:
    RemoveKnowledgeColumnCommand(KnowledgeBase *knowledge, qint64 columnId);
    void redo() override;
    void undo() override;

private:
    qint64 m_id;
    KnowledgeBase::ColumnSnapshot m_snapshot;
};

} // namespace assay
