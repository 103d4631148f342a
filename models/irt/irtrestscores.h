#pragma once
// The summed-score distribution of an exam without one of its items, for S-X² (docs/METHODS.md
// §9.9): g such that f = g ∗ (1 − p, p), where f is the distribution over all items at one θ
// (scores 0..items) and p the item's probability there; g has the scores 0..items − 1.

namespace assay {

class IrtRestScores {
public:
    // How many items remove() divides out side by side.
    static constexpr int Lanes = 8;

    // The scores of g outside which every g is exactly 0, whatever the item: f is 0 below its
    // first non-zero score L and above its last U, and so is g below L − 1 and above U.
    struct Window {
        int lo = 0, hi = 0;
    };
    static Window windowOf(const double *f, int items);

    // g[l][w.lo..w.hi] for count ≤ Lanes items of probabilities p[l], divided out of f in the
    // direction where the recursion damps its rounding errors: upwards when p ≤ 0.5, downwards
    // otherwise; each the same values, bit for bit, as the whole recursion over every score. The
    // other scores of g[l] are not written: they are 0.
    static void remove(const double *f, Window w, const double *p, double *const *g, int count);
};

} // namespace assay
