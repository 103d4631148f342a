#pragma once
#include "commands/checkedcommand.h"
#include "generation/generationcuration.h"

namespace assay {

// Accepts, rejects or flags a selection of templates or queries; undo restores each item's
// previous state.
class SetCurationStateCommand : public CheckedCommand {
public:
    SetCurationStateCommand(GenerationCuration *curation, GenerationCuration::Scope scope, QVector<qint64> ids, CurationState state);
    void redo() override;
    void undo() override;

private:
    GenerationCuration *m_curation;
    GenerationCuration::Scope m_scope;
    QVector<qint64> m_ids;
    CurationState m_state;
    QHash<qint64, CurationState> m_before;
};

} // namespace assay
