#include "irt/irttwodimposterior.h"

#include <algorithm>
#include <cmath>

namespace assay {

namespace {

constexpr double kLog2Pi = 1.8378770664093453;
constexpr double kModeLimit = 8; // a student who got everything right still has a finite mode (the prior), kept in reach

} // namespace

IrtTwoDimPosterior::IrtTwoDimPosterior(int n)
{
    std::vector<double> x, w;
    IrtQuadrature::gaussHermite(std::max(n, 1), &x, &w);
    for (size_t i = 0; i < x.size(); ++i)
        for (size_t j = 0; j < x.size(); ++j) {
            m_g1.push_back(x[i]);
            m_g2.push_back(x[j]);
            m_logW.push_back(std::log(w[i]) + std::log(w[j]) + x[i] * x[i] + x[j] * x[j]);
        }
}

double IrtTwoDimPosterior::logProbability(int correct, double z)
{
    const double s = correct ? z : -z; // log σ(s)
    return s >= 0 ? -std::log1p(std::exp(-s)) : s - std::log1p(std::exp(s));
}

double IrtTwoDimPosterior::integrate(const std::vector<IrtCell> &answers, const double *a1, const double *a2, const double *d, double *mode, double *t1,
                                     double *t2, double *w) const
{
    const auto logPosterior = [&](double x, double y) {
        double f = -0.5 * (x * x + y * y);
        for (const IrtCell &c : answers)
            f += logProbability(c.correct, a1[c.index] * x + a2[c.index] * y + d[c.index]);
        return f;
    };
    // The negative Hessian H and the gradient g at (x, y).
    struct Curvature {
        double g0, g1, h00, h01, h11;
    };
    const auto curvature = [&](double x, double y) {
        Curvature c{-x, -y, 1, 0, 1};
        for (const IrtCell &cell : answers) {
            const int j = cell.index;
            const double p = 1 / (1 + std::exp(-(a1[j] * x + a2[j] * y + d[j])));
            const double r = cell.correct - p, v = p * (1 - p);
            c.g0 += r * a1[j];
            c.g1 += r * a2[j];
            c.h00 += v * a1[j] * a1[j];
            c.h01 += v * a1[j] * a2[j];
            c.h11 += v * a2[j] * a2[j];
        }
        return c;
    };
    double m0 = std::clamp(mode[0], -kModeLimit, kModeLimit), m1 = std::clamp(mode[1], -kModeLimit, kModeLimit);
    double f = logPosterior(m0, m1);
    Curvature c = curvature(m0, m1);
    for (int it = 0; it < 40; ++it) {
        const double det = c.h00 * c.h11 - c.h01 * c.h01;
        const double s0 = (c.h11 * c.g0 - c.h01 * c.g1) / det, s1 = (c.h00 * c.g1 - c.h01 * c.g0) / det;
        double step = 1;
        bool moved = false;
        for (int halving = 0; halving < 30; ++halving, step *= 0.5) {
            const double x = std::clamp(m0 + step * s0, -kModeLimit, kModeLimit), y = std::clamp(m1 + step * s1, -kModeLimit, kModeLimit);
            const double nf = logPosterior(x, y);
            if (nf >= f) {
                moved = std::abs(x - m0) + std::abs(y - m1) > 0;
                m0 = x, m1 = y, f = nf;
                break;
            }
        }
        c = curvature(m0, m1);
        if (!moved || std::abs(step * s0) + std::abs(step * s1) < 1e-9)
            break;
    }
    mode[0] = m0, mode[1] = m1;
    // Σ = H⁻¹ and its Cholesky factor.
    const double det = c.h00 * c.h11 - c.h01 * c.h01;
    const double c00 = c.h11 / det, c01 = -c.h01 / det, c11 = c.h00 / det;
    const double l00 = std::sqrt(c00), l10 = c01 / l00, l11 = std::sqrt(std::max(c11 - l10 * l10, 1e-300));
    const int n = size();
    double top = -1e300;
    for (int k = 0; k < n; ++k) {
        t1[k] = m0 + M_SQRT2 * l00 * m_g1[size_t(k)];
        t2[k] = m1 + M_SQRT2 * (l10 * m_g1[size_t(k)] + l11 * m_g2[size_t(k)]);
        w[k] = m_logW[size_t(k)] + logPosterior(t1[k], t2[k]);
        top = std::max(top, w[k]);
    }
    double sum = 0;
    for (int k = 0; k < n; ++k)
        sum += (w[k] = std::exp(w[k] - top));
    for (int k = 0; k < n; ++k)
        w[k] /= sum;
    return std::log(2 * l00 * l11) - kLog2Pi + top + std::log(sum);
}

} // namespace assay
