#pragma once
// The few distribution functions the fit statistics need: the χ² upper tail (from the
// regularised incomplete gamma function: series below a + 1, Lentz's continued fraction
// above), Benjamini–Hochberg adjusted p-values, and the Gauss–Hermite-like grid over a
// normal ability distribution that summed-score statistics integrate on.
#include <vector>

namespace assay {

class IrtStatistics {
public:
    // P(X ≥ x) for X ~ χ²(df); NaN for df ≤ 0.
    static double chiSquareSurvival(double x, double df);
    // Q(a, x) = Γ(a, x) / Γ(a).
    static double upperGamma(double a, double x);
    // Benjamini–Hochberg step-up adjusted p-values (NaN entries stay NaN and are not counted).
    static std::vector<double> benjaminiHochberg(const std::vector<double> &p);
    // points nodes evenly spaced over mean ± 5 SD with normalised normal-density weights.
    static void normalGrid(double mean, double sd, int points, std::vector<double> *nodes, std::vector<double> *weights);
};

} // namespace assay
