#pragma once
// The registered metric "accuracy" (docs/METHODS.md §13).
#include "analysis/metric.h"

namespace assay {

class AnswerAccuracyMetric : public Metric {
public:
    QString name() const override { return QStringLiteral("accuracy"); }
    QString label() const override { return QStringLiteral("Accuracy"); }
    QString glossary() const override;
    QString module() const override { return QStringLiteral("overall"); }
    int needs() const override { return MetricNeeds::Answers | MetricNeeds::Verdicts; }
    MetricValue value(const MetricItem &item) const override;
};

} // namespace assay
