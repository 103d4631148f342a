#include "analysis/retrievalaccuracymetric.h"

#include "runs/runresultstore.h"

namespace assay {

QString RetrievalAccuracyMetric::glossary() const
{
    return QStringLiteral("The share of items whose retrieved chunks hold their true documents (the retrieval judge's verdict). An item whose true documents are not known is unknown.");
}

MetricValue RetrievalAccuracyMetric::value(const MetricItem &item) const
{
    const auto &v = item.item.retrievalVerdict;
    return v ? MetricValue::known(*v ? 1.0 : 0.0) : MetricValue::unknown();
}

} // namespace assay
