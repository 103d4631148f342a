#include "analysis/tokenf1metric.h"

#include "runs/runresultstore.h"

namespace assay {

QString TokenF1Metric::glossary() const
{
    return QStringLiteral("The harmonic mean of the token precision and recall of the response against the ground-truth answer (R-Eval's F1), as stored when the run was executed.");
}

MetricValue TokenF1Metric::value(const MetricItem &item) const
{
    if (!item.hasResponse)
        return MetricValue::notApplicable();
    const auto &v = item.item.answerF1;
    return v ? MetricValue::known(*v) : MetricValue::unknown();
}

} // namespace assay
