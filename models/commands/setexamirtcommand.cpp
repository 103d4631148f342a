#include "commands/setexamirtcommand.h"

namespace assay {

SetExamIrtCommand::SetExamIrtCommand(ExamCuration *curation, qint64 examId, QVector<ExamItem> parameters, const QString &description)
    : CheckedCommand(description), m_curation(curation), m_examId(examId), m_parameters(std::move(parameters))
{
}

void SetExamIrtCommand::redo()
{
    auto before = m_curation->setIrt(m_examId, m_parameters);
    if (check(before))
        m_before = before.take();
}

void SetExamIrtCommand::undo() { check(m_curation->setIrt(m_examId, m_before)); }

} // namespace assay
