#pragma once
// The JSON of `assay-cli irt fit --json`: the final fit at the top (model, nll, converged,
// iterations, seconds, items with a, b, c and their RMSE diagnostics, students' θ, factor
// levels relative to each factor's first level) and every improvement step with what it
// dropped and its test-information curve.
#include "irt/irtimprovement.h"

#include <nlohmann/json.hpp>

namespace assay {

class IrtJson {
public:
    static nlohmann::json fit(const IrtFit &fit);
    static nlohmann::json steps(const QVector<IrtStep> &steps, const std::vector<double> &grid);
};

} // namespace assay
