#pragma once
#include "core/result.h"
#include "schema/importedschema.h"

namespace assay {

class Database;

// Reads tables, declared types, primary and foreign keys and rows from an SQLite database.
class SqliteSchemaReader {
public:
    // Opens the file read-only; it is never written.
    static Result<ImportedSchema> readFile(const QString &path, bool withRows = true);
    static Result<ImportedSchema> read(const Database &db, const QString &origin, bool withRows = true);
};

} // namespace assay
