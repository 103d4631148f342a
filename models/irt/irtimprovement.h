#pragma once
// Iterative exam improvement (docs/METHODS.md §9.11, the exam paper §3.4): fit (the best optimum,
// IrtSearch); drop items by the rule (by default those whose discrimination a is at or
// below the q-quantile of the current items' a); refit the same model on the kept columns,
// warm-started from the previous fit; N times. Every step keeps its fit, the items
// it dropped and its test-information curve.
#include "irt/irtinformation.h"

namespace assay {

class Job;

// What an improvement step drops: the items whose a is at or below the q-quantile (the exam
// paper's rule), the items whose S-X² rejects at 5% after Benjamini–Hochberg adjustment, or
// the items whose mean information over a θ range is at or below the q-quantile.
struct IrtDropRule {
    enum class Kind { LowDiscrimination, Misfit, LowInformation };
    Kind kind = Kind::LowDiscrimination;
    double quantile = 0.1;
    double from = -3, to = 3;
    IrtDropRule(double q = 0.1) : quantile(q) {} // NOLINT: a bare quantile is the exam paper's rule
    static Result<Kind> kindFromName(const QString &name); // "a", "misfit", "information"
    static QString kindName(Kind kind);
    // Why an item goes, for the step's label ("a ≤ 0.61", "misfit (S-X² p_adj < .05)", …).
    QString describe(double threshold) const;
};

struct IrtStep {
    int step = 0;           // 0: the first fit on every item
    double threshold = 0;   // the a or information quantile the step cut at (0 for step 0 and misfit)
    QString rule;           // why the step's items were dropped
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
    static Result<QVector<IrtStep>> run(const IrtData &data, const IrtOptions &options, int steps, const IrtDropRule &rule,
                                        const std::vector<double> &grid = IrtInformation::grid(), Job *job = nullptr);
    // Linear interpolation between order statistics (the common "type 7" definition).
    static double quantile(std::vector<double> values, double q);
};

} // namespace assay
