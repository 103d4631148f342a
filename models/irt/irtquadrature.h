#pragma once
// Adaptive Gauss–Hermite quadrature of one student's marginal likelihood under θ ~ N(0, 1):
// ∫ Π_j P_j(θ)^y (1 − P_j(θ))^(1−y) φ(θ) dθ. The nodes sit around the student's posterior
// mode μ, spread by the posterior scale σ = 1/√(1 + Σ I_j(μ)) (μ + √2·σ·x_k), so that a
// few of them integrate a posterior that many items make narrow as well as a broad one — a
// fixed grid would miss a peak narrower than its spacing. The marginal-ML fitter
// (IrtMarginal) takes the nodes and their posterior weights as its E-step.
#include <QtGlobal>

#include <array>
#include <vector>

namespace assay {

// One answered cell: the item (or student) it belongs to and the 0/1 answer.
struct IrtCell {
    int index;
    qint8 correct;
};

class IrtQuadrature {
public:
    explicit IrtQuadrature(int nodes);
    int size() const { return int(m_x.size()); }

    // The posterior mode is searched from *mode (Fisher scoring) and written back; the nodes
    // and their posterior weights (summing to 1) go to theta[0..size) and weights[0..size).
    // Returns log ∫ L(θ) φ(θ) dθ. params[j] = {a, b, c} of item j.
    double integrate(const std::vector<IrtCell> &answers, const std::vector<std::array<double, 3>> &params, double *mode, double *theta,
                     double *weights) const;

    // Nodes and weights of the n-point Gauss–Hermite rule for ∫ f(x)·e^(−x²) dx (Golub–Welsch).
    static void gaussHermite(int n, std::vector<double> *x, std::vector<double> *w);
    // log P(y | θ) of the 3PL, stable for large |a(θ − b)|.
    static double logProbability(double a, double b, double c, int correct, double theta);

private:
    std::vector<double> m_x, m_logW; // nodes; log w_k + x_k² (the rule's weight over e^(−x²))
};

} // namespace assay
