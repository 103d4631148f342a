#include "report/svghovertitles.h"

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QXYSeries>

#include <cmath>

namespace assay {

namespace {

QString escaped(const QString &text) { return text.toHtmlEscaped(); }

void rect(QString &out, const QRectF &r, const QString &title)
{
    out += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"transparent\"><title>%5</title></rect>\n")
               .arg(r.x(), 0, 'f', 1)
               .arg(r.y(), 0, 'f', 1)
               .arg(std::max(1.0, r.width()), 0, 'f', 1)
               .arg(std::max(1.0, r.height()), 0, 'f', 1)
               .arg(escaped(title));
}

void bars(QString &out, const ChartData &data, QChart *chart)
{
    QAbstractBarSeries *series = nullptr;
    for (QAbstractSeries *s : chart->series())
        if (!series)
            series = qobject_cast<QAbstractBarSeries *>(s);
    if (!series)
        return;
    const bool stacked = data.kind == ChartData::Kind::StackedBars;
    const int sets = int(data.series.size());
    const double width = series->barWidth();
    for (int i = 0; i < data.categories.size(); ++i) {
        QString category = i < data.runs.size() && !data.runs[i].isEmpty() ? data.runs[i] : QString(data.categories[i]).replace(QStringLiteral("<br>"), QStringLiteral(" "));
        if (i < data.details.size() && !data.details[i].isEmpty())
            category += QLatin1Char('\n') + data.details[i];
        double base = 0;
        for (int j = 0; j < sets; ++j) {
            const ChartSeries &s = data.series[j];
            const double v = s.values.value(i, std::nan(""));
            if (std::isnan(v))
                continue;
            const double left = stacked ? i - width / 2 : i - width / 2 + j * width / sets;
            const double right = stacked ? i + width / 2 : left + width / sets;
            const double bottom = stacked ? base : 0, top = stacked ? base + v : v;
            base += stacked ? v : 0;
            const QPointF a = chart->mapToPosition(QPointF(left, bottom), series), b = chart->mapToPosition(QPointF(right, top), series);
            rect(out, QRectF(a, b).normalized(), QStringLiteral("%1\n%2: %3").arg(category, s.name, s.valueText(i)));
        }
    }
}

void points(QString &out, const ChartData &data, QChart *chart)
{
    for (QAbstractSeries *abstract : chart->series()) {
        auto *xy = qobject_cast<QXYSeries *>(abstract);
        if (!xy || xy->name().isEmpty())
            continue;
        const ChartSeries *source = nullptr;
        for (const ChartSeries &s : data.series)
            if (s.name == xy->name())
                source = &s;
        if (!source)
            continue; // an interval band or an error bar, not a series of the data
        const QList<QPointF> shown = xy->points();
        // A long curve (an item's information over θ) is titled at about forty of its points.
        const int step = std::max<int>(1, int(shown.size() / 40));
        for (int k = 0; k < shown.size(); k += step) {
            const QPointF at = chart->mapToPosition(shown[k], xy);
            const bool sameCount = shown.size() == source->values.size();
            const QString label = sameCount && k < source->labels.size() && !source->labels[k].isEmpty() ? source->labels[k] + QStringLiteral("\n") : QString();
            const QString x = sameCount && k < source->x.size() ? ChartSeries::numberText(source->x[k]) : ChartSeries::numberText(shown[k].x());
            const QString y = sameCount ? source->valueText(k) : ChartSeries::numberText(shown[k].y());
            out += QStringLiteral("<circle cx=\"%1\" cy=\"%2\" r=\"7\" fill=\"transparent\"><title>%3</title></circle>\n")
                       .arg(at.x(), 0, 'f', 1)
                       .arg(at.y(), 0, 'f', 1)
                       .arg(escaped(QStringLiteral("%1%2\n%3: %4 · %5: %6")
                                        .arg(label, source->name, data.xTitle.isEmpty() ? QStringLiteral("x") : data.xTitle, x,
                                             data.yTitle.isEmpty() ? QStringLiteral("y") : data.yTitle, y)));
        }
    }
}

// A radar's vertices: the run (when the series names one per axis), the series, the axis and
// the value; an unknown value has no vertex and no title.
void vertices(QString &out, const ChartData &data, QChart *chart)
{
    for (QAbstractSeries *abstract : chart->series()) {
        auto *xy = qobject_cast<QXYSeries *>(abstract);
        if (!xy)
            continue;
        for (const ChartSeries &s : data.series) {
            if (s.name != xy->name())
                continue;
            for (int i = 0; i < s.values.size() && i < data.categories.size(); ++i) {
                if (std::isnan(s.values[i]))
                    continue;
                const QPointF at = chart->mapToPosition(QPointF(i, s.values[i]), xy);
                const QString run = s.labels.value(i);
                out += QStringLiteral("<circle cx=\"%1\" cy=\"%2\" r=\"7\" fill=\"transparent\"><title>%3</title></circle>\n")
                           .arg(at.x(), 0, 'f', 1)
                           .arg(at.y(), 0, 'f', 1)
                           .arg(escaped(QStringLiteral("%1%2\n%3: %4").arg(run.isEmpty() ? QString() : run + QLatin1Char('\n'), s.name, data.categories[i], s.valueText(i))));
            }
        }
    }
}

} // namespace

QByteArray SvgHoverTitles::group(const ChartData &data, QChart *chart)
{
    QString out;
    switch (data.kind) {
    case ChartData::Kind::Bars:
    case ChartData::Kind::StackedBars:
        bars(out, data, chart);
        break;
    case ChartData::Kind::Scatter:
    case ChartData::Kind::Lines:
        points(out, data, chart);
        break;
    case ChartData::Kind::Radar:
        vertices(out, data, chart);
        break;
    }
    if (out.isEmpty())
        return {};
    return QStringLiteral("<g class=\"hover-titles\">\n%1</g>\n").arg(out).toUtf8();
}

QByteArray SvgHoverTitles::insert(const QByteArray &svg, const QByteArray &group)
{
    const qsizetype end = svg.lastIndexOf("</svg>");
    if (group.isEmpty() || end < 0)
        return svg;
    return svg.left(end) + group + svg.mid(end);
}

} // namespace assay
