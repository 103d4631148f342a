#pragma once
// Set-based fill-in of a SQL template: when every placeholder sits in a top-level ANDed
// equality `colref = '[T.C]'` whose column reference resolves (through the FROM clause's
// aliases) to that very column T.C, all semantic groups come from one pass over the
// template's own FROM/JOIN:
//   SELECT k1..kn, count(*), <select list> FROM ... WHERE <other conditions>
//     AND k1 IS NOT NULL ... GROUP BY k1..kn ORDER BY k1..kn
// Only value combinations that exist are visited, in the order of the per-combination
// engine (each placeholder's values ascending, the last fastest). A group of one row carries
// its answer and documents; for a group of several rows the engine asks the per-combination
// query, so answers, row counts and documents are identical — except for a single table that
// the per-combination query reads in rowid order (a scan, or an equality search on one of the
// knowledge tables' single-column indexes; checked with EXPLAIN QUERY PLAN) and that
// projects no document column: there the first row is the one with the smallest rowid,
// which SQLite's min() hands to the bare columns of its group (firstRowSql). Anything else — DISTINCT,
// aggregates, GROUP BY, ORDER BY, LIMIT, compound selects, subqueries, a placeholder in
// LIKE, a range, an OR or the select list — has no plan and keeps the per-combination path.
#include "generation/sqltemplate.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace assay {

class SetBasedFillIn {
public:
    struct Plan {
        QString sql;         // the rewritten query
        QString firstRowSql; // the same with min(rowid) (single table only; empty otherwise)
        QString table;       // the single table, or empty
        int keys = 0;        // leading key columns, then count(*), min(rowid) or 0, then the template's columns
    };
    // The rewrite, or nullopt with *why set to the reason it does not apply.
    static std::optional<Plan> plan(const SqlTemplate &sqlTemplate, QString *why = nullptr);
};

} // namespace assay
