#pragma once
// Adaptive testing on the two-dimensional 2PL (docs/METHODS.md §9.18): after each answer the
// taker's posterior mean (θ̂₁, θ̂₂) is updated (IrtTwoDimensional::ability); the next item is
// the unanswered one that most raises the determinant of the information about both
// abilities (D-optimality): with M = I + Σ_answered p(1 − p)·a·aᵀ at θ̂, det(M + p(1 − p)·a·aᵀ)
// = det(M)·(1 + p(1 − p)·aᵀM⁻¹a), so the item with the largest p(1 − p)·aᵀM⁻¹a.
#include "irt/irttwodimensional.h"

#include <QPair>
#include <QVector>

#include <functional>

namespace assay {

class IrtTwoDimAdaptive {
public:
    // A test of `length` items (fewer when the exam runs out): respond(j) gives the taker's
    // answer to item j (1, 0, or −1 unanswered: given, not evidence). Returns {item, answer}
    // in the order given.
    static QVector<QPair<int, int>> run(const QVector<IrtTwoDimItem> &items, int length, const std::function<int(int)> &respond);
};

} // namespace assay
