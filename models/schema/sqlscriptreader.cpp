#include "schema/sqlscriptreader.h"

#include "io/filereader.h"
#include "project/database.h"
#include "schema/sqliteschemareader.h"


#include <algorithm>

#include <sqlite3.h>

namespace assay {

namespace {
// A script may create, insert and toggle foreign_keys; it may not reach other files.
int scriptAuthorizer(void *, int action, const char *a1, const char *, const char *, const char *)
{
    switch (action) {
    case SQLITE_ATTACH:
    case SQLITE_DETACH:
        return SQLITE_DENY;
    case SQLITE_PRAGMA:
        return a1 && (qstrcmp(a1, "foreign_keys") == 0 || qstrcmp(a1, "defer_foreign_keys") == 0) ? SQLITE_OK : SQLITE_DENY;
    default:
        return SQLITE_OK;
    }
}
} // namespace

Result<ImportedSchema> SqlScriptReader::readFile(const QString &path, SqlDialectTranslator::Dialect dialect)
{
    auto bytes = FileReader::readAll(path);
    if (!bytes)
        return Result<ImportedSchema>::failure(bytes.error());
    return read(bytes.value(), path, dialect);
}

namespace {
// A translated dump, statement by statement, each error naming its line in the original.
Status runTranslated(Database &scratch, const SqlTranslation &translation, const QString &origin)
{
    sqlite3 *db = scratch.handle();
    for (const TranslatedStatement &s : translation.statements) {
        sqlite3_stmt *stmt = nullptr;
        const QByteArray sql = s.sql.toUtf8();
        int rc = sqlite3_prepare_v2(db, sql.constData(), int(sql.size()), &stmt, nullptr);
        if (rc == SQLITE_OK && stmt)
            while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
            }
        const QString message = QString::fromUtf8(sqlite3_errmsg(db));
        sqlite3_finalize(stmt);
        if (rc != SQLITE_OK && rc != SQLITE_DONE)
            return Status::failure(QStringLiteral("%1:%2: %3 (translated: %4)").arg(origin).arg(s.line).arg(message, s.sql.left(160)));
    }
    return {};
}
} // namespace

Result<ImportedSchema> SqlScriptReader::read(const QByteArray &script, const QString &origin, SqlDialectTranslator::Dialect dialect)
{
    using D = SqlDialectTranslator::Dialect;
    if (dialect != D::Auto)
        return readAs(script, origin, dialect);
    // What SQLite runs as it is stays as it was read before dumps were translated (SQLite takes
    // backticks and much else of MySQL's); a script it refuses is translated when it carries a
    // dump's marks, and a translation that fails too says both.
    auto plain = readAs(script, origin, D::Sqlite);
    if (plain || script.contains('\0'))
        return plain;
    const D detected = SqlDialectTranslator::detect(QString::fromUtf8(script));
    if (detected == D::Sqlite)
        return plain;
    auto translated = readAs(script, origin, detected);
    if (translated)
        return translated;
    return Result<ImportedSchema>::failure(QStringLiteral("%1 (read as a %2 dump; as SQLite: %3)").arg(translated.error(), SqlDialectTranslator::name(detected), plain.error()));
}

Result<ImportedSchema> SqlScriptReader::readAs(const QByteArray &script, const QString &origin, SqlDialectTranslator::Dialect dialect)
{
    using R = Result<ImportedSchema>;
    auto scratch = Database::open(QStringLiteral(":memory:"), Database::Mode::ReadWriteCreate);
    if (!scratch)
        return R::failure(scratch.error());
    sqlite3 *db = scratch.value().handle();
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
    sqlite3_set_authorizer(db, scriptAuthorizer, nullptr);
    if (dialect == SqlDialectTranslator::Dialect::MySql || dialect == SqlDialectTranslator::Dialect::Postgres) {
        auto translation = SqlDialectTranslator::translate(QString::fromUtf8(script), dialect, origin);
        if (!translation)
            return R::failure(translation.error());
        // A dump loads its tables in any order, the referenced ones not always first.
        if (auto s = scratch.value().exec(QStringLiteral("PRAGMA foreign_keys = OFF")); !s)
            return R::failure(s.error());
        if (translation.value().statements.isEmpty())
            return R::failure(QStringLiteral("%1: the script holds no tables or rows to import").arg(origin));
        if (auto s = runTranslated(scratch.value(), translation.value(), origin); !s)
            return R::failure(s.error());
        sqlite3_set_authorizer(db, nullptr, nullptr);
        auto schema = SqliteSchemaReader::read(scratch.value(), origin, true);
        if (!schema)
            return schema;
        ImportedSchema out = schema.take();
        out.notes << QStringLiteral("read as a %1 dump, translated to SQLite").arg(SqlDialectTranslator::name(dialect));
        out.notes << translation.value().notes;
        return out;
    }

    const char *begin = script.constData();
    const char *end = begin + script.size();
    const char *cursor = begin;
    int statements = 0;
    while (cursor < end) {
        sqlite3_stmt *stmt = nullptr;
        const char *tail = nullptr;
        // Line of the statement's first non-blank character, for messages.
        const char *start = cursor;
        while (start < end && (*start == ' ' || *start == '\n' || *start == '\r' || *start == '\t'))
            ++start;
        const int line = 1 + int(std::count(begin, start, '\n'));
        const int rc = sqlite3_prepare_v2(db, cursor, int(end - cursor), &stmt, &tail);
        if (rc != SQLITE_OK) {
            QString message = QString::fromUtf8(sqlite3_errmsg(db));
            if (rc == SQLITE_AUTH)
                message += QStringLiteral(" (scripts may not ATTACH other files or set PRAGMAs other than foreign_keys)");
            sqlite3_finalize(stmt);
            return R::failure(QStringLiteral("%1:%2: %3").arg(origin).arg(line).arg(message));
        }
        if (!stmt && tail == cursor) {
            // SQLite reads a statement up to a NUL byte and no further: without this the
            // reader would stand still on it (found by fuzzing).
            const int at = 1 + int(std::count(begin, cursor, '\n'));
            return R::failure(QStringLiteral("%1:%2: a NUL byte (0x00) in the script; it is not a text SQL file").arg(origin).arg(at));
        }
        cursor = tail ? tail : end;
        if (!stmt)
            continue; // whitespace or a comment
        ++statements;
        int step;
        while ((step = sqlite3_step(stmt)) == SQLITE_ROW) {
        }
        sqlite3_finalize(stmt);
        if (step != SQLITE_DONE)
            return R::failure(QStringLiteral("%1:%2: %3").arg(origin).arg(line).arg(QString::fromUtf8(sqlite3_errmsg(db))));
    }
    if (statements == 0)
        return R::failure(QStringLiteral("%1: the script holds no SQL statements").arg(origin));
    if (!sqlite3_get_autocommit(db))
        if (auto s = scratch.value().exec(QStringLiteral("COMMIT")); !s)
            return R::failure(QStringLiteral("%1: %2").arg(origin, s.error()));
    sqlite3_set_authorizer(db, nullptr, nullptr); // the reader's PRAGMA table_info is ours, not the script's
    return SqliteSchemaReader::read(scratch.value(), origin, true);
}

} // namespace assay
