#pragma once
// The report's "Human labels" section: for each run with people's labels, the judge's
// accuracy taken at its word, the labels' own accuracy and the prediction-powered accuracy
// that combines them, each with its 95% interval, and what the labels are worth. Simulated
// labels (the demo's) and labels not chosen at random are said.
#include "analysis/runanalysis.h"

#include <QString>

namespace assay {

class LabelSection {
public:
    // Empty when no run has labels.
    static QString html(const QVector<RunAnalysis> &analyses);
};

} // namespace assay
