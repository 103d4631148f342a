#pragma once
// The knowledge aggregate's tables in the project file (knowledge_source, knowledge_table,
// knowledge_column, knowledge_row). Every statement on them is here; KnowledgeBase (the
// editable, cached view with undo snapshots) and KnowledgeImporter (bulk import) call it.
// The statements that bulk work repeats are prepared once per store.
#include "core/result.h"
#include "project/statement.h"
#include "schema/knowledgerow.h"
#include "schema/knowledgetable.h"

#include <QPair>
#include <QVector>

#include <functional>
#include <optional>

namespace assay {

class Database;

class KnowledgeStore {
public:
    struct Structure {
        QString sourceKind; // "embedded", "linked"; empty: no source recorded
        QString linkedPath;
        QString importedFrom; // the source as the import described it (a file, a server without its password)
        QString importedAt;   // ISO 8601, UTC
        QVector<KnowledgeTable> tables; // with their columns, in position order
    };

    explicit KnowledgeStore(Database &db);

    Result<Structure> structure() const;
    // kind "embedded" or "linked" (then with the linked file's path).
    Status setSource(const QString &kind, const QString &linkedPath, const QString &importedFrom);
    // Removes every table (columns and rows follow) and the source.
    Status clear();
    Result<int> nextTablePosition() const;
    // id 0: a new id. Returns the table's id.
    Result<qint64> insertTable(qint64 id, const QString &name, const QString &description, int position);
    Status renameTable(qint64 tableId, const QString &name);
    Status removeTable(qint64 tableId);
    // column.id 0: a new id; its foreign key is stored as given (0: none). Returns the id.
    Result<qint64> insertColumn(qint64 tableId, const KnowledgeColumn &column);
    Status updateColumn(const KnowledgeColumn &column);
    Status removeColumn(qint64 columnId);
    // Sets column `first`'s foreign key to column `second` for each pair.
    Status setForeignKeys(const QVector<QPair<qint64, qint64>> &links);
    Result<QVector<KnowledgeRow>> rows(qint64 tableId) const;
    // Every row of a table in row order, as one result row per stored row whose columns are
    // the values of `columnIds` in that order (SQLite reads them out of the stored JSON: no
    // decoding per row here). For materialising a million rows in seconds.
    Status eachRowValues(qint64 tableId, const QVector<qint64> &columnIds, const std::function<Status(const Statement &)> &onRow) const;
    // Inserts (row.id 0: a new id) or replaces a row; returns its id.
    Result<qint64> writeRow(qint64 tableId, const KnowledgeRow &row);
    Status removeRows(qint64 tableId, const QVector<qint64> &rowIds);

private:
    Database &m_db;
    std::optional<Statement> m_writeRow;
    std::optional<Statement> m_insertColumn;
};

} // namespace assay
