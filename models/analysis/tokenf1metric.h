#pragma once
// The registered metric "token_f1" (docs/METHODS.md §13).
#include "analysis/metric.h"

namespace assay {

class TokenF1Metric : public Metric {
public:
    QString name() const override { return QStringLiteral("token_f1"); }
    QString label() const override { return QStringLiteral("Token F1"); }
    QString glossary() const override;
    QString module() const override { return QStringLiteral("generator"); }
    int needs() const override { return MetricNeeds::Answers; }
    MetricValue value(const MetricItem &item) const override;
};

} // namespace assay
