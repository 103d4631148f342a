#include "analysis/metriccharts.h"

#include <cmath>

namespace assay {

ChartData MetricCharts::metrics(const QVector<MetricEvaluator::RunValues> &values, const QStringList &runs, const QVector<const Metric *> &metrics)
{
    ChartData c;
    c.kind = ChartData::Kind::Bars;
    c.id = QStringLiteral("metrics");
    c.title = QStringLiteral("Registered metrics per run (×100; error bars: 95% interval)");
    c.yTitle = QStringLiteral("×100");
    c.yMax = 100;
    c.yFormat = QStringLiteral("%.0f");
    QVector<const Metric *> drawn;
    QStringList missing;
    for (const Metric *m : metrics) {
        if (m->chart() != Metric::Chart::Bars)
            continue;
        bool any = false;
        for (int r = 0; r < values.size(); ++r) {
            const MetricEvaluator::Figure f = MetricEvaluator::figure(values[r], *m);
            any = any || !std::isnan(f.value);
        }
        if (any)
            drawn << m;
        else
            missing << m->name();
    }
    for (const Metric *m : drawn)
        c.categories << m->label().toLower().replace(QLatin1Char(' '), QStringLiteral("<br>"));
    const QString prefix = ChartBuilder::sharedPrefix(runs);
    for (int r = 0; r < values.size(); ++r) {
        ChartSeries s;
        s.name = runs.value(r).mid(prefix.size()); // the part the runs share is said once, in the subtitle
        s.color = ChartBuilder::paletteColor(r);
        s.nUnit = QStringLiteral("items");
        for (const Metric *m : drawn) {
            const MetricEvaluator::Figure f = MetricEvaluator::figure(values[r], *m);
            const double scale = std::isnan(f.value) ? f.value : 100;
            s.values << f.value * scale;
            s.low << f.low * scale;
            s.high << f.high * scale;
            s.n << (std::isnan(f.value) ? -1 : qint64(f.n));
        }
        c.series << s;
    }
    c.subtitle = QStringLiteral("each metric over the items whose value is known; hallucination and noise: lower is better");
    if (!prefix.isEmpty())
        c.subtitle = QStringLiteral("runs %1…; ").arg(prefix) + c.subtitle;
    if (missing.size() > 3)
        c.subtitle += QStringLiteral(" · %1 metrics have no values on these runs (e.g. %2): the table says why").arg(missing.size()).arg(missing.mid(0, 2).join(QStringLiteral(", ")));
    else if (!missing.isEmpty())
        c.subtitle += QStringLiteral(" · no values on these runs: %1").arg(missing.join(QStringLiteral(", ")));
    return c;
}

} // namespace assay
