#pragma once
// Enumerates SQL templates from the schema without an LLM: per table every meaningful target
// × every other meaningful condition column; two-placeholder AND conditions; one-hop joins
// along each foreign key (target on one side, condition on the other); and, for association
// tables with two foreign keys, a target of the association conditioned on both ends
// (GRAMMAR's "years working for [company] by [person]").
// The SQL is written in the dialect of where the rows live: SQLite (imported or a linked file),
// or a linked server's — PostgreSQL quotes names that are not lower case, MySQL/MariaDB quotes
// with backticks and compares text exactly (BINARY: its collations ignore case and trailing
// spaces, SQLite's and PostgreSQL's comparisons do not).
#include "schema/knowledgesource.h"

#include <QStringList>

namespace assay {

class KnowledgeBase;

class RuleEnumerator {
public:
    struct Options {
        bool singleCondition = true;
        bool twoConditions = true;
        bool joins = true;
        bool associations = true;
    };
    static QStringList enumerate(const KnowledgeBase &knowledge, const Options &options);
    static QStringList enumerate(const KnowledgeBase &knowledge) { return enumerate(knowledge, Options{}); }
    using Dialect = SqlDialect;
    static Dialect dialectOf(const KnowledgeBase &knowledge);
    // A plain identifier as is, anything else quoted as the dialect quotes.
    static QString identifier(const QString &name, Dialect dialect = Dialect::SQLite);
};

} // namespace assay
