#include "commands/edittemplatecommand.h"

#include "generation/generationcuration.h"

#include <QCoreApplication>

namespace assay {

EditTemplateCommand::EditTemplateCommand(GenerationCuration *curation, Kind kind, qint64 id, QString text)
    : CheckedCommand(kind == Kind::Sql ? QCoreApplication::translate("ReviewGrid", "Edit SQL template %1").arg(id)
                                       : QCoreApplication::translate("ReviewGrid", "Edit text template %1").arg(id)),
      m_curation(curation), m_kind(kind), m_id(id), m_old(kind == Kind::Sql ? curation->sqlOf(id) : curation->textOf(id)),
      m_new(std::move(text))
{
}

void EditTemplateCommand::apply(const QString &text)
{
    check(m_kind == Kind::Sql ? m_curation->editSqlTemplate(m_id, text) : m_curation->editTextTemplate(m_id, text));
}

void EditTemplateCommand::redo() { apply(m_new); }
void EditTemplateCommand::undo() { apply(m_old); }

} // namespace assay
