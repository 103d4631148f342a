#pragma once
// Reads an SQL dump of another database into statements and tokens (docs/ARCHITECTURE.md,
// "Knowledge from other databases"): MySQL/MariaDB (`mysqldump`: backtick identifiers,
// backslash escapes in strings, # comments, /*!…*/ version comments) and PostgreSQL
// (`pg_dump --inserts` or with COPY … FROM stdin data blocks, E'' strings, $$ quoting, psql
// meta-commands). Comments are dropped; each statement keeps the line it starts on, and each
// COPY data row its own line, so every message names the original file and line.
#include <QString>
#include <QStringList>
#include <QVector>

namespace assay {

struct SqlToken {
    enum class Kind { Word, Identifier, String, Number, Punct };
    Kind kind = Kind::Word;
    QString text; // a word or punctuation as written; an identifier's or string's value
    bool is(const char *word) const; // a Word equal to `word`, ignoring case
    bool isPunct(const char *p) const { return kind == Kind::Punct && text == QLatin1String(p); }
};

struct SqlScriptStatement {
    int line = 1;
    QVector<SqlToken> tokens;
    QVector<QPair<int, QString>> copyRows; // COPY … FROM stdin: each data row with its line
};

class SqlScriptLexer {
public:
    enum class Flavor { MySql, Postgres };
    // The statements of `script`; an unterminated string, identifier or COPY block fails with
    // the line it starts on.
    static bool split(const QString &script, Flavor flavor, QVector<SqlScriptStatement> *out, QString *error);
};

} // namespace assay
