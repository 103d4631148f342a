#pragma once
// Curves over a θ grid from fitted items (docs/METHODS.md §9.10): the item characteristic curve P(θ),
// Lord's item information, test information (sum over items, and the mean per item), and
// the mean information of the items in each group (Bloom level, question type) — an item
// may sit in several groups.
#include "irt/irtfitter.h"

#include <QHash>
#include <QMap>

#include <vector>

namespace assay {

struct IrtCurve {
    QString name;
    int items = 0; // how many items the curve is made of
    std::vector<double> values;
};

class IrtInformation {
public:
    // points ≥ 2 values evenly spaced from `from` to `to` (default −3..3, 301 points).
    static std::vector<double> grid(double from = -3, double to = 3, int points = 301);
    static std::vector<double> characteristic(const IrtItem &item, const std::vector<double> &grid);
    // The 95% pointwise band of P(θ) from the item's parameter covariance (delta method),
    // clipped to [0, 1]; NaN where the item has no covariance (not computed, or all held).
    static std::pair<std::vector<double>, std::vector<double>> characteristicBand(const IrtItem &item, const std::vector<double> &grid);
    static std::vector<double> item(const IrtItem &item, const std::vector<double> &grid);
    // SE(θ) = 1/√I(θ) of a test-information curve (the name says "SE(θ)").
    static IrtCurve standardError(const IrtCurve &information);
    static IrtCurve test(const QVector<IrtItem> &items, const std::vector<double> &grid, bool mean);
    // The mean item information from the test information test(…, false) gave (its sum over
    // the items, divided by their number): the same values as test(…, true), without the work.
    static IrtCurve meanOf(const IrtCurve &testInformation);
    // groups: item id → the groups it belongs to. One mean-information curve per group,
    // in the groups' name order.
    static QVector<IrtCurve> byGroup(const QVector<IrtItem> &items, const QHash<QString, QStringList> &groups, const std::vector<double> &grid,
                                     bool mean = true);
};

} // namespace assay
