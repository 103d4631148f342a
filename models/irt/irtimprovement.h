#pragma once
// Iterative exam improvement (DESIGN §10, the exam paper §3.4): fit; drop the items whose
// discrimination a is at or below the q-quantile of the current items' a; refit on the kept
// columns, warm-started from the previous fit; N times. Every step keeps its fit, the items
// it dropped and its test-information curve.
#include "irt/irtinformation.h"

namespace assay {

class Job;

struct IrtStep {
    int step = 0;           // 0: the first fit on every item
    double threshold = 0;   // the a quantile the step cut at (0 for step 0)
    QStringList dropped;    // items removed before this step's fit
    IrtFit fit;
    IrtCurve information;   // test information (sum) of the step's items
    IrtCurve meanInformation;
};

class IrtImprovement {
public:
    // q on a 0–1 scale; steps ≥ 0 refits after the first. Stops early when too few items
    // would remain (fewer than 2) or no item falls at or below the quantile.
    // With a job: progress per fit, and cancelling stops the fit in progress.
    static Result<QVector<IrtStep>> run(const IrtData &data, const IrtOptions &options, int steps, double quantile,
                                        const std::vector<double> &grid = IrtInformation::grid(), Job *job = nullptr);
    // Linear interpolation between order statistics (the common "type 7" definition).
    static double quantile(std::vector<double> values, double q);
};

} // namespace assay
