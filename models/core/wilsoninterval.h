#pragma once
// The Wilson score interval of a proportion (95% by default): used wherever Assay reports a
// share of verdicts — judge agreement, bias probes, spot-checked link tiers (docs/METHODS.md).
#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <utility>

namespace assay {

inline std::pair<double, double> wilsonInterval(qint64 successes, qint64 trials, double z = 1.959963984540054)
{
    if (trials <= 0)
        return {0, 0};
    const double n = double(trials), p = double(successes) / n, z2 = z * z;
    const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

} // namespace assay
