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
    // What a template's groups are (values, answers, row counts, projected documents), as a
    // digest, and how many groups and text queries it has: a generation that makes the same
    // groups again keeps the old ones and their queries (docs/METHODS.md §1.8).
    // The documents are apart: the demo's grounding writes them after the fill (GenerationStore::
    // setGroupDocuments), so a fill that projects none leaves the stored ones standing.
    struct Fingerprint {
        QByteArray digest;    // values, answers, row counts
        QByteArray documents; // projected document ids
        qint64 groups = 0;
        qint64 withDocuments = 0;
        qint64 queries = 0;
    };
    Result<Fingerprint> fingerprint(qint64 sqlTemplateId) const;
    // The insert statements are kept between calls.
    Status appendGroupRows(qint64 sqlTemplateId, const GroupRows &rows);

private:
    Database &m_db;
    std::optional<Statement> m_insertGroup;
    std::optional<Statement> m_insertGroups;
};

} // namespace assay
