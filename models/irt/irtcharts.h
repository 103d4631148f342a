#pragma once
// What the IRT chart panels draw, as ChartData (computed and tested without a chart
// library): item characteristic and item information curves for chosen items, the test
// information curve, mean information per Bloom level and per question type, the
// iterative-improvement overlay and the hierarchical abilities per factor level.
#include "analysis/chartdata.h"
#include "irt/irtimprovement.h"

namespace assay {

class IrtCharts {
public:
    static constexpr int MaxItemCurves = 8; // one palette colour each; more would not be readable

    static ChartData characteristicCurves(const QVector<IrtItem> &items, const std::vector<double> &grid);
    static ChartData itemInformation(const QVector<IrtItem> &items, const std::vector<double> &grid);
    static ChartData testInformation(const QVector<IrtItem> &items, const std::vector<double> &grid);
    // id: "bloom-information" or "type-information"; groups: item id → its groups.
    static ChartData groupInformation(const char *id, const QString &title, const QVector<IrtItem> &items, const QHash<QString, QStringList> &groups,
                                      const std::vector<double> &grid);
    // SE(θ) of the whole exam and of each group's items as a sub-test (groups may be empty).
    static ChartData standardError(const char *id, const QString &title, const QVector<IrtItem> &items, const QHash<QString, QStringList> &groups,
                                   const std::vector<double> &grid);
    static ChartData improvement(const QVector<IrtStep> &steps, const std::vector<double> &grid);
    // `data`: the takers' factor levels, to show two levels held by the same takers as one
    // bar of their sum (IrtAliasedLevels); without, each level alone.
    static ChartData abilities(const IrtFit &fit, const IrtData &data = IrtData());
    // Every chart of a fit, for reports and `export`: characteristic and information curves
    // of the four least and four most discriminating items of the last step (of one
    // discrimination: eight spread over the difficulties; never two with equal parameters), test
    // information, Bloom and question-type information and SE(θ), improvement (with steps), abilities
    // (hierarchical fits).
    static QVector<ChartData> all(const QVector<IrtStep> &steps, const QHash<QString, QStringList> &bloom, const QHash<QString, QStringList> &types, const IrtData &data = IrtData());
};

} // namespace assay
