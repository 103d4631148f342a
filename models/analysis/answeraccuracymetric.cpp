#include "analysis/answeraccuracymetric.h"

#include "runs/runresultstore.h"

namespace assay {

QString AnswerAccuracyMetric::glossary() const
{
    return QStringLiteral("The share of answers the chosen judge reads as correct (GRAMMAR's accuracy). An answer whose verdict could not be read is unknown, never wrong; a retrieval-only run is judged on its retrieved context.");
}

MetricValue AnswerAccuracyMetric::value(const MetricItem &item) const
{
    // A retrieval-only run is judged on its retrieved context (docs/METHODS.md §5.3): its
    // verdicts count as they are.
    const auto &v = item.item.verdict;
    return v ? MetricValue::known(*v ? 1.0 : 0.0) : MetricValue::unknown();
}

} // namespace assay
