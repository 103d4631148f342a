#pragma once
// A regression gate on any registered metric (docs/METHODS.md §13.3), `gate --metric NAME` and
// Analysis → Gate: both runs' values of the metric, paired by item identity (by key for older
// runs), compared by RegressionGate resampling semantic groups. An item failed in either run,
// or whose value is unknown in either (an unread verdict or check, an item the checker left
// out), is never a loss: it is counted, and above --max-errors of the shared items the verdict
// is error. For a metric where lower is better (hallucination, noise sensitivity) the gate
// compares 1 − value, so a rise is a drop. The change is put down to the metric's module
// (retriever, generator or overall), and both runs' values are kept in the project
// (metric_value) as the verdict's evidence.
#include "analysis/gatecomparison.h"

namespace assay {

class Metric;

class MetricGate {
public:
    static Result<GateReport> compare(Database &db, const QString &run, const QString &baseline, const Metric &metric, const GateComparison::Options &options,
                                      const QString &checker = {});
};

} // namespace assay
