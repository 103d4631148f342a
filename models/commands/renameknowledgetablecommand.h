#pragma once
#include "commands/knowledgecommand.h"
#include "schema/knowledgebase.h"

namespace assay {

class RenameKnowledgeTableCommand : public KnowledgeCommand {
public:
    RenameKnowledgeTableCommand(KnowledgeBase *knowledge, qint64 tableId, const QString &name);
    void redo() override;
    void undo() override;

private:
    qint64 m_id;
    QString m_old;
    QString m_new;
};

} // namespace assay
