#pragma once
#include "core/result.h"
#include "schema/importedschema.h"

namespace assay {

// Runs an SQL script (SQLite DDL + INSERTs, e.g. the output of `sqlite3 db .dump`) in a
// private in-memory database and reads the result. Errors name the file and line.
class SqlScriptReader {
public:
    static Result<ImportedSchema> readFile(const QString &path);
    static Result<ImportedSchema> read(const QByteArray &script, const QString &origin);
};

} // namespace assay
