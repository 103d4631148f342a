#pragma once
// One of RAGChecker's eleven claim-level metrics as a registered metric (docs/METHODS.md §12):
// its value on an item comes from the item's stored checks (ClaimMetrics::item); an item the
// checker left out, or a check it could not read, is unknown; a metric that reads the response
// does not apply to an item without one.
#include "analysis/metric.h"

namespace assay {

class ClaimMetric : public Metric {
public:
    explicit ClaimMetric(ClaimMetrics::Metric which) : m_which(which) {}
    QString name() const override;
    QString label() const override;
    QString glossary() const override;
    QString module() const override;
    int needs() const override;
    bool higherIsBetter() const override;
    MetricValue value(const MetricItem &item) const override;

private:
    ClaimMetrics::Metric m_which;
};

} // namespace assay
