#include "irt/irtformcalibration.h"

#include <algorithm>
#include <cmath>

namespace assay {

IrtFormCalibration IrtFormCalibration::fit(const QVector<double> &expected, const QVector<double> &observed)
{
    IrtFormCalibration c;
    const int n = int(std::min(expected.size(), observed.size()));
    if (n < 5)
        return c;
    double mx = 0, my = 0;
    for (int i = 0; i < n; ++i)
        mx += expected[i] / n, my += observed[i] / n;
    double sxx = 0, sxy = 0;
    for (int i = 0; i < n; ++i)
        sxx += (expected[i] - mx) * (expected[i] - mx), sxy += (expected[i] - mx) * (observed[i] - my);
    if (sxx < 1e-12)
        return c;
    c.slope = sxy / sxx;
    c.intercept = my - c.slope * mx;
    c.takers = n;
    double squares = 0;
    for (int i = 0; i < n; ++i)
        squares += (observed[i] - c.intercept - c.slope * expected[i]) * (observed[i] - c.intercept - c.slope * expected[i]);
    c.residualSd = std::sqrt(squares / (n - 2));
    return c;
}

double IrtFormCalibration::apply(double expected) const { return std::clamp(intercept + slope * expected, 0.0, 1.0); }

} // namespace assay
