#pragma once
// The string judges: contains (the response holds the gold answer), exact (equal after SQuAD
// normalisation) and f1 (token F1 at least a threshold, 0.5 by default; the F1 is kept as the
// score). See docs/METHODS.md §4.
#include "scoring/judge.h"

namespace assay {

class MetricJudge : public Judge {
public:
    enum class Metric { Contains, Exact, F1 };
    explicit MetricJudge(Metric metric, double threshold = 0.5) : m_metric(metric), m_threshold(threshold) {}
    Result<QVector<Verdict>> judge(const QVector<Item> &items, const Context &context) override;

private:
    Metric m_metric;
    double m_threshold;
};

} // namespace assay
