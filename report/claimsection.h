#pragma once
// The report's "Claims" section (docs/METHODS.md §12): for each analysed run with stored
// claims, RAGChecker's eleven metrics ×100 with their 95% intervals and coverage, the checker
// that made them, and what does not apply to a run without responses, with the chart of them
// (ClaimCharts). Empty when no run has claims.
#include "core/result.h"

#include <QString>
#include <QStringList>

namespace assay {

class Database;

class ClaimSection {
public:
    // withChart: the metrics' chart inline (SVG) after the table, one per checker.
    static Result<QString> html(Database &db, const QStringList &runs, bool withChart = false);
};

} // namespace assay
