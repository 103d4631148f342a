#pragma once
// The 3PL's terms for one answer at one ability, shared by the marginal fit's M-step and its
// Newton steps (docs/METHODS.md §9.7): z = a(θ − b), σ(z) and 1 − σ(z) without overflow
// either way, P = c + (1 − c)σ, 1 − P, and the slope (1 − c)σ(1 − σ) of P in z.
#include <cmath>

namespace assay {

struct IrtCellTerms {
    double d;        // θ − b
    double sigma;    // σ(z)
    double oneMinus; // 1 − σ(z)
    double p1;       // P(correct)
    double p0;       // 1 − P
    double ds;       // (1 − c)σ(1 − σ)

    IrtCellTerms(double a, double b, double c, double theta)
    {
        d = theta - b;
        const double z = a * d, e = std::exp(-std::abs(z));
        sigma = z >= 0 ? 1.0 / (1.0 + e) : e / (1.0 + e);
        oneMinus = z >= 0 ? e / (1.0 + e) : 1.0 / (1.0 + e);
        p1 = c + (1.0 - c) * sigma;
        p0 = (1.0 - c) * oneMinus;
        ds = (1.0 - c) * sigma * oneMinus;
    }
};

} // namespace assay
