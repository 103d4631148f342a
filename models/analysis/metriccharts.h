#pragma once
// The metrics chart (docs/METHODS.md §13): every registered metric drawn as bars (Metric::chart)
// ×100, one bar per run in each metric's group, with the 95% interval and the items each value
// covers on hover; a metric a run has no value for draws no bar (n/a, never 0), and the
// subtitle says why. The Analysis page's Compare → All metrics view draws it, `export plots`
// writes it and the report inlines it.
#include "analysis/chartdata.h"
#include "analysis/metricevaluator.h"

namespace assay {

class MetricCharts {
public:
    // `runs` names each of `values`; only the metrics drawn as bars that some run has a value for.
    static ChartData metrics(const QVector<MetricEvaluator::RunValues> &values, const QStringList &runs, const QVector<const Metric *> &metrics);
};

} // namespace assay
