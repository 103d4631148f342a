#include "analysis/goldincontextmetric.h"

#include "runs/runresultstore.h"

namespace assay {

QString GoldInContextMetric::glossary() const
{
    return QStringLiteral("The share of items whose retrieved chunks hold the ground-truth answer (its value or an alias): whether the retriever brought what the reader needed.");
}

MetricValue GoldInContextMetric::value(const MetricItem &item) const
{
    const auto &v = item.item.goldInContext;
    return v ? MetricValue::known(*v ? 1.0 : 0.0) : MetricValue::unknown();
}

} // namespace assay
