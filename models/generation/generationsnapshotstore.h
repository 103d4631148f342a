#pragma once
// Copies of the generation tables (SQL templates, forms, text templates, semantic groups,
// text queries) kept in the project's undo file (Project::undoFile), attached to the
// connection, so a generation step run in the background can be undone and redone as a
// whole: the undo command restores the copy taken before the step, the redo the copy taken
// after it. Any connection to the project may take or drop a copy (a step's job takes both
// on its own thread); the file is on disk, so millions of queries are not held in memory.
#include "core/result.h"

#include <QString>

#include <functional>

namespace assay {

class Database;
class Job;
class Project;

class GenerationSnapshotStore {
public:
    GenerationSnapshotStore(Database &db, QString undoFile) : m_db(db), m_file(std::move(undoFile)) {}
    // Copies the generation tables; returns the snapshot's name.
    Result<QString> save();
    // Replaces the generation tables by the snapshot, in one transaction.
    Status restore(const QString &name);
    Status drop(const QString &name);

    // A generation step run undoably on `project` (a background job's own connection; the
    // copies go to `undoFile`, the GUI's project's Project::undoFile): a copy before it, the
    // step, a copy after it. A step that fails or is cancelled, or whose
    // after-copy cannot be kept, is taken back to the first copy, and both are dropped.
    struct Step {
        QString before, after; // snapshot names, for ReplaceGenerationCommand
        QString summary;       // what the step reported
    };
    static Result<Step> runUndoable(Project &project, const QString &undoFile, const std::function<Result<QString>(Project &, Job &)> &step, Job &job);

private:
    Status attach();
    Database &m_db;
    QString m_file;
};

} // namespace assay
