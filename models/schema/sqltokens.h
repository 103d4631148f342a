#pragma once
// Token lists of a dump's statement (SqlScriptLexer) read and written back as SQLite: rendering
// with SQLite's quoting, parentheses and commas, schema-qualified names, and PostgreSQL's
// ::casts removed (SqlDialectTranslator).
#include "schema/sqlscriptlexer.h"

namespace assay {

class SqlTokens {
public:
    using Tokens = QVector<SqlToken>;
    // [from, to) as SQLite text: identifiers in double quotes, strings in single quotes.
    static QString render(const Tokens &t, int from = 0, int to = -1);
    static QString quoted(const QString &name); // a name as an SQLite identifier
    static int closing(const Tokens &t, int open); // the ')' closing the '(' at `open`, or −1
    static QVector<Tokens> splitTopLevel(const Tokens &t, int from, int to); // at commas outside parentheses
    static bool isName(const SqlToken &k);
    // A possibly schema-qualified name at `i`: its last part, `i` moved past it.
    static QString tableName(const Tokens &t, int &i);
    // PostgreSQL's ::type casts removed; schema qualifiers after REFERENCES dropped.
    static Tokens plain(const Tokens &t);
};

} // namespace assay
