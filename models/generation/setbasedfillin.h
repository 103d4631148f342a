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
// query, so answers, row counts and documents are identical — except where the
// per-combination query's plan (EXPLAIN QUERY PLAN) is nested loops that each read in rowid
// order (a scan, an equality search on one of the knowledge tables' single-column indexes,
// or a rowid lookup) and no document column is projected: there a group's rows come in the
// order of the loops' rowids, and one pass (firstRowSql: one GROUP BY taking the row of the
// smallest rowid for a single loop, a windowed pass for joins) returns each group's first row
// and its row count. Anything else — DISTINCT, aggregates, GROUP BY, ORDER BY, LIMIT, compound selects, subqueries, a placeholder in
// LIKE, a range, an OR or the select list — has no plan and keeps the per-combination path.
#include "generation/sqltemplate.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace assay {

class SetBasedFillIn {
public:
    struct Plan {
        QString sql;   // the rewritten query
        int keys = 0;  // leading key columns, then the row count, an unused column, then the template's columns
        QStringList keyList;
        QString selectList;
        QString from;
        QString where;
        QStringList conditions; // the template's conditions without a placeholder
        // The same groups with each group's first row in the order of `orderBy` (e.g. the
        // rowids of the plan's loops, outermost first).
        QString firstRowSql(const QStringList &orderBy) const;
    };
    // The rewrite, or nullopt with *why set to the reason it does not apply.
    static std::optional<Plan> plan(const SqlTemplate &sqlTemplate, QString *why = nullptr);
};

} // namespace assay
