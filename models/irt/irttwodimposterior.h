#pragma once
// One student's posterior under the two-dimensional compensatory 2PL (IrtTwoDimensional,
// docs/METHODS.md §9.18), integrated by adaptive Gauss–Hermite quadrature in two dimensions:
// the mode μ of log L(θ) − |θ|²/2 by Newton steps (the log-posterior is concave), the
// posterior covariance Σ = (−∇² log posterior)⁻¹ at μ with its Cholesky factor L, and the
// product rule's nodes g moved to θ = μ + √2·L·g. Then
//   ∫ L(θ) φ₂(θ) dθ ≈ 2·|L| · Σ_k W_k e^{|g_k|²} L(θ_k) φ₂(θ_k),
// and the posterior weights are the terms of that sum, normalised.
#include "irt/irtquadrature.h"

#include <vector>

namespace assay {

class IrtTwoDimPosterior {
public:
    // n nodes per dimension (n² in all).
    explicit IrtTwoDimPosterior(int n);
    int size() const { return int(m_g1.size()); }

    // Items' slopes and intercepts by index (a1[j], a2[j], d[j]). The mode is searched from
    // mode[0..2) and written back; the nodes go to t1/t2[0..size) and their posterior weights
    // (summing to 1) to w[0..size). Returns log ∫ L(θ) φ₂(θ) dθ.
    double integrate(const std::vector<IrtCell> &answers, const double *a1, const double *a2, const double *d, double *mode, double *t1, double *t2,
                     double *w) const;

    // log P(y | z) of the logistic model, stable for large |z|.
    static double logProbability(int correct, double z);

private:
    std::vector<double> m_g1, m_g2, m_logW; // product nodes; log(W_k) + |g_k|²
};

} // namespace assay
