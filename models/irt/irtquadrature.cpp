#include "irt/irtquadrature.h"
#include "core/vectorstate.h"

#include "irt/irtcellterms.h"

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>

namespace assay {

namespace {

constexpr double HalfLog2Pi = 0.91893853320467274178;
constexpr double ThetaLimit = 8.0;

} // namespace

IrtQuadrature::IrtQuadrature(int nodes)
{
    std::vector<double> w;
    gaussHermite(nodes, &m_x, &w);
    m_logW.resize(w.size());
    for (size_t k = 0; k < w.size(); ++k)
        m_logW[k] = std::log(w[k]) + m_x[k] * m_x[k];
}

void IrtQuadrature::gaussHermite(int n, std::vector<double> *x, std::vector<double> *w)
{
    // The Jacobi matrix of the Hermite polynomials (weight e^(−x²)): zero diagonal, off
    // diagonal √(k/2). Its eigenvalues are the nodes; the weights are √π times the squared
    // first components of the normalised eigenvectors.
    Eigen::MatrixXd jacobi = Eigen::MatrixXd::Zero(n, n);
    for (int k = 1; k < n; ++k)
        jacobi(k, k - 1) = jacobi(k - 1, k) = std::sqrt(k / 2.0);
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(jacobi);
    x->assign(size_t(n), 0.0);
    w->assign(size_t(n), 0.0);
    const double sqrtPi = std::sqrt(M_PI);
    for (int k = 0; k < n; ++k) {
        (*x)[size_t(k)] = solver.eigenvalues()(k);
        const double v = solver.eigenvectors()(0, k);
        (*w)[size_t(k)] = sqrtPi * v * v;
    }
}

double IrtQuadrature::logProbability(double a, double b, double c, int correct, double theta)
{
    const double z = a * (theta - b);
    // log σ(z) and log σ(−z) = log(1 − σ(z)), without overflow either way.
    const double e = std::exp(-std::abs(z));
    const double l = std::log1p(e);
    const double logSigma = z >= 0 ? -l : z - l;
    const double logOneMinus = z >= 0 ? -z - l : -l;
    if (correct) {
        if (c <= 0)
            return logSigma;
        const double sigma = z >= 0 ? 1.0 / (1.0 + e) : e / (1.0 + e);
        return std::log(c + (1.0 - c) * sigma);
    }
    return (c > 0 ? std::log1p(-c) : 0.0) + logOneMinus;
}

double IrtQuadrature::integrate(const std::vector<IrtCell> &answers, const std::vector<std::array<double, 3>> &params, double *mode, double *theta,
                                double *weights) const
{
    clearUpperVectorState(); // core/vectorstate.h
    // The posterior mode by Fisher scoring on log L(θ) − θ²/2, warm from the last one.
    double mu = std::clamp(*mode, -ThetaLimit, ThetaLimit), information = 1;
    for (int iteration = 0; iteration < 30; ++iteration) {
        double gradient = -mu;
        information = 1;
        for (const IrtCell &cell : answers) {
            const auto &[a, b, c] = params[size_t(cell.index)];
            const double z = a * (mu - b);
            const double sigma = 1.0 / (1.0 + std::exp(-z));
            const double p = c + (1.0 - c) * sigma;
            const double pq = std::max(p * (1.0 - p), 1e-300);
            const double dp = (1.0 - c) * sigma * (1.0 - sigma) * a;
            gradient += (cell.correct - p) / pq * dp;
            information += dp * dp / pq;
        }
        const double step = std::clamp(gradient / information, -1.0, 1.0);
        mu = std::clamp(mu + step, -ThetaLimit, ThetaLimit);
        if (std::abs(step) < 1e-5)
            break;
    }
    *mode = mu;
    const double scale = std::sqrt(2.0 / information); // √2·σ
    const int n = size();
    double top = -INFINITY;
    for (int k = 0; k < n; ++k) {
        const double t = mu + scale * m_x[size_t(k)];
        double lw = std::log(scale) + m_logW[size_t(k)] - 0.5 * t * t - HalfLog2Pi;
        // Π P(y | t) as a running product whose binary exponent is taken out before it can
        // underflow: one exp per answer instead of a log; a factor too small for a double
        // joins in log space.
        double product = 1;
        int exponent = 0;
        for (const IrtCell &cell : answers) {
            const auto &[a, b, c] = params[size_t(cell.index)];
            const IrtCellTerms terms(a, b, c, t);
            const double factor = cell.correct ? terms.p1 : terms.p0;
            if (factor < 1e-280) {
                lw += logProbability(a, b, c, cell.correct, t);
                continue;
            }
            product *= factor;
            if (product < 1e-280) {
                int taken = 0;
                product = std::frexp(product, &taken);
                exponent += taken;
            }
        }
        lw += std::log(product) + exponent * M_LN2;
        theta[k] = t;
        weights[k] = lw;
        top = std::max(top, lw);
    }
    double sum = 0;
    for (int k = 0; k < n; ++k)
        sum += (weights[k] = std::exp(weights[k] - top));
    for (int k = 0; k < n; ++k)
        weights[k] /= sum;
    return top + std::log(sum);
}

} // namespace assay
