#include "analysis/claimcharts.h"

#include <cmath>

namespace assay {

QString ClaimCharts::axisLabel(ClaimMetrics::Metric m)
{
    switch (m) {
    case ClaimMetrics::ClaimRecall: return QStringLiteral("claim<br>recall");
    case ClaimMetrics::ContextPrecision: return QStringLiteral("context<br>precision");
    case ClaimMetrics::ContextUtilization: return QStringLiteral("context<br>utilization");
    case ClaimMetrics::NoiseSensitivityRelevant: return QStringLiteral("noise<br>relevant");
    case ClaimMetrics::NoiseSensitivityIrrelevant: return QStringLiteral("noise<br>irrelevant");
    case ClaimMetrics::Hallucination: return QStringLiteral("halluci-<br>nation");
    case ClaimMetrics::SelfKnowledge: return QStringLiteral("self-<br>knowledge");
    case ClaimMetrics::Faithfulness: return QStringLiteral("faith-<br>fulness");
    default: return ClaimMetrics::label(m).toLower();
    }
}

ChartData ClaimCharts::metrics(const QVector<ClaimAnalysis::RunFigures> &figures, const QStringList &runs, const QString &checker)
{
    ChartData c;
    c.kind = ChartData::Kind::Bars;
    c.id = QStringLiteral("claims");
    c.title = QStringLiteral("Claim-level metrics per run (×100; error bars: 95% interval)");
    c.yTitle = QStringLiteral("×100");
    c.yMax = 100;
    c.yFormat = QStringLiteral("%.0f");
    for (int m = 0; m < ClaimMetrics::MetricCount; ++m)
        c.categories << axisLabel(ClaimMetrics::Metric(m));
    QStringList notApplicable;
    const QString prefix = ChartBuilder::sharedPrefix(runs);
    for (int r = 0; r < figures.size(); ++r) {
        ChartSeries s;
        s.name = runs.value(r).mid(prefix.size()); // the part the runs share is said once, in the subtitle
        s.color = ChartBuilder::paletteColor(r);
        s.nUnit = QStringLiteral("items");
        bool anyMissing = false;
        for (int m = 0; m < ClaimMetrics::MetricCount; ++m) {
            const ClaimAnalysis::Figure &f = figures[r].figures[m];
            const double scale = std::isnan(f.value) ? f.value : 100;
            s.values << f.value * scale;
            s.low << f.low * scale;
            s.high << f.high * scale;
            s.n << (std::isnan(f.value) ? -1 : qint64(f.n));
            anyMissing = anyMissing || (std::isnan(f.value) && f.notApplicable > 0);
        }
        if (anyMissing)
            notApplicable << s.name;
        c.series << s;
    }
    c.subtitle = (prefix.isEmpty() ? QString() : QStringLiteral("runs %1…; ").arg(prefix)) + QStringLiteral("claims of checker %1; retriever: claim recall, context precision; noise, hallucination: lower is better").arg(checker);
    if (!notApplicable.isEmpty())
        c.subtitle += QStringLiteral(" · no response, so only the retriever's metrics apply: %1").arg(notApplicable.join(QStringLiteral(", ")));
    return c;
}

} // namespace assay
