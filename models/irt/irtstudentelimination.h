#pragma once
// The damped Newton system of a flat model solved from the other side (docs/METHODS.md §9.2):
// given the items, the students' abilities are independent, so their block of the Hessian is
// diagonal and eliminating them leaves a Schur complement over the item parameters
// (items·p × items·p) instead of one over the students. IrtNewton picks whichever side is
// smaller, so a step costs time linear in the larger dimension: a wide exam (few students,
// many items) eliminates the items, a tall calibration panel (many students) the students.
#include "irt/irtlayout.h"

#include <Eigen/Core>

#include <vector>

namespace assay {

class IrtStudentElimination {
public:
    // The Hessian's blocks at one point (IrtNewton::Assembly's): gradient, item blocks
    // (items × p × p), cross terms ((items·p) × students) and the abilities' diagonal;
    // generation identifies the assembly, for the cache below.
    struct Blocks {
        const std::vector<double> &g;
        const std::vector<double> &itemH;
        const Eigen::MatrixXd &cross;
        const Eigen::VectorXd &abilityDiagonal;
        quint64 generation;
    };
    // Kept between calls: a rejected step retries with more damping on the same blocks, and
    // when every free student's curvature is positive the students' part of the Schur
    // complement only scales by 1/(1 + λ), so its Gram matrix is reused.
    struct Workspace {
        Eigen::MatrixXd scaled;   // the free rows of the cross terms, scaled by D^(−1/2)
        Eigen::MatrixXd gram;     // their Gram at λ = 0, when reusable
        std::vector<int> freeRows;
        std::vector<char> fixed;  // the held set it was made for
        quint64 generation = 0;
        bool reusable = false;
    };
    // Whether eliminating the students is the cheaper way for this layout: flat, and the
    // dense item system smaller than the students' one.
    static bool preferred(const IrtLayout &layout, int students);
    // Solves (H + λ·diag(max(|h|, 1e-6))) d = −g on the free variables (held ones: d = 0,
    // the caller steps them). False when the damped system is not positive definite even
    // after extra damping.
    static bool solve(const Blocks &blocks, const IrtLayout &layout, double lambda, const std::vector<char> &fixed, Workspace &work, Eigen::VectorXd *step);
};

} // namespace assay
