#include "commands/setformlevelcommand.h"

#include "generation/generationcuration.h"

#include <QCoreApplication>

namespace assay {

SetFormLevelCommand::SetFormLevelCommand(GenerationCuration *curation, QString form, QString oldLevel, QString newLevel)
    : CheckedCommand(QCoreApplication::translate("SetFormLevelCommand", "Set the task level of %1").arg(form)), m_curation(curation),
      m_form(std::move(form)), m_old(std::move(oldLevel)), m_new(std::move(newLevel))
{
}

void SetFormLevelCommand::redo() { check(m_curation->setFormLevel(m_form, m_new)); }

void SetFormLevelCommand::undo() { check(m_curation->setFormLevel(m_form, m_old)); }

} // namespace assay
