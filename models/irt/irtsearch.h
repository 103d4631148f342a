#pragma once
// The search for the best optimum of a joint 3PL likelihood, which has several stationary
// points: continuation — 1PL from the plain start, 2PL from the 1PL, 3PL from the 2PL — plus
// deterministic restarts (the plain start a = 1, b = 0, c = 0.25, θ = 0 for the 2PL and the
// 3PL; the 2PL's solution with c raised to a quarter of its box for the 3PL). The best fit
// of the requested model is kept with the number of distinct optima the starts reached.
// The comparison (AIC, BIC, likelihood-ratio tests 1PL ⊂ 2PL ⊂ 3PL) is made on marginal-ML
// fits (IrtMarginal, θ integrated over N(0, 1)), made first: joint likelihoods, whose
// abilities are estimates too, do not follow the criteria's theory. With autoModel the
// model BIC prefers is chosen, the fit says why, and the joint search stops at that model.
// Diagnostics (standard errors, item fit) are computed once, on the kept fit.
#include "irt/irtfitter.h"
#include "irt/irtmarginal.h"

namespace assay {

class IrtSearch {
public:
    static Result<IrtFit> run(const IrtData &data, const IrtOptions &options);
    // Distinct values among the likelihoods (apart by more than 1e-3).
    static int distinct(QVector<double> nlls);
    static QVector<IrtLrTest> lrTests(const QVector<IrtModelRow> &rows);
    static IrtModelRow row(const IrtMarginalFit &fit, int students);
    // The row with the lowest BIC, and the sentence saying so against the others.
    static int bicPick(const QVector<IrtModelRow> &rows);
    static QString choiceText(const QVector<IrtModelRow> &rows, int pick);
};

} // namespace assay
