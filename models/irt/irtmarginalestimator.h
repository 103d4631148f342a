#pragma once
// Marginal ML as an estimator (docs/METHODS.md §9.14): the items' parameters from the EM of
// IrtMarginal (θ integrated over N(0, 1)), each student's ability by EAP under the same prior
// with its posterior SD as the standard error (IrtAbility). Unlike joint ML, the item
// estimates are consistent as students grow with the items fixed, and a student who got
// everything right gets a finite ability. A flat model only: the hierarchical one's abilities
// are sums of level effects, which the EM does not integrate.
#include "core/result.h"
#include "irt/irtfitter.h"
#include "irt/irtmarginal.h"

namespace assay {

class IrtMarginalEstimator {
public:
    // Fits from the given items (a warm start) or from IrtMarginal's own start.
    static Result<IrtFit> fit(const IrtData &data, const IrtOptions &options, const QVector<IrtItem> *start = nullptr);
    // The fit made of a finished marginal fit: abilities, diagnostics, item fit.
    static IrtFit from(const IrtData &data, const IrtOptions &options, const IrtMarginalFit &marginal);
};

} // namespace assay
