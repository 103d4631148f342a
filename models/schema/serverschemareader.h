#pragma once
// Reads tables, column types, primary and foreign keys and rows from a PostgreSQL or
// MySQL/MariaDB server into an ImportedSchema, in one read-only snapshot. Rows stream from the
// server (forward-only queries) with progress; a cancel or a lost connection returns a
// failure and nothing is imported (docs/user-guide.md, "Knowledge on a database server").
#include "core/result.h"
#include "schema/importedschema.h"
#include "schema/serverlocation.h"

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
    static Result<ImportedSchema> read(const ServerLocation &location, const QStringList &tables = {}, const Progress &progress = {});

private:
    static Result<QVector<ServerTable>> tables(const ServerConnection &connection);
    static Status readColumns(const ServerConnection &connection, ImportedSchema &schema, QStringList &typeNotes);
    static Status readKeys(const ServerConnection &connection, ImportedSchema &schema);
};

} // namespace assay
