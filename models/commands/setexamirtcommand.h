#pragma once
#include "commands/checkedcommand.h"
#include "exams/examcuration.h"

namespace assay {

// Stores a fit's a, b, c into an exam's items with the fit's settings; undo puts back what the
// items and the settings were before (including "not fitted").
class SetExamIrtCommand : public CheckedCommand {
public:
    SetExamIrtCommand(ExamCuration *curation, qint64 examId, ExamCuration::IrtState state, const QString &description);
    void redo() override;
    void undo() override;

private:
    ExamCuration *m_curation;
    qint64 m_examId;
    ExamCuration::IrtState m_state;
    ExamCuration::IrtState m_before;
};

} // namespace assay
