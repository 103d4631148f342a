#include "irt/irtrestscores.h"

#include <algorithm>
#include <cstddef>

namespace assay {

namespace {

// One recursion. Each step waits on the one before, so one chain keeps the processor mostly
// idle: remove() runs Lanes of them side by side, each with exactly the operations it would
// have alone.
struct Chain {
    const double *f = nullptr; // where the recursion reads f: f[lo] upwards, f[hi + 1] downwards
    double *g = nullptr;       // where it writes g: g[lo] upwards, g[hi] downwards
    std::ptrdiff_t step = 1;   // +1 upwards, −1 downwards
    double keep = 0, inverse = 0;
};

// Upwards g[t] = (f[t] − p·g[t − 1])/(1 − p): 0 for t < L, and from U + 1 on max(0, −p·g[U]/
// (1 − p)) = 0. Downwards g[j] = (f[j + 1] − (1 − p)·g[j + 1])/p: 0 for j ≥ U and, the same way,
// for j < L − 1. A chain started at the window's first score (upwards) or last (downwards) with
// f/(1 − p) or f/p there computes what the whole chain would, as the g before it is 0.
Chain chainFor(const double *f, double p, double *g, IrtRestScores::Window w)
{
    if (p <= 0.5)
        return {f + w.lo, g + w.lo, 1, p, 1 / (1 - p)};
    return {f + w.hi + 1, g + w.hi, -1, 1 - p, 1 / p};
}

} // namespace

IrtRestScores::Window IrtRestScores::windowOf(const double *f, int items)
{
    int first = 0, last = items;
    while (first < items && f[first] == 0)
        ++first;
    while (last > first && f[last] == 0)
        --last;
    return {std::max(first - 1, 0), std::min(last, items - 1)};
}

void IrtRestScores::remove(const double *f, Window w, const double *p, double *const *g, int count)
{
    Chain c[Lanes];
    for (int l = 0; l < count; ++l)
        c[l] = chainFor(f, p[l], g[l], w);
    for (int l = count; l < Lanes; ++l)
        c[l] = c[0]; // a short group: the spare lanes redo the first chain (same values, same place)
    for (Chain &x : c)
        x.g[0] = x.f[0] * x.inverse;
    for (int t = 1; t <= w.hi - w.lo; ++t) {
        for (Chain &x : c) {
            const std::ptrdiff_t at = x.step * t;
            x.g[at] = std::max(0.0, (x.f[at] - x.keep * x.g[at - x.step]) * x.inverse);
        }
    }
}

} // namespace assay
