#include "commands/setexamirtcommand.h"

namespace assay {

SetExamIrtCommand::SetExamIrtCommand(ExamCuration *curation, qint64 examId, ExamCuration::IrtState state, const QString &description)
    : CheckedCommand(description), m_curation(curation), m_examId(examId), m_state(std::move(state))
{
}

void SetExamIrtCommand::redo()
{
    auto before = m_curation->setIrt(m_examId, m_state);
    if (check(before))
        m_before = before.take();
}

void SetExamIrtCommand::undo() { check(m_curation->setIrt(m_examId, m_before)); }

} // namespace assay
