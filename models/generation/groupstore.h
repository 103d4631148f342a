#pragma once
// Writes a SQL template's semantic groups (query_group) as its fill-in streams them: clear the
// template's groups, then append them batch by batch, inside the caller's transaction (which
// makes it all-or-nothing). GenerationStore reads them. The batches come encoded (GroupRows),
// so the thread holding the project connection only inserts.
#include "core/result.h"
#include "generation/grouprows.h"
#include "project/statement.h"

#include <optional>

namespace assay {

class Database;

class GroupStore {
public:
    explicit GroupStore(Database &db);
    Status clearGroups(qint64 sqlTemplateId);
    // The insert statements are kept between calls.
    Status appendGroupRows(qint64 sqlTemplateId, const GroupRows &rows);

private:
    Database &m_db;
    std::optional<Statement> m_insertGroup;
    std::optional<Statement> m_insertGroups;
};

} // namespace assay
