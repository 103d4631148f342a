#pragma once
// One student's ability from the items it answered, with the item parameters held fixed
// (docs/METHODS.md §9.15): the expected a posteriori θ under the prior θ ~ N(0, 1) (the scale
// the fits standardise the panel to) and its posterior SD, by adaptive Gauss–Hermite
// quadrature around the posterior mode. From θ̂ follows the student's expected accuracy on a
// whole set of items — the mean of P(correct | θ̂) — with an interval from θ̂ ± z·SD (the mean
// is increasing in θ, so the interval maps through it).
#include "irt/irtfitter.h"

#include <QVector>

namespace assay {

struct IrtAbilityEstimate {
    double theta = 0;
    double se = 1; // posterior SD
    int answered = 0;
};

struct IrtAccuracyEstimate {
    double accuracy = 0, low = 0, high = 0; // on the items it is taken over
};

class IrtAbility {
public:
    static constexpr int Nodes = 21;
    // answers[j]: −1 unanswered, 0 wrong, 1 right, for items[j].
    static IrtAbilityEstimate eap(const QVector<IrtItem> &items, const QVector<int> &answers);
    // The same from (item index, 0/1) pairs, for a student answering a few of many items.
    static IrtAbilityEstimate eap(const QVector<IrtItem> &items, const QVector<QPair<int, int>> &answered);
    // Mean of P(correct | θ) over the items.
    static double expectedAccuracy(const QVector<IrtItem> &items, double theta);
    // The accuracy at θ̂ and at θ̂ ∓ z·SE (z = 1.96: a 95% interval).
    static IrtAccuracyEstimate accuracy(const QVector<IrtItem> &items, const IrtAbilityEstimate &ability, double z = 1.96);
};

} // namespace assay
