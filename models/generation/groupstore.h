#pragma once
// Writes a SQL template's semantic groups (query_group) as its fill-in streams them: clear the
// template's groups, then append them batch by batch, inside the caller's transaction (which
// makes it all-or-nothing). GenerationStore reads them. A batch is encoded apart from the
// insert, so the thread reading the knowledge tables can encode and the thread holding the
// project connection only inserts.
#include "core/result.h"
#include "generation/semanticgroup.h"
#include "project/statement.h"

#include <QByteArray>
#include <QVector>

#include <optional>

namespace assay {

class Database;

class GroupStore {
public:
    // A batch of groups as the insert binds them: UTF-8 values JSON, answer, documents JSON.
    struct GroupRows {
        QVector<QByteArray> values, answers, documents;
        QVector<qint64> rowCounts;
    };

    explicit GroupStore(Database &db);
    Status clearGroups(qint64 sqlTemplateId);
    // Any thread; no database.
    static GroupRows encodeGroups(const QVector<SemanticGroup> &groups);
    // The insert statements are kept between calls.
    Status appendGroupRows(qint64 sqlTemplateId, const GroupRows &rows);

private:
    Database &m_db;
    std::optional<Statement> m_insertGroup;
    std::optional<Statement> m_insertGroups;
};

} // namespace assay
