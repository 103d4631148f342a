#pragma once
// Short forms of an exam (docs/METHODS.md §9.15): N of its items chosen so that a new
// student's answers to them estimate its accuracy on the whole exam through its ability.
// - random: N items drawn uniformly (the baseline every other method must beat);
// - information: greedy D-optimal choice over the abilities the panel spans — each pick adds
//   the item that most raises Σ_g log(1 + I(θ_g)), the test information I summed over the
//   picked items at a grid θ_g from the panel's lowest to its highest ability (1 is the
//   prior's precision), so no part of the range is left unmeasured;
// - anchors: the items clustered by their pattern of answers across the panel (k-medoids on
//   the students' 0/1 answers, a missing answer replaced by the model's probability), one
//   medoid per cluster, weighted by its cluster's share of the items (tinyBenchmarks' anchor
//   points).
#include "core/result.h"
#include "irt/irtfitter.h"

#include <QVector>

namespace assay {

struct IrtShortFormChoice {
    QVector<int> items;      // indices into the exam's items, in pick order
    QVector<double> weights; // per chosen item, summing to 1 (equal unless anchors)
};

class IrtShortForm {
public:
    enum class Method { Random, Information, Anchors };
    static Result<Method> methodFromName(const QString &name);
    static QString methodName(Method method);
    static QStringList methodNames();
    // panel[s][j]: −1 unanswered, 0/1 for the panel's student s on item j; thetas[s] its
    // ability. N larger than the exam is an error.
    static Result<IrtShortFormChoice> choose(Method method, const QVector<IrtItem> &items, const QVector<QVector<int>> &panel,
                                             const QVector<double> &thetas, int n, quint64 seed);

private:
    static QVector<int> information(const QVector<IrtItem> &items, const QVector<double> &thetas, int n, const QVector<int> &pool);
    static IrtShortFormChoice anchors(const QVector<IrtItem> &items, const QVector<QVector<int>> &panel, const QVector<double> &thetas, int n,
                                      quint64 seed);
};

} // namespace assay
