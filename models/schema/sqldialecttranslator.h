#pragma once
// SQL dumps of MySQL/MariaDB and PostgreSQL turned into SQLite statements, so SqlScriptReader
// can run them in its private database (docs/ARCHITECTURE.md, "Knowledge from other
// databases"). What carries knowledge is translated — tables, column types, primary and
// foreign keys, rows —, what does not is dropped with a note (settings, indexes, owners,
// sequences, views, routines), and what cannot be translated fails naming the file and line.
//   MySQL: backtick names, backslash escapes, ENGINE= and other table options, AUTO_INCREMENT,
//   UNSIGNED, CHARACTER SET / COLLATE / COMMENT, KEY and INDEX lines, enum/set types, INSERT
//   IGNORE, ALTER TABLE … CHANGE [COLUMN] (a rename), ADD COLUMN, ADD PRIMARY / FOREIGN KEY.
//   PostgreSQL: schema-qualified names, SERIAL types, nextval defaults, identity columns,
//   :: casts, E'' strings, COPY … FROM stdin blocks, ALTER TABLE ONLY … ADD CONSTRAINT.
// Constraints added by ALTER TABLE join their table's CREATE TABLE (SQLite cannot add one
// later), and the script runs with foreign keys off, as a dump loads.
#include "core/result.h"

#include <QStringList>
#include <QVector>

namespace assay {

struct SqlScriptStatement;

struct TranslatedStatement {
    int line = 1; // in the original script
    QString sql;  // SQLite
};

struct SqlTranslation {
    QVector<TranslatedStatement> statements;
    QStringList notes; // what was dropped, once per kind, with the first line it was seen on
};

class SqlDialectTranslator {
public:
    enum class Dialect { Auto, Sqlite, MySql, Postgres };
    // "auto", "sqlite", "mysql" (or "mariadb"), "postgres" (or "postgresql").
    static Result<Dialect> parse(const QString &name);
    static QString name(Dialect dialect); // "MySQL", "PostgreSQL", "SQLite"
    // The dump's dialect by its marks (backticks, ENGINE=, /*!…*/; COPY … FROM stdin, SERIAL,
    // ::, pg_catalog); SQLite when it has none.
    static Dialect detect(const QString &script);
    // MySql or Postgres only; messages are "ORIGIN:LINE: …".
    static Result<SqlTranslation> translate(const QString &script, Dialect dialect, const QString &origin);
};

} // namespace assay
