#pragma once
#include "core/result.h"
#include "schema/importedschema.h"
#include "schema/sqldialecttranslator.h"

namespace assay {

// Runs an SQL script (SQLite DDL + INSERTs, e.g. the output of `sqlite3 db .dump`) in a
// private in-memory database and reads the result. A dump of MySQL/MariaDB (mysqldump) or
// PostgreSQL (pg_dump) is first translated (SqlDialectTranslator): as told, or with
// Dialect::Auto when SQLite refuses the script as it is and it carries a dump's marks. Errors
// name the file and line of the original script.
class SqlScriptReader {
public:
    static Result<ImportedSchema> readFile(const QString &path, SqlDialectTranslator::Dialect dialect = SqlDialectTranslator::Dialect::Auto);
    static Result<ImportedSchema> read(const QByteArray &script, const QString &origin,
                                       SqlDialectTranslator::Dialect dialect = SqlDialectTranslator::Dialect::Auto);

private:
    static Result<ImportedSchema> readAs(const QByteArray &script, const QString &origin, SqlDialectTranslator::Dialect dialect);
};

} // namespace assay
