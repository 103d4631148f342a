#pragma once
// The panel's correction of a short form's estimate (docs/METHODS.md §9.15). The model's
// expected accuracy at θ̂ from a few items is biased where the model does not fit the items
// (the items a form picks are not average ones, and their fitted a's are the luckiest); the
// panel shows by how much: each panel taker answered the form's items too, so its expected
// accuracy from them can be set against its observed accuracy on the whole exam. A least-squares
// line observed ≈ α + β·expected over the panel then maps a new taker's expected accuracy
// (as tinyBenchmarks fits its blend of the sample and the IRT estimate on the panel). Fewer than
// five panel takers, or no spread among them: the identity.
#include <QVector>

namespace assay {

struct IrtFormCalibration {
    double intercept = 0, slope = 1;
    int takers = 0;        // panel takers it was fitted on (0: the identity)
    double residualSd = 0; // the panel's scatter about the line (n − 2 degrees of freedom): part of an estimate's interval
    static IrtFormCalibration fit(const QVector<double> &expected, const QVector<double> &observed);
    double apply(double expected) const;
};

} // namespace assay
