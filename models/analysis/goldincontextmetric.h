#pragma once
// The registered metric "gold_in_context" (docs/METHODS.md §13).
#include "analysis/metric.h"

namespace assay {

class GoldInContextMetric : public Metric {
public:
    QString name() const override { return QStringLiteral("gold_in_context"); }
    QString label() const override { return QStringLiteral("Answer in context"); }
    QString glossary() const override;
    QString module() const override { return QStringLiteral("retriever"); }
    int needs() const override { return MetricNeeds::Chunks; }
    MetricValue value(const MetricItem &item) const override;
};

} // namespace assay
