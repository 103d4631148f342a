#pragma once
// The classic alternating steps of joint maximum likelihood (Birnbaum's paradigm, as in
// LOGIST): given the items, every student's ability (or, hierarchical, all factor levels
// together) takes a Fisher-scoring step; given the abilities, every item takes its own small
// (≤ 3 × 3) Fisher-scoring step. Both respect the box bounds (variables pressed against a
// bound are held there) and halve a step until the likelihood does not get worse. The sweeps
// bring a fit close to the optimum quickly; IrtFitter finishes with Newton on the joint
// problem (IrtNewton).
#include "irt/irtlayout.h"

#include <vector>

namespace assay {

class IrtBlockNewton {
public:
    IrtBlockNewton(const IrtData &data, const IrtLayout &layout, const double *lower, const double *upper);
    // One sweep (abilities, then items) on x in place.
    void sweep(double *x);
    // The likelihood does not change when θ and b shift together, or when θ and b are
    // stretched while a shrinks: joint ML leaves that scale to drift, and with box bounds a
    // drift presses students and items against the box. This puts the students' θ back to
    // mean 0 and standard deviation 1 (θ' = (θ − m)/s, b' = (b − m)/s, a' = a·s; hierarchical:
    // every level scaled, the first factor's levels shifted), clipping what leaves the box.
    // Returns how far that moved the scale (|m| + |s − 1|).
    double standardize(double *x);
    // Item steps only, the abilities held (for item-wise restarts: given θ the items are
    // independent, so each may keep whichever start ends lower).
    void itemSweeps(double *x, int count);
    // Ability-wise restarts (one ability per student only): every student whose row is more
    // likely at some point of an even grid over the θ box than at their θ moves there (by
    // more than 1e-3 in −log-likelihood). Returns how many moved.
    int abilityGrid(double *x, int points);
    // Each item's −log-likelihood over its answered cells at x.
    std::vector<double> itemNll(const double *x);
    // The diagonal of the expected information (Fisher) at x, one value per parameter: the
    // curvature scale of each variable, for preconditioning the joint optimiser.
    std::vector<double> fisherDiagonal(const double *x);

private:
    void abilityStep(double *x);
    void itemStep(double *x);
    void loadItems(const double *x);
    // Moves the pending items to start + steps·2^−halving (clipped); returns those whose
    // likelihood got worse.
    std::vector<int> tryItemSteps(double *x, const std::vector<double> &start, const std::vector<double> &steps, const std::vector<double> &theta,
                                  const std::vector<double> &nll, const std::vector<int> &pending, int halving);
    // −log-likelihood of one student's row at ability theta.
    double rowNll(int student, double theta) const;
    // Per-cell P and the derivatives of P by (a?, b, c?) in layout order.
    void cell(int item, double theta, double *p, double *dItem, double *dTheta) const;

    const IrtData &m_data;
    const IrtLayout &m_layout;
    const double *m_lower;
    const double *m_upper;
    std::vector<double> m_a, m_b, m_c;
};

} // namespace assay
