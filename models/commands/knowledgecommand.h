#pragma once
// Base of the schema editor's undo commands (see CheckedCommand for refused edits).
#include "commands/checkedcommand.h"

namespace assay {

class KnowledgeBase;

class KnowledgeCommand : public CheckedCommand {
public:
    KnowledgeCommand(KnowledgeBase *knowledge, const QString &text, QUndoCommand *parent = nullptr)
        : CheckedCommand(text, parent), m_knowledge(knowledge)
    {
    }

protected:
    KnowledgeBase *m_knowledge;
};

} // namespace assay
