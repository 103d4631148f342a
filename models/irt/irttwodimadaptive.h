#pragma once
// Adaptive testing on the two-dimensional 2PL (docs/METHODS.md §9.18): after each answer the
// taker's posterior mean (θ̂₁, θ̂₂) is updated (IrtTwoDimPosterior); the next item is the
// unanswered one that most raises the determinant of the information about both abilities
// (D-optimality): with M = I + Σ_answered p(1 − p)·a·aᵀ at θ̂, det(M + p(1 − p)·a·aᵀ)
// = det(M)·(1 + p(1 − p)·aᵀM⁻¹a), so the item with the largest p(1 − p)·aᵀM⁻¹a. The test
// stops once both posterior SDs are at most the rule's SE, after its maximum of items, or when
// no item is left. The same interface as IrtAdaptive, so an exam take drives either.
#include "irt/irtadaptive.h"
#include "irt/irttwodimensional.h"
#include "irt/irttwodimposterior.h"

#include <QPair>
#include <QVector>

#include <functional>
#include <vector>

namespace assay {

class IrtTwoDimAdaptive {
public:
    IrtTwoDimAdaptive(QVector<IrtTwoDimItem> items, IrtAdaptiveRule rule);
    int next(); // −1 when the rule says stop
    void record(int item, int correct); // 1, 0, or −1 unanswered (given, not evidence)
    bool finished() const { return !stopReason().isEmpty(); }
    QString stopReason() const;
    // The general ability θ₁ (on the fit's principal axes) with its posterior SD.
    IrtAbilityEstimate ability() const;
    const IrtTwoDimAbility &abilities() const { return m_ability; }
    const QVector<IrtAdaptiveStep> &steps() const { return m_steps; }
    int given() const { return int(m_steps.size()); }
    int expectedLength() const; // as IrtAdaptive's, on the less precise ability

    // A test of `length` items (fewer when the exam runs out), no stop by SE: respond(j) gives
    // the taker's answer to item j. Returns {item, answer} in the order given.
    static QVector<QPair<int, int>> run(const QVector<IrtTwoDimItem> &items, int length, const std::function<int(int)> &respond);

private:
    QVector<IrtTwoDimItem> m_items;
    IrtAdaptiveRule m_rule;
    QVector<char> m_used;
    std::vector<double> m_a1, m_a2, m_d;
    IrtTwoDimPosterior m_posterior{7};
    std::vector<double> m_n1, m_n2, m_w; // the quadrature's nodes and weights, reused
    std::vector<IrtCell> m_cells;
    double m_mode[2] = {0, 0};
    double m_m00 = 1, m_m01 = 0, m_m11 = 1; // M at θ̂
    IrtTwoDimAbility m_ability;
    QVector<IrtAdaptiveStep> m_steps;
};

} // namespace assay
