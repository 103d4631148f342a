#pragma once
#include "commands/checkedcommand.h"
#include "exams/examcuration.h"

namespace assay {

// Edits an exam item's stem, options or key; undo puts the previous content back.
class EditExamItemCommand : public CheckedCommand {
public:
    EditExamItemCommand(ExamCuration *curation, qint64 id, QString stem, QStringList options, int answer);
    void redo() override;
    void undo() override;

private:
    ExamCuration *m_curation;
    qint64 m_id;
    QString m_stem;
    QStringList m_options;
    int m_answer;
    ExamItem m_before;
};

} // namespace assay
