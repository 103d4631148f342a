#include "irt/irtstatistics.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace assay {

double IrtStatistics::upperGamma(double a, double x)
{
    if (x <= 0)
        return 1.0;
    const double logPrefix = a * std::log(x) - x - std::lgamma(a);
    if (x < a + 1) {
        // P(a, x) = e^{−x} x^a / Γ(a) · Σ x^n / (a (a+1) … (a+n)).
        double term = 1.0 / a, sum = term;
        for (int n = 1; n < 1000; ++n) {
            term *= x / (a + n);
            sum += term;
            if (std::abs(term) < std::abs(sum) * 1e-15)
                break;
        }
        return std::clamp(1.0 - sum * std::exp(logPrefix), 0.0, 1.0);
    }
    // Q(a, x) as a continued fraction (modified Lentz).
    const double tiny = 1e-300;
    double b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d;
    for (int i = 1; i < 1000; ++i) {
        const double an = -i * (i - a);
        b += 2;
        d = an * d + b;
        if (std::abs(d) < tiny)
            d = tiny;
        c = b + an / c;
        if (std::abs(c) < tiny)
            c = tiny;
        d = 1 / d;
        const double delta = d * c;
        h *= delta;
        if (std::abs(delta - 1) < 1e-15)
            break;
    }
    return std::clamp(std::exp(logPrefix) * h, 0.0, 1.0);
}

double IrtStatistics::chiSquareSurvival(double x, double df)
{
    if (!(df > 0) || !std::isfinite(x))
        return std::numeric_limits<double>::quiet_NaN();
    return upperGamma(df / 2, std::max(x, 0.0) / 2);
}

std::vector<double> IrtStatistics::benjaminiHochberg(const std::vector<double> &p)
{
    std::vector<size_t> order;
    for (size_t k = 0; k < p.size(); ++k)
        if (std::isfinite(p[k]))
            order.push_back(k);
    std::sort(order.begin(), order.end(), [&](size_t l, size_t r) { return p[l] < p[r]; });
    std::vector<double> adjusted(p.size(), std::numeric_limits<double>::quiet_NaN());
    const double m = double(order.size());
    double running = 1.0;
    for (size_t r = order.size(); r-- > 0;) {
        running = std::min(running, p[order[r]] * m / double(r + 1));
        adjusted[order[r]] = std::min(running, 1.0);
    }
    return adjusted;
}

void IrtStatistics::normalGrid(double mean, double sd, int points, std::vector<double> *nodes, std::vector<double> *weights)
{
    nodes->assign(size_t(points), 0.0);
    weights->assign(size_t(points), 0.0);
    double total = 0;
    for (int q = 0; q < points; ++q) {
        const double z = -5.0 + 10.0 * q / (points - 1);
        (*nodes)[size_t(q)] = mean + sd * z;
        total += (*weights)[size_t(q)] = std::exp(-0.5 * z * z);
    }
    for (double &w : *weights)
        w /= total;
}

} // namespace assay
