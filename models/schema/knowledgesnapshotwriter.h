#pragma once
// Writes what a knowledge snapshot holds back into the project, each in one transaction: a
// removed table with its rows and the foreign keys into it (undoing a delete), or the whole
// knowledge with its source (undoing an import). KnowledgeBase checks and re-reads around it.
#include "core/result.h"
#include "schema/knowledgebase.h"

namespace assay {

class Database;

class KnowledgeSnapshotWriter {
public:
    static Status writeTable(Database &db, const KnowledgeBase::TableSnapshot &snapshot);
    // Replaces every knowledge table and the source (kept when the snapshot has none).
    static Status writeAll(Database &db, const KnowledgeBase::Snapshot &snapshot);

private:
    // The table, its columns without foreign keys (they may point at tables not there yet) and
    // its rows.
    static Status insert(Database &db, const KnowledgeBase::TableSnapshot &snapshot);
};

} // namespace assay
