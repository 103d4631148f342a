#pragma once
// A generation step (SQL or text templates, queries, a GRAMMAR import) that ran as a
// background job, made undoable as a whole. The caller takes a snapshot of the generation
// tables before the job and this command takes one after it (its first redo does nothing);
// undo restores the first, redo the second. Both copies are dropped with the command.
#include "commands/checkedcommand.h"

namespace assay {

class Project;

class ReplaceGenerationCommand : public CheckedCommand {
public:
    // before: GenerationSnapshotStore::save() from just before the step.
    ReplaceGenerationCommand(Project *project, const QString &text, QString before);
    ~ReplaceGenerationCommand() override;
    void redo() override;
    void undo() override;

private:
    void restore(const QString &snapshot);
    Project *m_project;
    QString m_before;
    QString m_after;
};

} // namespace assay
