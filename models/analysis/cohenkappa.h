#pragma once
// Agreement beyond chance between two raters of the same items (Cohen's κ), and among many
// ratings of each item (Fleiss' κ), with 95% Wald intervals (docs/METHODS.md §5.9).
#include <QVector>

#include <optional>

namespace assay {

struct KappaEstimate {
    qint64 n = 0;
    double observed = 0; // share of items the raters agree on
    double expected = 0; // agreement expected by chance from each rater's shares
    std::optional<double> kappa, low, high; // none: n = 0, or chance agreement is certain
};

class CohenKappa {
public:
    // From the 2×2 table of two raters: both correct, first only, second only, both incorrect.
    // SE = √(p_o(1 − p_o) / n) / (1 − p_e) (Cohen 1960); at p_o = 0 or 1, p_o = (a + ½)/(n + 1)
    // in the SE, so that the interval never has zero width.
    static KappaEstimate of(qint64 both, qint64 firstOnly, qint64 secondOnly, qint64 neither, double z = 1.959963984540054);
    // Fleiss' κ of items each rated `ratings[i]` times with `correct[i]` "correct" ratings;
    // items with fewer than two ratings are left out. SE under no agreement beyond chance
    // (Fleiss, Nee & Landis 1979) for a binary rating.
    static KappaEstimate fleiss(const QVector<int> &correct, const QVector<int> &ratings, double z = 1.959963984540054);
    // p ± z·√(p(1 − p)/n), clipped to [0, 1].
    static std::pair<double, double> wald(double p, qint64 n, double z = 1.959963984540054);
};

} // namespace assay
