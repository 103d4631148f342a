#pragma once
// What the short-form and adaptive-testing charts draw (docs/METHODS.md §9.15), as ChartData:
// the validation's error of the estimated accuracy (or Kendall's τ of the ranking) against
// the number of items, one line per method; and an adaptive take's θ̂ with its ±SE band
// against the items answered.
#include "analysis/chartdata.h"
#include "irt/irtadaptive.h"

#include <nlohmann/json_fwd.hpp>

namespace assay {

class ShortFormCharts {
public:
    // report: IrtValidationReport::toJson(); tau: Kendall's τ instead of the MAE.
    static ChartData validation(const nlohmann::json &report, bool tau);
    // note (optional): the subtitle instead of the default one (an empty chart's hint).
    static ChartData adaptiveTrace(const QString &taker, const QVector<IrtAdaptiveStep> &steps, const QString &note = {});
};

} // namespace assay
