#pragma once
// Copies of the generation tables (SQL templates, forms, text templates, semantic groups,
// text queries) kept in an in-memory database attached to the project's connection, so a
// generation step run in the background can be undone and redone as a whole: the undo
// command restores the copy taken before the step, the redo the copy taken after it.
#include "core/result.h"

namespace assay {

class Database;

class GenerationSnapshotStore {
public:
    explicit GenerationSnapshotStore(Database &db) : m_db(db) {}
    // Copies the generation tables; returns the snapshot's name.
    Result<QString> save();
    // Replaces the generation tables by the snapshot, in one transaction.
    Status restore(const QString &name);
    Status drop(const QString &name);

private:
    Status attach();
    Database &m_db;
};

} // namespace assay
