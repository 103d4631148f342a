#include "analysis/metricregistry.h"

#include "analysis/answeraccuracymetric.h"
#include "analysis/claimmetric.h"
#include "analysis/goldincontextmetric.h"
#include "analysis/retrievalaccuracymetric.h"
#include "analysis/tokenf1metric.h"

namespace assay {

MetricRegistry::MetricRegistry()
{
    add(std::make_shared<AnswerAccuracyMetric>());
    add(std::make_shared<RetrievalAccuracyMetric>());
    add(std::make_shared<TokenF1Metric>());
    add(std::make_shared<GoldInContextMetric>());
    for (int m = 0; m < ClaimMetrics::MetricCount; ++m)
        add(std::make_shared<ClaimMetric>(ClaimMetrics::Metric(m)));
}

MetricRegistry &MetricRegistry::instance()
{
    static MetricRegistry registry;
    return registry;
}

const Metric *MetricRegistry::metric(const QString &name) const
{
    QString wanted = name.trimmed().toLower();
    wanted.replace(QLatin1Char('-'), QLatin1Char('_'));
    const MetricKind *kind = find(wanted);
    return kind ? kind->metric.get() : nullptr;
}

QStringList MetricRegistry::names() const
{
    QStringList out;
    for (const MetricKind *k : kinds())
        out << k->name;
    return out;
}

} // namespace assay
