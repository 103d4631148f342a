#pragma once
// Damped Newton steps on the marginal −log-likelihood of the item parameters, for the 2PL
// and 3PL (docs/METHODS.md §9.7). The EM's M-step holds the posteriors of θ still, so it
// crawls wherever they carry much of the information (the 3PL's c against a and b, the
// scale); Newton moves against the marginal likelihood itself. Its Hessian is Louis's:
// per item the complete-data Fisher information, minus per student the posterior
// covariance of the items' score, taken as rank one (the score's regression on θ over the
// student's nodes). A block-diagonal matrix minus a sum of rank-one terms is solved by
// Woodbury over the students when they are fewer than the free parameters, else densely
// over the parameters, so a step costs a few passes over the answers either way.
// Levenberg–Marquardt damping keeps each step a descent; a step is kept only when the
// quadrature's −log L falls.
#include "irt/irtmarginalengine.h"

namespace assay {

class IrtMarginalNewton {
public:
    explicit IrtMarginalNewton(IrtMarginalEngine &engine) : m_engine(engine) {}
    // From *x, with the engine's posteriors of an E-step at *x: one step. True when it
    // lowered the −log L (x and the posteriors moved there); false when no damping up to its
    // cap found a lower point (nothing moved).
    bool step(IrtMarginalEngine::Params *x);

private:
    IrtMarginalEngine &m_engine;
    double m_lambda = 1e-4; // Marquardt's damping, relative to the information's diagonal
};

} // namespace assay
