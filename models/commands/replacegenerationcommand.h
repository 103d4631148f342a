#pragma once
// A generation step (SQL or text templates, queries, a GRAMMAR import) that ran as a
// background job, made undoable as a whole. The job takes snapshots of the generation tables
// before and after the step (GenerationSnapshotStore, on its own thread); this command's
// first redo does nothing, undo restores the first, redo the second. Both copies are dropped
// with the command.
#include "commands/checkedcommand.h"

namespace assay {

class Project;

class ReplaceGenerationCommand : public CheckedCommand {
public:
    // before, after: GenerationSnapshotStore::save() from just before and just after the step.
    ReplaceGenerationCommand(Project *project, const QString &text, QString before, QString after);
    ~ReplaceGenerationCommand() override;
    void redo() override;
    void undo() override;

private:
    void restore(const QString &snapshot);
    Project *m_project;
    QString m_before;
    QString m_after;
    bool m_done = false; // the first redo: the step itself has just run
};

} // namespace assay
