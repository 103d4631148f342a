#include "commands/replacegenerationcommand.h"

#include "generation/generationsnapshotstore.h"
#include "project/project.h"

namespace assay {

ReplaceGenerationCommand::ReplaceGenerationCommand(Project *project, const QString &text, QString before, QString after)
    : CheckedCommand(text), m_project(project), m_before(std::move(before)), m_after(std::move(after))
{
}

ReplaceGenerationCommand::~ReplaceGenerationCommand()
{
    GenerationSnapshotStore store(m_project->database(), m_project->undoFile());
    for (const QString &s : {m_before, m_after})
        if (!s.isEmpty())
            if (auto dropped = store.drop(s); !dropped)
                qWarning("Dropping the undo copy %s failed: %s", qPrintable(s), qPrintable(dropped.error()));
}

void ReplaceGenerationCommand::redo()
{
    if (!m_done) { // the step itself has just run
        m_done = true;
        return;
    }
    restore(m_after);
}

void ReplaceGenerationCommand::undo() { restore(m_before); }

void ReplaceGenerationCommand::restore(const QString &snapshot)
{
    check(GenerationSnapshotStore(m_project->database(), m_project->undoFile()).restore(snapshot));
    emit m_project->generationReplaced();
}

} // namespace assay
