#pragma once
#include "commands/checkedcommand.h"
#include "exams/examcuration.h"

namespace assay {

// Accepts or rejects exam items; undo restores each item's previous state.
class SetExamItemStateCommand : public CheckedCommand {
public:
    SetExamItemStateCommand(ExamCuration *curation, QVector<qint64> ids, CurationState state);
    void redo() override;
    void undo() override;

private:
    ExamCuration *m_curation;
    QVector<qint64> m_ids;
    CurationState m_state;
    QHash<qint64, CurationState> m_before;
};

} // namespace assay
