#include "commands/setexamitemstatecommand.h"

#include <QCoreApplication>

namespace assay {

SetExamItemStateCommand::SetExamItemStateCommand(ExamCuration *curation, QVector<qint64> ids, CurationState state)
    : CheckedCommand(QCoreApplication::translate("ExamGrid", "Mark %n exam item(s) %1", nullptr, int(ids.size())).arg(curationStateName(state))),
      m_curation(curation), m_ids(std::move(ids)), m_state(state)
{
}

void SetExamItemStateCommand::redo()
{
    auto before = m_curation->setStates(m_ids, m_state);
    if (check(before))
        m_before = before.take();
}

void SetExamItemStateCommand::undo() { check(m_curation->restoreStates(m_before)); }

} // namespace assay
