#pragma once
// Every per-item metric Assay reports (docs/ARCHITECTURE.md, "Add a metric with its chart"), in
// the order views list them: the accuracy-type metrics (accuracy, retrieval, token_f1,
// gold_in_context), then RAGChecker's eleven claim metrics. A new metric is one Metric
// subclass and one add() — here, or at run time (tests, plug-ins) — and the Analysis page's
// Metrics view, `analyze metrics`, the report, `export plots` and `gate --metric` offer it.
#include "analysis/metric.h"
#include "core/registry.h"

#include <QStringList>

#include <memory>

namespace assay {

struct MetricKind {
    QString name; // the metric's name()
    std::shared_ptr<const Metric> metric;
};

class MetricRegistry : public Registry<MetricKind> {
public:
    static MetricRegistry &instance();
    void add(std::shared_ptr<const Metric> metric) { Registry<MetricKind>::add(MetricKind{metric->name(), std::move(metric)}); }
    // The metric called `name` (case-insensitive; '-' reads as '_'); null when none is.
    const Metric *metric(const QString &name) const;
    QStringList names() const;

private:
    MetricRegistry();
};

} // namespace assay
