#pragma once
// The Claims chart (docs/METHODS.md §12): RAGChecker's eleven metrics ×100 as grouped bars, one
// bar per run in each metric's group, with the 95% interval and the items each value covers on
// hover. A metric that does not apply to a run (no response) or is unknown draws no bar and
// says n/a, never 0. The Claims view draws it, its menu exports PNG / SVG / PDF, and the
// report inlines it.
#include "analysis/chartdata.h"
#include "analysis/claimanalysis.h"

namespace assay {

class ClaimCharts {
public:
    // `runs` names each of `figures`; `checker` is said in the subtitle.
    static ChartData metrics(const QVector<ClaimAnalysis::RunFigures> &figures, const QStringList &runs, const QString &checker);
    // The metric's name on the chart's axis: short enough for eleven groups side by side.
    static QString axisLabel(ClaimMetrics::Metric m);
};

} // namespace assay
