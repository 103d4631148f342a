#include "report/chartfactory.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QCursor>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPolarChart>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <QFontMetrics>
#include <QGraphicsLayout>
#include <QTimer>

#include <cmath>
#include <functional>
#include <memory>
#include <set>

namespace assay {

namespace {

constexpr char HelperProperty[] = "assayHelperSeries";

void style(QChart *chart, const ChartData &data)
{
    QFont title = chart->titleFont();
    title.setPointSize(12);
    chart->setTitleFont(title);
    ChartFactory::fitTitle(chart, data, 0);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    QFont legend = chart->legend()->font();
    legend.setPointSize(9);
    chart->legend()->setFont(legend);
    chart->setBackgroundRoundness(0);
    chart->setMargins(QMargins(8, 8, 8, 8));
}

void styleAxis(QAbstractAxis *axis, const QString &title)
{
    QFont f = axis->labelsFont();
    f.setPointSize(8);
    axis->setLabelsFont(f);
    axis->setTitleText(title);
    QFont t = axis->titleFont();
    t.setPointSize(9);
    t.setBold(false);
    axis->setTitleFont(t);
}

// Category labels that do not fit side by side (many runs on a narrow chart) are written on
// one line and turned upright, and back when there is room again: they never overprint. Decided
// whenever the plot area changes (a resize, an export at another size).
// A wrapped label on one line: a break after a separator ("short/", "keyword-") joins without
// a space, one between words with a space.
QString oneLine(const QString &label)
{
    static const QRegularExpression afterSeparator(QStringLiteral("([/_-])<br>"));
    return QString(label).replace(afterSeparator, QStringLiteral("\\1")).replace(QStringLiteral("<br>"), QStringLiteral(" "));
}

void fitCategoryLabels(QChart *chart, QBarCategoryAxis *axis, const QStringList &labels)
{
    auto upright = std::make_shared<bool>(false);
    QObject::connect(chart, &QChart::plotAreaChanged, axis, [chart, axis, labels, upright](const QRectF &plot) {
        if (labels.isEmpty() || plot.width() <= 0)
            return;
        const QFontMetrics fm(axis->labelsFont());
        int widest = 0;
        for (const QString &label : labels)
            for (const QString &line : label.split(QStringLiteral("<br>")))
                widest = std::max(widest, fm.horizontalAdvance(line));
        const bool needUpright = widest > plot.width() / labels.size();
        if (needUpright == *upright)
            return;
        *upright = needUpright;
        const QStringList shown = axis->categories();
        for (int i = 0; i < labels.size() && i < shown.size(); ++i)
            axis->replace(shown[i], needUpright ? oneLine(labels[i]) : labels[i]);
        axis->setLabelsAngle(needUpright ? -90 : 0);
        chart->legend()->setAlignment(needUpright ? Qt::AlignRight : Qt::AlignBottom); // the labels take the bottom
        // Changed inside a layout pass: lay out again once it ends, so that the taller labels
        // get their room.
        QTimer::singleShot(0, axis, [chart] {
            if (chart->layout())
                chart->layout()->invalidate();
        });
    });
}

// The fewest decimals at which every tick of `axis` reads exactly (to 1% of a step): whole
// numbers without ".0" (information 800, not 800.0) and small ones still told apart (a latency
// axis of 0.002 ms steps read "0.00 0.00 0.00 0.01" at two decimals). Call after the range
// and tick count are final.
void setTickFormat(QValueAxis *axis)
{
    const int n = std::max(2, axis->tickCount());
    const double step = (axis->max() - axis->min()) / (n - 1);
    if (!(step > 0) || !std::isfinite(step))
        return axis->setLabelFormat(QStringLiteral("%.1f"));
    int decimals = 0;
    for (; decimals < 6; ++decimals) {
        const double scale = std::pow(10.0, decimals);
        bool exact = true;
        for (int i = 0; i < n && exact; ++i) {
            const double v = (axis->min() + i * step) * scale;
            exact = std::abs(v - std::round(v)) <= 0.01 * step * scale;
        }
        if (exact)
            break;
    }
    // A range that is not on round numbers: enough decimals to tell neighbouring ticks apart.
    if (decimals == 6)
        decimals = std::clamp(int(std::ceil(-std::log10(step))) + 1, 0, 6);
    axis->setLabelFormat(QStringLiteral("%.") + QString::number(decimals) + QStringLiteral("f"));
}

// Hovering a line shows the value of its point nearest the mouse (text(i) says point i).
void tipNearest(QXYSeries *series, std::function<QString(int)> text)
{
    QObject::connect(series, &QXYSeries::hovered, series, [series, text](const QPointF &p, bool on) {
        if (!on)
            return QToolTip::hideText();
        int best = -1;
        double distance = 0;
        for (int i = 0; i < series->count(); ++i)
            if (const double d = std::abs(series->at(i).x() - p.x()); best < 0 || d < distance)
                best = i, distance = d;
        if (best >= 0)
            QToolTip::showText(QCursor::pos(), text(best));
    });
}

QString percent(double v) { return std::isnan(v) ? QStringLiteral("—") : QString::number(v, 'f', 3); }

void bars(QChart *chart, const ChartData &data, ChartFactory *events)
{
    const bool stacked = data.kind == ChartData::Kind::StackedBars;
    QAbstractBarSeries *series = stacked ? static_cast<QAbstractBarSeries *>(new QStackedBarSeries) : new QBarSeries;
    series->setBarWidth(0.8);
    for (const ChartSeries &s : data.series) {
        auto *set = new QBarSet(s.name);
        set->setColor(s.color);
        set->setBorderColor(s.color.darker(130));
        for (double v : s.values)
            *set << (std::isnan(v) ? 0.0 : v);
        series->append(set);
    }
    chart->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(data.categories);
    styleAxis(x, data.xTitle);
    x->setTruncateLabels(false); // the labels are short already; an ellipsis would hide the run
    fitCategoryLabels(chart, x, data.categories);
    auto *y = new QValueAxis;
    if (data.yMin < 0) {
        y->setRange(data.yMin * 1.1, std::max(data.yMax, 0.0) * 1.1 + 0.05);
        y->applyNiceNumbers();
    } else if (data.yMax == 100.0) { // points (×100): exactly 0..100, like a share's 0..1
        y->setRange(0, 100);
        y->setTickCount(6);
    } else {
        y->setRange(0, data.yMax <= 1.0 ? 1.0 : data.yMax * 1.05);
        y->setTickCount(6);
        if (data.yMax > 1.0)
            y->applyNiceNumbers();
    }
    if (!data.yFormat.isEmpty())
        y->setLabelFormat(data.yFormat);
    else
        setTickFormat(y);
    styleAxis(y, data.yTitle);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    if (events) {
        QObject::connect(series, &QAbstractBarSeries::hovered, events, [data](bool on, int index, QBarSet *set) {
            if (!on || index < 0 || index >= data.categories.size())
                return QToolTip::hideText();
            QString name = index < data.runs.size() ? data.runs[index] : data.categories[index];
            if (index < data.details.size() && !data.details[index].isEmpty())
                name += QLatin1Char('\n') + data.details[index]; // the pipeline and form of the run
            QString value = set->at(index) <= 1.0 && data.yMax <= 1.0 ? percent(set->at(index)) : QString::number(set->at(index));
            for (const ChartSeries &s : data.series) { // its 95% interval, where the chart draws one, and its n
                if (s.name != set->label())
                    continue;
                if (index < s.low.size() && index < s.high.size() && !std::isnan(s.low[index]) && !std::isnan(s.high[index]))
                    value += QStringLiteral(" [%1, %2]").arg(percent(s.low[index]), percent(s.high[index]));
                value += s.countText(index);
            }
            QToolTip::showText(QCursor::pos(), QStringLiteral("%1\n%2: %3").arg(name, set->label(), value));
        });
        QObject::connect(series, &QAbstractBarSeries::clicked, events, [data, events](int index, QBarSet *set) {
            if (index >= 0 && index < data.runs.size())
                emit events->barClicked(data.runs[index], set->label());
        });
    }
    // Error bars: a vertical segment with caps at each bar that has an interval, on a hidden
    // value axis aligned with the categories (category i spans [i − 0.5, i + 0.5]).
    bool any = false;
    for (const ChartSeries &s : data.series)
        for (int i = 0; i < s.low.size(); ++i)
            any = any || !std::isnan(s.low[i]);
    // Stacked bars take intervals only where one series holds the category (the abilities
    // per factor level): the interval sits on the bar's centre.
    if (!any)
        return;
    auto *hx = new QValueAxis;
    hx->setRange(-0.5, data.categories.size() - 0.5);
    hx->setVisible(false);
    chart->addAxis(hx, Qt::AlignTop);
    const int n = int(data.series.size());
    const double width = 0.8 / n;
    for (int j = 0; j < n; ++j) {
        const ChartSeries &s = data.series[j];
        for (int i = 0; i < s.low.size(); ++i) {
            if (std::isnan(s.low[i]) || std::isnan(s.high[i]))
                continue;
            const double cx = stacked ? double(i) : i - 0.4 + (j + 0.5) * width, cap = stacked ? 0.08 : width * 0.25;
            auto *line = new QLineSeries;
            line->setProperty(HelperProperty, true);
            *line << QPointF(cx - cap, s.low[i]) << QPointF(cx + cap, s.low[i]) << QPointF(cx, s.low[i]) << QPointF(cx, s.high[i])
                  << QPointF(cx - cap, s.high[i]) << QPointF(cx + cap, s.high[i]);
            QPen pen(QColor(0x22, 0x22, 0x22));
            pen.setWidthF(1.5);
            line->setPen(pen);
            chart->addSeries(line);
            line->attachAxis(hx);
            line->attachAxis(y);
            chart->legend()->markers(line).value(0)->setVisible(false);
        }
    }
}

void radar(QChart *chart, const ChartData &data)
{
    auto *polar = static_cast<QPolarChart *>(chart);
    const int n = int(data.categories.size());
    auto *angular = new QCategoryAxis;
    angular->setRange(0, n);
    angular->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    for (int i = 0; i < n; ++i)
        angular->append(data.categories[i], i);
    styleAxis(angular, QString());
    auto *radial = new QValueAxis;
    radial->setRange(0, 1);
    radial->setTickCount(6);
    radial->setLabelFormat(QStringLiteral("%.1f"));
    styleAxis(radial, QString());
    polar->addAxis(angular, QPolarChart::PolarOrientationAngular);
    polar->addAxis(radial, QPolarChart::PolarOrientationRadial);
    for (const ChartSeries &s : data.series) {
        auto *line = new QLineSeries;
        line->setName(s.name);
        // An unknown value (NaN) has no vertex: the polygon joins its neighbours, and the hover
        // of the axis says n/a.
        for (int i = 0; i < s.values.size(); ++i)
            if (!std::isnan(s.values[i]))
                *line << QPointF(i, s.values[i]);
        if (!s.values.isEmpty() && !std::isnan(s.values.first()))
            *line << QPointF(n, s.values.first()); // close the polygon
        QPen pen(s.color);
        pen.setWidthF(2.2);
        line->setPen(pen);
        line->setPointsVisible(true);
        const QStringList categories = data.categories;
        tipNearest(line, [s, categories, line](int i) {
            const int at = categories.isEmpty() ? 0 : int(std::lround(line->at(i).x())) % int(categories.size());
            const QString run = s.labels.value(at);
            return QStringLiteral("%1%2\n%3: %4").arg(run.isEmpty() ? QString() : run + QLatin1Char('\n'), s.name, categories.value(at), s.valueText(at));
        });
        polar->addSeries(line);
        line->attachAxis(angular);
        line->attachAxis(radial);
    }
}

void scatter(QChart *chart, const ChartData &data)
{
    auto *x = new QValueAxis;
    auto *y = new QValueAxis;
    double maxX = 0;
    for (const ChartSeries &s : data.series)
        for (double v : s.x)
            maxX = std::max(maxX, v);
    x->setRange(0, maxX > 0 ? maxX * 1.15 : 1.0);
    x->setTickCount(7);
    x->applyNiceNumbers();
    setTickFormat(x);
    y->setRange(0, 1.1);
    y->setTickCount(12);
    y->setLabelFormat(QStringLiteral("%.1f"));
    styleAxis(x, data.xTitle);
    styleAxis(y, data.yTitle);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    chart->legend()->setAlignment(Qt::AlignRight); // one point per run: the names need a column
    for (const ChartSeries &s : data.series) {
        auto *points = new QScatterSeries;
        points->setName(s.name);
        points->setColor(s.color);
        points->setBorderColor(s.color.darker(140));
        points->setMarkerSize(15);
        static const QScatterSeries::MarkerShape shapes[] = {QScatterSeries::MarkerShapeCircle, QScatterSeries::MarkerShapeRectangle,
                                                             QScatterSeries::MarkerShapeTriangle, QScatterSeries::MarkerShapeStar};
        points->setMarkerShape(shapes[s.marker % 4]);
        for (int i = 0; i < s.values.size(); ++i)
            if (!std::isnan(s.values[i])) // unknown: no point (the subtitle names it)
                *points << QPointF(s.x.value(i), s.values[i]);
        chart->addSeries(points);
        points->attachAxis(x);
        points->attachAxis(y);
        QObject::connect(points, &QScatterSeries::hovered, points, [s](const QPointF &p, bool on) {
            if (!on)
                return QToolTip::hideText();
            for (int i = 0; i < s.values.size(); ++i)
                if (std::abs(s.x.value(i) - p.x()) < 1e-9 && std::abs(s.values[i] - p.y()) < 1e-9)
                    QToolTip::showText(QCursor::pos(), QStringLiteral("%1\n%2\n%3 ms, %4").arg(s.name, s.labels.value(i)).arg(p.x(), 0, 'g', 3).arg(s.valueText(i)));
        });
    }
}

void lines(QChart *chart, const ChartData &data)
{
    // A logarithmic x (a validation's sizes, 5 to 200 items) is drawn as log10 on a category
    // axis labelled at exactly the measured values.
    bool logX = data.xLog;
    for (const ChartSeries &s : data.series)
        for (double v : s.x)
            logX = logX && v > 0;
    const auto place = [logX](double v) { return logX ? std::log10(v) : v; };
    QAbstractAxis *xAxis = nullptr;
    double lo = 0, hi = 1;
    bool first = true;
    std::set<double> measured;
    for (const ChartSeries &s : data.series)
        for (double v : s.x) {
            lo = first ? place(v) : std::min(lo, place(v));
            hi = first ? place(v) : std::max(hi, place(v));
            first = false;
            measured.insert(v);
        }
    if (data.xMax > data.xMin && !logX) { // a known domain (θ): whole, with or without points
        lo = std::min(data.xMin, lo);
        hi = std::max(data.xMax, hi);
    }
    const bool counts = !data.xFormat.isEmpty();
    const bool fewCounts = counts && !logX && hi - lo < 6;
    if (fewCounts) { // few or no points (an adaptive take's start): a tick per count, a free one each side
        const double dataHi = hi;
        lo = std::max(0.0, std::floor(lo) - 1);
        hi = std::max(lo + 6, std::ceil(dataHi) + 1);
    } else if (hi <= lo) {
        hi = lo + 1;
    }
    // Room beyond the first and last points, so their markers are drawn whole.
    const double pad = 0.04 * (hi - lo);
    if (logX) {
        auto *x = new QCategoryAxis;
        x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
        x->setRange(lo - pad, hi + pad);
        for (double v : measured)
            x->append(QString::number(v, 'g', 6), std::log10(v));
        xAxis = x;
    } else {
        auto *x = new QValueAxis;
        x->setLabelFormat(counts ? data.xFormat : QStringLiteral("%.1f"));
        if (fewCounts) {
            x->setRange(lo, hi);
            x->setTickCount(int(hi - lo) + 1);
        } else if (data.xMax > data.xMin && lo == data.xMin && hi == data.xMax) {
            // The known domain exactly, a tick per whole unit when few (θ: −3 … 3).
            x->setRange(lo, hi);
            if (hi - lo <= 10 && std::floor(lo) == lo && std::floor(hi) == hi) {
                x->setTickCount(int(hi - lo) + 1);
                x->setLabelFormat(QStringLiteral("%.0f"));
            } else {
                x->setTickCount(7);
            }
        } else {
            // Counts start at 0 at the lowest: padding must not take nice numbers below it.
            x->setRange(counts && lo >= 0 ? std::max(0.0, lo - pad) : lo - pad, hi + pad);
            x->setTickCount(7);
            if (counts)
                x->applyNiceNumbers(); // counts (items answered): ticks on round numbers
        }
        xAxis = x;
    }
    auto *y = new QValueAxis;
    if (data.yMin != 0) { // a scale below zero (abilities): as given, rounded out
        y->setRange(data.yMin, data.yMax > data.yMin ? data.yMax : data.yMin + 1);
        y->applyNiceNumbers();
    } else if (data.yMax == 1.0) { // a probability: exactly 0..1
        y->setRange(0, 1);
        y->setTickCount(6);
    } else {
        y->setRange(0, data.yMax > 0 ? data.yMax * 1.08 : 1.0);
        y->applyNiceNumbers();
    }
    setTickFormat(y);
    styleAxis(xAxis, data.xTitle);
    styleAxis(y, data.yTitle);
    chart->addAxis(xAxis, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    if (data.series.size() > 4)
        chart->legend()->setAlignment(Qt::AlignRight);
    for (const ChartSeries &s : data.series) {
        // A confidence band (low/high per point) under the line, translucent, not in the legend.
        QList<QPointF> lows, highs;
        for (int i = 0; i < s.low.size() && i < s.high.size(); ++i)
            if (!std::isnan(s.low[i]) && !std::isnan(s.high[i]))
                lows << QPointF(place(s.x.value(i)), s.low[i]), highs << QPointF(place(s.x.value(i)), s.high[i]);
        if (!lows.isEmpty()) {
            auto *lower = new QLineSeries, *upper = new QLineSeries;
            lower->replace(lows), upper->replace(highs);
            auto *band = new QAreaSeries(upper, lower);
            QColor fill = s.color;
            fill.setAlphaF(0.18);
            band->setBrush(fill);
            band->setPen(Qt::NoPen);
            band->setProperty(HelperProperty, true);
            chart->addSeries(band);
            band->attachAxis(xAxis);
            band->attachAxis(y);
            for (QLegendMarker *m : chart->legend()->markers(band))
                m->setVisible(false);
        }
        auto *line = new QLineSeries;
        line->setName(s.name);
        QPen pen(s.color);
        pen.setWidthF(2.2);
        line->setPen(pen);
        QList<QPointF> points;
        points.reserve(s.values.size());
        for (int i = 0; i < s.values.size(); ++i)
            points << QPointF(place(s.x.value(i)), s.values[i]);
        line->replace(points);
        // A few measured points (a validation's sizes) are marked, so a reader sees where the
        // line was measured and where it only joins them; a long trace stays a line.
        line->setPointsVisible(points.size() <= 20);
        line->setMarkerSize(8.0);
        tipNearest(line, [s, data](int i) {
            return QStringLiteral("%1\n%2 %3: %4").arg(s.name, data.xTitle).arg(s.x.value(i), 0, 'g', 4).arg(s.valueText(i));
        });
        chart->addSeries(line);
        line->attachAxis(xAxis);
        line->attachAxis(y);
    }
}

} // namespace

void ChartFactory::fitTitle(QChart *chart, const ChartData &data, qreal width)
{
    QStringList lines;
    if (width <= 0) {
        lines << data.subtitle.toHtmlEscaped();
    } else {
        QFont small = chart->titleFont();
        small.setPointSize(9);
        const QFontMetricsF metrics(small);
        QString line;
        for (const QString &word : data.subtitle.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
            if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
                lines << line.toHtmlEscaped();
                line = word;
            } else {
                line = longer;
            }
        }
        lines << line.toHtmlEscaped();
    }
    QString html = QStringLiteral("<b>%1</b>").arg(data.title.toHtmlEscaped());
    for (const QString &line : std::as_const(lines))
        html += QStringLiteral("<br><span style='font-size:9pt; color:#555'>%1</span>").arg(line);
    chart->setTitle(html);
}

void ChartFactory::fitLegend(QChart *chart, qreal width)
{
    QLegend *legend = chart->legend();
    // Only a legend made for the bottom moves: the ones made for a column stay there.
    const char *home = "assayLegendHome";
    if (!chart->property(home).isValid())
        chart->setProperty(home, int(legend->alignment()));
    if (chart->property(home).toInt() != Qt::AlignBottom || width <= 0)
        return;
    const QFontMetricsF metrics(legend->font());
    qreal needs = 0;
    for (QLegendMarker *marker : legend->markers())
        if (marker->isVisible())
            needs += metrics.horizontalAdvance(marker->label()) + metrics.height() + 16; // the label, its colour box, the gaps
    legend->setAlignment(needs > width - 20 ? Qt::AlignRight : Qt::AlignBottom);
}

QChart *ChartFactory::create(const ChartData &data, ChartFactory *events)
{
    QChart *chart = data.kind == ChartData::Kind::Radar ? new QPolarChart : new QChart;
    style(chart, data);
    switch (data.kind) {
    case ChartData::Kind::StackedBars:
    case ChartData::Kind::Bars: bars(chart, data, events); break;
    case ChartData::Kind::Radar: radar(chart, data); break;
    case ChartData::Kind::Scatter: scatter(chart, data); break;
    case ChartData::Kind::Lines: lines(chart, data); break;
    }
    return chart;
}

int ChartFactory::dataSeriesCount(const QChart *chart)
{
    int n = 0;
    for (QAbstractSeries *s : chart->series()) {
        if (s->property(HelperProperty).toBool())
            continue;
        if (auto *barSeries = qobject_cast<QAbstractBarSeries *>(s))
            n += int(barSeries->count());
        else
            ++n;
    }
    return n;
}

} // namespace assay
