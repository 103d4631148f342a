#pragma once
// Item and person fit of a fitted model (the statistics mirt and IRTPRO report):
// - Orlando & Thissen's S-X² per item: within each summed-score group, the observed share
//   correct against the model's, the expectation taken over a normal ability distribution
//   (the fitted θs' mean and SD) with the Lord–Wingersky recursion; adjacent groups merged
//   until both expected counts reach 3; df = groups − the item's parameters; p-values
//   Benjamini–Hochberg adjusted over the items; item RMSEA = √max(0, (S-X² − df)/(df (N − 1))).
//   Summed scores are comparable only between students who answered every item, so the
//   statistic uses those students (and is left out, with the reason, when fewer than 10).
// - Drasgow's standardised log-likelihood lz per student, over the items they answered.
#include "irt/irtfitter.h"

namespace assay {

class IrtItemFit {
public:
    static void apply(const IrtData &data, IrtFit *fit);
    // lz of one response pattern: (l − E[l]) / √Var[l]; NaN when the variance is 0.
    static double lz(const std::vector<double> &p, const std::vector<int> &y);
};

} // namespace assay
