#pragma once
#include "commands/knowledgecommand.h"
#include "schema/knowledgebase.h"

namespace assay {

class AddKnowledgeTableCommand : public KnowledgeCommand {
public:
    AddKnowledgeTableCommand(KnowledgeBase *knowledge, const QString &name);
    void redo() override;
    void undo() override;

private:
    QString m_name;
    qint64 m_id = 0;
};

} // namespace assay
