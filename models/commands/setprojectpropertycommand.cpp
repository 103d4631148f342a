#include "commands/setprojectpropertycommand.h"

#include "project/project.h"

#include <QCoreApplication>

namespace assay {

SetProjectPropertyCommand::SetProjectPropertyCommand(Project *project, QString key, QString value,
                                                     QUndoCommand *parent)
    : QUndoCommand(parent), m_project(project), m_key(std::move(key)), m_newValue(std::move(value))
{
    m_oldValue = m_project->property(m_key);
    setText(QCoreApplication::translate("SetProjectPropertyCommand", "Change project %1").arg(m_key));
}

void SetProjectPropertyCommand::redo()
{
    if (auto s = m_project->setProperty(m_key, m_newValue); !s)
        qWarning("%s", qPrintable(s.error()));
}

void SetProjectPropertyCommand::undo()
{
    if (auto s = m_project->setProperty(m_key, m_oldValue); !s)
        qWarning("%s", qPrintable(s.error()));
}

int SetProjectPropertyCommand::id() const { return 1001; }

bool SetProjectPropertyCommand::mergeWith(const QUndoCommand *other)
{
    // Typing into a property field produces one undo step per property, not one per keystroke.
    const auto *o = static_cast<const SetProjectPropertyCommand *>(other);
    if (o->m_project != m_project || o->m_key != m_key)
        return false;
    m_newValue = o->m_newValue;
    return true;
}

} // namespace assay
