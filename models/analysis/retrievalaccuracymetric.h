#pragma once
// The registered metric "retrieval" (docs/METHODS.md §13).
#include "analysis/metric.h"

namespace assay {

class RetrievalAccuracyMetric : public Metric {
public:
    QString name() const override { return QStringLiteral("retrieval"); }
    QString label() const override { return QStringLiteral("Retrieval accuracy"); }
    QString glossary() const override;
    QString module() const override { return QStringLiteral("retriever"); }
    int needs() const override { return MetricNeeds::Chunks | MetricNeeds::TrueDocuments | MetricNeeds::RetrievalVerdicts; }
    MetricValue value(const MetricItem &item) const override;
};

} // namespace assay
