#pragma once
// Sets a query set's task level (KS, KU, KA or the user's own; empty: from its templates);
// undo puts the previous level back.
#include "commands/checkedcommand.h"

namespace assay {

class GenerationCuration;

class SetFormLevelCommand : public CheckedCommand {
public:
    SetFormLevelCommand(GenerationCuration *curation, QString form, QString oldLevel, QString newLevel);
    void redo() override;
    void undo() override;

private:
    GenerationCuration *m_curation;
    QString m_form;
    QString m_old;
    QString m_new;
};

} // namespace assay
