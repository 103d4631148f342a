#include "commands/editexamitemcommand.h"

#include <QCoreApplication>

namespace assay {

EditExamItemCommand::EditExamItemCommand(ExamCuration *curation, qint64 id, QString stem, QStringList options, int answer)
    : CheckedCommand(QCoreApplication::translate("ExamGrid", "Edit exam item")), m_curation(curation), m_id(id), m_stem(std::move(stem)),
      m_options(std::move(options)), m_answer(answer)
{
}

void EditExamItemCommand::redo()
{
    auto before = m_curation->edit(m_id, m_stem, m_options, m_answer);
    if (check(before))
        m_before = before.take();
}

void EditExamItemCommand::undo() { check(m_curation->edit(m_id, m_before.stem, m_before.options, m_before.answer)); }

} // namespace assay
