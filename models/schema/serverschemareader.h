#pragma once
// Reads tables, column types, primary and foreign keys and rows from a PostgreSQL or
// MySQL/MariaDB server into an ImportedSchema, in one read-only snapshot. Rows stream from the
// server (forward-only queries) with progress; a cancel or a lost connection returns a
// failure and nothing is imported (docs/user-guide.md, "Knowledge on a database server").
#include "core/result.h"
#include "schema/importedschema.h"
#include "schema/serverlocation.h"

#include <QHash>

#include <functional>

namespace assay {

class ServerConnection;

struct ServerTable {
    QString name;
    qint64 rows = 0;
    QString description;
};

class ServerSchemaReader {
public:
    // Rows read so far of all; returns false to cancel.
    using Progress = std::function<bool(qint64 done, qint64 total, const QString &table)>;

    // The schema's tables with their row counts, for a table picker.
    static Result<QVector<ServerTable>> listTables(const ServerLocation &location);
    // The named tables (all when empty) with their rows. A foreign key to a table left out is
    // kept as a plain column and noted.
    // withRows false: the tables, columns and keys only (to check them against a project before
    // the rows stream in).
    static Result<ImportedSchema> read(const ServerLocation &location, const QStringList &tables = {}, const Progress &progress = {},
                                       bool withRows = true);

private:
    // The schema's tables; rows counted for those in `counted` (all when empty).
    static Result<QVector<ServerTable>> tables(const ServerConnection &connection, const QStringList &counted = {});
    // typeNotes: "server type → Assay type (columns)"; serverTypes: "table\x1fcolumn" → server type.
    static Status readColumns(const ServerConnection &connection, ImportedSchema &schema, QStringList &typeNotes,
                              QHash<QString, QString> &serverTypes);
    static Status readKeys(const ServerConnection &connection, ImportedSchema &schema);
};

} // namespace assay
