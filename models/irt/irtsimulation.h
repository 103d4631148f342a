#pragma once
// Response matrices drawn from known 3PL parameters, for parameter-recovery checks, the
// benchmarks and `assay-cli irt simulate`. Flat: θ ~ N(0, 1) clipped to ±3. Hierarchical:
// every combination of the factor levels is one student, θ = Σ factor-level effects, the
// first level of each factor being 0. Items: a ~ U[aMin, aMax], b ~ N(0, bSd) clipped to
// ±2.5, c ~ U[cMin, cMax]. Deterministic for a seed.
#include "irt/irtdata.h"
#include "irt/irtfitter.h"

#include <QMap>

#include <vector>

namespace assay {

struct IrtSimulationSpec {
    int students = 63;  // ignored when factorLevels is set (one student per combination)
    int items = 300;
    double thetaSd = 1.0, thetaLimit = 3.0; // flat students: θ ~ N(0, thetaSd) clipped to ±thetaLimit
    quint64 seed = 1;
    double aMin = 0.7, aMax = 2.0;
    double bMean = 0.0, bSd = 1.0, bMin = -2.5, bMax = 2.5;
    double cMin = 0.0, cMax = 0.25;
    double missing = 0.0; // share of cells left empty
    QVector<QPair<QString, int>> factorLevels; // e.g. {llm, 7}, {retriever, 3}, {icl, 3}
};

struct IrtSimulation {
    IrtData data;
    std::vector<double> theta;       // per student
    std::vector<IrtItem> items;      // the true parameters
    QMap<QString, std::vector<double>> effects; // factor → effect per level (first = 0)

    static IrtSimulation generate(const IrtSimulationSpec &spec);
    // Flat 2PL data (c = 0) with the spec's other defaults.
    static IrtSimulation twoPl(int students, int items, quint64 seed);
    // Pearson correlation (NaN when either side is constant).
    static double correlation(const std::vector<double> &x, const std::vector<double> &y);
};

} // namespace assay
