#pragma once
// Standard errors from the observed information at a fitted optimum: the exact Hessian of
// −log-likelihood (IrtNewton's blocks), items eliminated per block so that only a matrix as
// large as the abilities is inverted (a tall flat matrix: the students eliminated instead). A parameter held on a bound of its box is not free,
// so it gets no standard error (NaN) and is flagged instead. The θ scale of a joint fit is
// fixed by convention (mean 0, and SD 1 once a is free), not by the likelihood: those
// directions are projected out of the abilities' block before its pseudo-inverse, so the
// errors are those of the standardised solution the fitter reports.
#include "irt/irtfitter.h"
#include "irt/irtlayout.h"
#include "irt/irtnewton.h"

#include <Eigen/Core>

#include <vector>

namespace assay {

struct IrtCovarianceResult {
    std::vector<double> se;      // per parameter (IrtLayout order); NaN when not estimable
    std::vector<char> onBound;   // per parameter: held on a bound
    Eigen::MatrixXd abilities;   // covariance of the abilities (students, or factor levels); empty when the students were eliminated
    std::vector<Eigen::MatrixXd> items; // per item: the covariance of its parameters (p × p)
    std::vector<double> studentSe; // per student: SE of θ (hierarchical: of the sum of their levels)
};

class IrtCovariance {
public:
    // x: the optimum; lower/upper: the box. gauge: whether the fit standardised θ (default
    // bounds) — then the location (and with a free, the scale) of θ is not estimated.
    static IrtCovarianceResult compute(const IrtData &data, const IrtLayout &layout, const double *x, const double *lower,
                                       const double *upper, bool gauge);
    // Computes the errors and writes them into the fit: items' se_a/b/c and onBound, the
    // students' SE of θ, the factor levels' SE relative to their factor's first level, and
    // the count of parameters on a bound. Skipped (NaN) when the Hessian's cross terms do not
    // fit in memory (IrtNewton::feasible).
    static void attach(const IrtData &data, const IrtLayout &layout, const double *x, const double *lower, const double *upper,
                       bool gauge, IrtFit *fit);
private:
    // A tall flat matrix (IrtStudentElimination::preferred): the students eliminated instead,
    // the gauge as constraints (a bordered system), so the cost is linear in the students.
    static void byStudents(const IrtLayout &layout, const IrtNewton::Assembly &a, const double *x, bool gauge, IrtCovarianceResult &r);

public:
    // Whether x sits on (within a millionth of the box's width from) a bound.
    static bool atBound(double x, double lower, double upper);
};

} // namespace assay
