#pragma once
#include "commands/knowledgecommand.h"
#include "schema/knowledgebase.h"

namespace assay {

class RemoveKnowledgeRowsCommand : public KnowledgeCommand {
public:
    RemoveKnowledgeRowsCommand(KnowledgeBase *knowledge, qint64 tableId, const QVector<qint64> &rowIds);
    void redo() override;
    void undo() override;

private:
    qint64 m_tableId;
    QVector<qint64> m_ids;
    QVector<KnowledgeRow> m_removed;
};

} // namespace assay
