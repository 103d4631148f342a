#include "report/metricsection.h"

#include "analysis/metriccharts.h"
#include "report/chartexporter.h"
#include "runs/runstore.h"

#include <cmath>

namespace assay {

namespace {

QString metricText(const Metric &m, double v)
{
    if (std::isnan(v))
        return QStringLiteral("n/a");
    return m.share() ? QString::number(100 * v, 'f', 1) : QString::number(v, 'g', 4);
}

QStringList runNames(const QVector<RunAnalysis> &analyses)
{
    QStringList out;
    for (const RunAnalysis &a : analyses)
        out << a.run;
    return out;
}

} // namespace

Result<QVector<MetricEvaluator::RunValues>> MetricSection::values(Database &db, const QVector<RunAnalysis> &analyses)
{
    using R = Result<QVector<MetricEvaluator::RunValues>>;
    QVector<MetricEvaluator::RunValues> out;
    const QVector<const Metric *> metrics = MetricEvaluator::registered();
    for (const RunAnalysis &a : analyses) {
        auto id = RunStore(db).idOf(a.run);
        if (!id)
            return R::failure(id);
        MetricEvaluator::Options options;
        options.judge = a.judge;
        options.retrievalJudge = a.retrievalJudge;
        auto v = MetricEvaluator::evaluate(db, id.value(), metrics, options);
        if (!v)
            return R::failure(v);
        out << v.take();
    }
    return out;
}

ChartData MetricSection::chart(const QVector<MetricEvaluator::RunValues> &values, const QVector<RunAnalysis> &analyses)
{
    return MetricCharts::metrics(values, runNames(analyses), MetricEvaluator::registered());
}

QString MetricSection::html(const QVector<MetricEvaluator::RunValues> &values, const QVector<RunAnalysis> &analyses, bool withChart)
{
    if (values.isEmpty())
        return {};
    QString h = QStringLiteral("<h2>All metrics</h2>\n<p class=\"note\">Every registered metric (docs/METHODS.md §13): the mean over the items whose "
                               "value is known (shares ×100), its 95% interval, and on hover how many items it covers. n/a: the run has no value "
                               "for it (the reason is below or on hover).</p>\n<div class=\"wide\"><table class=\"metrics\"><tr><th>Metric</th><th>Module</th>");
    for (const RunAnalysis &a : analyses)
        h += QStringLiteral("<th>%1</th>").arg(a.run.toHtmlEscaped());
    h += QStringLiteral("</tr>\n");
    QStringList without;
    for (const Metric *m : MetricEvaluator::registered()) {
        QString row = QStringLiteral("<tr><td title=\"%1\">%2</td><td>%3</td>").arg(m->glossary().toHtmlEscaped(), m->label().toHtmlEscaped(), m->module());
        bool any = false;
        QString reason;
        for (int r = 0; r < values.size(); ++r) {
            const MetricEvaluator::Figure f = MetricEvaluator::figure(values[r], *m);
            if (!f.missing.isEmpty() || std::isnan(f.value)) {
                reason = f.missing.isEmpty() ? QStringLiteral("no item has a known value") : f.missing;
                row += QStringLiteral("<td class=\"num\" title=\"%1\">n/a</td>").arg(reason.toHtmlEscaped());
                continue;
            }
            any = true;
            row += QStringLiteral("<td class=\"num\" title=\"%4 of %5 items; %6 unknown, %7 not applicable, %8 failed\">%1<br><small>[%2, %3]</small></td>")
                       .arg(metricText(*m, f.value), metricText(*m, f.low), metricText(*m, f.high))
                       .arg(f.n)
                       .arg(values[r].items.size())
                       .arg(f.unknown)
                       .arg(f.notApplicable)
                       .arg(f.failed);
        }
        if (any)
            h += row + QStringLiteral("</tr>\n");
        else
            without << QStringLiteral("%1 (%2)").arg(m->label(), reason).toHtmlEscaped();
    }
    h += QStringLiteral("</table></div>\n");
    if (!without.isEmpty())
        h += QStringLiteral("<p class=\"note\">No values on these runs: %1.</p>\n").arg(without.join(QStringLiteral("; ")));
    if (withChart) {
        QString svg = QString::fromUtf8(ChartExporter::svgText(chart(values, analyses)));
        if (const qsizetype start = svg.indexOf(QLatin1String("<svg")); start > 0)
            svg = svg.mid(start);
        h += QStringLiteral("<figure aria-label=\"All metrics\">%1</figure>\n").arg(svg);
    }
    return h;
}

} // namespace assay
