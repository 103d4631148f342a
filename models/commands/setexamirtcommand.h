#pragma once
#include "commands/checkedcommand.h"
#include "exams/examcuration.h"

namespace assay {

// Stores a fit's a, b, c into an exam's items; undo puts back what the items held before
// (including "not fitted").
class SetExamIrtCommand : public CheckedCommand {
public:
    SetExamIrtCommand(ExamCuration *curation, qint64 examId, QVector<ExamItem> parameters, const QString &description);
    void redo() override;
    void undo() override;

private:
    ExamCuration *m_curation;
    qint64 m_examId;
    QVector<ExamItem> m_parameters;
    QVector<ExamItem> m_before;
};

} // namespace assay
