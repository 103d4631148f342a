#pragma once
// Computerised adaptive testing over an exam's fitted items (docs/METHODS.md §9.15): after
// each answer θ̂ is updated (EAP, IrtAbility); the next item is the unanswered one with the
// most Fisher information at θ̂ — or, to spread the items' exposure, one drawn at random
// among the k most informative; the test stops once SE(θ̂) ≤ the target or after a maximum
// number of items (or when no item is left).
#include "core/result.h"
#include "irt/irtability.h"

#include <QVector>
#include <QtNumeric>

#include <limits>
#include <random>
#include <utility>
#include <vector>

namespace assay {

struct IrtAdaptiveRule {
    double se = 0.3;   // stop once the posterior SD of θ is at most this
    int maxItems = 200; // and in any case after this many answered items
    int minItems = 1;   // never stop before this many
    int randomesque = 1; // pick among the k most informative (1: the most informative)
    quint64 seed = 1;
    // 2: on the two-dimensional model (IrtTwoDimAdaptive): the most D-informative item, stop
    // once both abilities' SDs are at most `se`; randomesque does not apply.
    int dimensions = 1;
    // Reads "se=0.3,max=200[,min=5][,k=3][,seed=7][,dims=2]"; a bad key or value names it.
    static Result<IrtAdaptiveRule> parse(const QString &text);
    QString text() const;
};

// One step of an adaptive test, for the live chart and the report.
struct IrtAdaptiveStep {
    int item = -1;   // index into the exam's items
    int correct = 0; // −1 when the taker left it unanswered
    IrtAbilityEstimate ability; // after this answer (on the 2-D model: the general ability θ₁)
    double theta2 = qQNaN(), se2 = qQNaN(); // on the 2-D model: the second ability after it
};

class IrtAdaptive {
public:
    IrtAdaptive(QVector<IrtItem> items, IrtAdaptiveRule rule);
    // The next item to give, or −1 when the rule says stop.
    int next();
    // The answer to item `item`: 1 right, 0 wrong, −1 unanswered (counts as given, not as
    // evidence). Updates θ̂.
    void record(int item, int correct);
    bool finished() const;
    QString stopReason() const; // why it stopped (empty while it runs)
    const IrtAbilityEstimate &ability() const { return m_ability; }
    const QVector<IrtAdaptiveStep> &steps() const { return m_steps; }
    int given() const { return int(m_steps.size()); }
    // How many items the test will likely take in all: at the information per item gathered
    // so far, where SE(θ̂) reaches the target (within the minimum and maximum); the maximum
    // before the first answer. For a progress bar.
    int expectedLength() const;

private:
    int mostInformative() const;
    double bound(double distance) const; // the most information any item has at that |θ − b|

    QVector<IrtItem> m_items;
    IrtAdaptiveRule m_rule;
    QVector<char> m_given;
    QVector<QPair<int, int>> m_answered;
    QVector<IrtAdaptiveStep> m_steps;
    IrtAbilityEstimate m_ability;
    std::mt19937_64 m_rng;
    std::vector<int> m_byB; // the items by difficulty, lowest first
    bool m_walk = true;     // every item's c in [0, 1) and a, b finite: next() may walk m_byB
    double m_aMin = std::numeric_limits<double>::infinity(), m_aMax = 0; // of |a|
    std::vector<std::pair<double, int>> m_ranked; // next()'s work space for k > 1
};

} // namespace assay
