#pragma once
// Newton's method on the whole joint likelihood, the way bundle adjustment solves cameras
// and points: the exact Hessian of −log-likelihood has one small (≤ 3 × 3) block per item,
// one block for the abilities (students, or factor levels) and the item × ability cross
// terms. Eliminating the items leaves a Schur complement as small as the number of
// abilities (100 × 100 for 100 students, 13 × 13 for 7 + 3 + 3 levels), so one step costs
// about two passes over the matrix whatever the number of items; a flat model with more
// students than item parameters eliminates the students instead (IrtStudentElimination). Box bounds: variables
// pressed against a bound by the gradient are held (Bertsekas' projected Newton), the step
// is clipped to the box, and Levenberg–Marquardt damping keeps the step a descent where
// the likelihood is not convex (3PL) or not identified (the θ scale, the split between
// factors). Near the optimum the steps converge quadratically, where first-order methods
// crawl along the weakly identified directions.
#include "irt/irtlayout.h"
#include "irt/irtstudentelimination.h"

#include <Eigen/Core>

#include <functional>
#include <vector>

namespace assay {

class IrtNewton {
public:
    IrtNewton(const IrtData &data, const IrtLayout &layout, const double *lower, const double *upper);

    // Whether the dense cross terms (parameters per item × items × abilities) fit the memory
    // budget; when they do not, the caller keeps to first-order methods.
    static bool feasible(const IrtData &data, const IrtLayout &layout);

    struct Outcome {
        int iterations = 0;
        double nll = 0;
        double projectedGradient = 0;
        bool cancelled = false;
        bool stalled = false; // stopped because no step gained any more (the arithmetic's limit near an optimum)
    };
    // Steps from x (in place) until the projected gradient's largest component is at most
    // tolerance, no step gains any more, or maxIterations.
    Outcome minimize(double *x, double tolerance, int maxIterations, const std::function<bool()> &cancelled);

    // The dense Hessian of −log-likelihood at x, from the blocks a step uses (tests).
    Eigen::MatrixXd hessian(const double *x);

    // The largest component of x − clip(x − g): the convergence measure of a box-bounded fit.
    static double projectedGradient(const double *x, const double *g, const double *lower, const double *upper, int n);

    // Gradient and Hessian blocks at x, and the −log-likelihood when withNll.
    struct Assembly {
        std::vector<double> g;        // gradient
        std::vector<double> itemH;    // items × p × p
        std::vector<double> studentH; // ∂²/∂θ_s², per student
        Eigen::MatrixXd cross;        // (items·p) × students: ∂²/∂item ∂θ_s
        Eigen::MatrixXd abilityH;     // abilities × abilities (empty when IrtStudentElimination is preferred)
        Eigen::VectorXd abilityDiagonal; // its diagonal, always
        quint64 generation = 0;          // counts the assemblies into this buffer (cached work keys on it)
        Eigen::MatrixXd crossAbility; // hierarchical: cross summed per level (flat: cross itself)
        // The cross terms in ability space: (items·p) × abilities.
        const Eigen::MatrixXd &crossTerms(const IrtLayout &layout) const { return layout.studentLevels.isEmpty() ? cross : crossAbility; }
    };
    // The blocks at x (the item blocks symmetric, the prior's curvature included), for the
    // observed information (IrtCovariance).
    const Assembly &assembleAt(const double *x);

private:
    long double assemble(const double *x, bool withNll, Assembly &out);
    long double assembleRows(const double *x, bool withNll, int from, int to, double *g, double *itemHessian, double *thetaHessian, Eigen::MatrixXd &crossTerms);
    // The damped Newton step on the free variables; false when the damped system is not
    // positive definite.
    bool solve(const double *x, double lambda, const std::vector<char> &fixed, Eigen::VectorXd *step, double *predicted);
    // Steps the held variables and predicts the decrease, after either elimination.
    bool finishStep(const double *x, double lambda, const std::vector<char> &fixed, Eigen::VectorXd *step, double *predicted) const;

    const IrtData &m_data;
    const IrtLayout &m_layout;
    const double *m_lower;
    const double *m_upper;
    int m_students = 0;
    int m_p = 0; // parameters per item
    // At x and at the trial point; a rejected trial costs no reassembly at x.
    Assembly m_buffers[2];
    int m_current = 0;
    std::vector<double> m_itemA, m_itemB, m_itemC, m_itemInvQ; // the point being assembled, per item
    Eigen::MatrixXd m_work;        // the cross terms, being eliminated
    IrtStudentElimination::Workspace m_studentWork;
    quint64 m_assemblies = 0;
    std::vector<double> m_factors; // per item, the packed Cholesky factor of its damped block
};

} // namespace assay
