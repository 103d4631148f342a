#pragma once
// The gauge of a flat joint fit: θ → sθ + t, b → sb + t, a → a/s leaves every cell's
// probability as it was, so the likelihood is flat along this curve except where the box
// holds a variable (a θ of a student who answered everything right, pressed against its
// bound, or an a against its own). There the optimum lies far along a curved valley that
// Newton's steps follow only in short tangents (dozens of steps on a tall matrix, each a
// pass over it). IrtGauge walks the valley itself: a search over (log s, t) moving the free
// variables exactly along the gauge and keeping the held ones in place. See
// docs/METHODS.md §9.16.
#include "irt/irtlayout.h"

#include <vector>

namespace assay {

class IrtGauge {
public:
    // Moves x (in place) to the best point found along the gauge, variables marked in held
    // staying where they are and every other one clipped to its box; returns the gain in
    // −log-likelihood (0 when no move gains). Flat models only (a hierarchical θ is a sum
    // of levels); the scale only when items have an a. Each trial costs one likelihood pass.
    static double search(const IrtData &data, const IrtLayout &layout, const double *lower, const double *upper, const std::vector<char> &held,
                         double *x, double nll);

    // The point x moved by (log s, t) along the gauge, into out.
    static void move(const IrtLayout &layout, const double *lower, const double *upper, const std::vector<char> &held, const double *x, double logScale,
                     double shift, double *out);
};

} // namespace assay
