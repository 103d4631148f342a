#pragma once
// The report's "All metrics" section and the metrics plot (docs/METHODS.md §13): every
// registered metric for each analysed run — value ×100 with its 95% interval and coverage —,
// the metrics no run has values for with the reason, and the metrics chart (MetricCharts),
// which `export plots` writes too. The list comes from MetricRegistry.
#include "analysis/chartdata.h"
#include "analysis/metricevaluator.h"
#include "analysis/runanalysis.h"

namespace assay {

class MetricSection {
public:
    // Every registered metric on each analysed run (its judge as analysed).
    static Result<QVector<MetricEvaluator::RunValues>> values(Database &db, const QVector<RunAnalysis> &analyses);
    static ChartData chart(const QVector<MetricEvaluator::RunValues> &values, const QVector<RunAnalysis> &analyses);
    // withChart: the chart inline (SVG) after the table.
    static QString html(const QVector<MetricEvaluator::RunValues> &values, const QVector<RunAnalysis> &analyses, bool withChart);
};

} // namespace assay
