#pragma once
// Damped Newton steps on the marginal −log-likelihood of the item parameters, for the 1PL,
// 2PL and 3PL (docs/METHODS.md §9.7). The EM's M-step holds the posteriors of θ still, so it
// crawls wherever they carry much of the information (the 3PL's c against a and b, the
// scale); Newton moves against the marginal likelihood itself. Its Hessian is Louis's: per
// item the complete-data observed information (the expected one for an item where the
// observed is not positive definite), minus per student the posterior covariance of the
// items' score, taken as rank one (the score's regression on θ over the student's nodes).
// A block-diagonal matrix (an arrow for the 1PL's common a) minus a sum of rank-one terms is
// solved by Woodbury over the students when they are fewer than the free parameters, else
// densely over the parameters, so a step costs a few passes over the answers either way.
// A parameter the step would carry past its bound is pinned there and the rest solved again.
// Levenberg–Marquardt damping keeps each step a descent; a step is kept only when the
// quadrature's −log L falls.
#include "irt/irtmarginalengine.h"

#include <Eigen/Dense>

#include <vector>

namespace assay {

class IrtMarginalNewton {
public:
    explicit IrtMarginalNewton(IrtMarginalEngine &engine) : m_engine(engine) {}
    // From *x, with the engine's posteriors of an E-step at *x: one step. True when it
    // lowered the −log L (x and the posteriors moved there); false when no damping up to its
    // cap found a lower point (nothing moved).
    bool step(IrtMarginalEngine::Params *x);
    double lambda() const { return m_lambda; }

private:
    // What a step's solves share: the point, per item its moments, and per item and
    // parameter (row 3j + u) the score's projections, `width` (students × rank) long.
    struct System {
        const IrtMarginalEngine::Params *x = nullptr;
        const std::vector<IrtMarginalEngine::Moments> *moments = nullptr;
        const std::vector<double> *scores = nullptr;
        size_t width = 0;
    };
    // Per student, `rank` functions of θ orthonormal under its posterior weights and to the
    // constant (centred powers of θ by Gram–Schmidt over its nodes).
    std::vector<double> basis(int rank) const;
    // The damped Newton step over the parameters neither pinned nor held on a bound; rowOf
    // gives each (3j + u) its row in *delta or −1. False when the damped matrix is not
    // positive definite.
    bool solve(const System &system, const std::vector<char> &pinned, Eigen::VectorXd *delta, std::vector<int> *rowOf);

    using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    // Functions of θ per student in the score's covariance. 1 (the score's regression on θ)
    // measured best: 2 or 4 took as many steps on a 100 × 1,000 3PL, each dearer.
    static constexpr int Rank = 1;
    IrtMarginalEngine &m_engine;
    // Workspaces kept from step to step (a fresh one each time pays its page faults).
    std::vector<double> m_scores;
    RowMatrix m_roots, m_z;
    Eigen::MatrixXd m_inner;
    double m_lambda = 1e-4; // Marquardt's damping, relative to the information's diagonal
};

} // namespace assay
