#pragma once
#include "commands/knowledgecommand.h"
#include "schema/knowledgebase.h"

namespace assay {

class ChangeKnowledgeColumnCommand : public KnowledgeCommand {
public:
    ChangeKnowledgeColumnCommand(KnowledgeBase *knowledge, const KnowledgeColumn &after);
    void redo() override;
    void undo() override;

private:
    KnowledgeColumn m_before;
    KnowledgeColumn m_after;
};

} // namespace assay
