#include "commands/setcurationstatecommand.h"

#include <QCoreApplication>

namespace assay {

SetCurationStateCommand::SetCurationStateCommand(GenerationCuration *curation, GenerationCuration::Scope scope,
                                                 QVector<qint64> ids, CurationState state)
    : CheckedCommand(QCoreApplication::translate("ReviewGrid", "Mark %n item(s) %1", nullptr, int(ids.size())).arg(curationStateName(state))),
      m_curation(curation), m_scope(scope), m_ids(std::move(ids)), m_state(state)
{
}

void SetCurationStateCommand::redo()
{
    auto before = m_curation->setStates(m_scope, m_ids, m_state);
    if (check(before))
        m_before = before.take();
}

void SetCurationStateCommand::undo() { check(m_curation->restoreStates(m_scope, m_before)); }

} // namespace assay
