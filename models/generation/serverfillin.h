#pragma once
// FillInEngine's reads against a linked server (docs/METHODS.md §1.5, "Linked servers"). The
// groups, their order and their row counts are those of the imported copy:
//  - set-based templates stream SELECT keys, <select list> FROM … WHERE … ORDER BY keys once
//    and group adjacent rows here, so neither the server's string comparison nor its
//    collation decides what a group is: text keys are ordered by their bytes (PostgreSQL
//    COLLATE "C" on the text form, MySQL BINARY), as SQLite orders them;
//  - other templates are executed once per value combination, the values bound as the server
//    returned them and stored as an import would hold them (ServerTypeMap).
// A group of several rows answers with the first row the server returns: SQL gives such rows
// no order, so it may differ from the imported copy's first row.
#include "core/result.h"
#include "generation/fillinengine.h"

#include <functional>

namespace assay {

class KnowledgeConnection;
class ServerConnection;

class ServerFillIn {
public:
    explicit ServerFillIn(const KnowledgeConnection &connection);
    struct Values {
        QVariantList raw;       // as the server returned them, to bind
        QVariantList converted; // as the project stores them
    };
    // A placeholder column's distinct non-NULL values, ordered as SQLite orders them.
    Result<Values> distinctValues(const Placeholder &placeholder) const;
    // The expression that orders and tells apart a placeholder column's values (reference:
    // the column as the SQL names it).
    QString sortKey(const Placeholder &placeholder, const QString &reference) const;
    using Add = std::function<Status(SemanticGroup &&)>;
    Result<FillInEngine::Outcome> read(FillInEngine &engine, const SqlTemplate &t, const std::function<bool()> &cancelled,
                                       FillInEngine::Path path, const Add &add) const;

private:
    Result<FillInEngine::Outcome> setBased(FillInEngine &engine, const SqlTemplate &t, const QVector<QPair<int, bool>> &docColumns,
                                           const std::function<bool()> &cancelled, const Add &add) const;
    Result<FillInEngine::Outcome> perCombination(FillInEngine &engine, const SqlTemplate &t, const QVector<QPair<int, bool>> &docColumns,
                                                 const std::function<bool()> &cancelled, const Add &add) const;
    QVariant stored(const Placeholder &placeholder, const QVariant &raw) const;

    const KnowledgeConnection &m_connection;
    const ServerConnection &m_server;
};

} // namespace assay
