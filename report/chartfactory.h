#pragma once
// Builds a QtCharts chart from ChartData: stacked or grouped bars (error bars drawn as line
// segments over the bars), a polar radar, or a latency-vs-score scatter. One look for the
// application and the exported files: titles, axis labels, legend, readable fonts.
#include "analysis/chartdata.h"

#include <QObject>

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace assay {

class ChartFactory : public QObject {
    Q_OBJECT
public:
    // A new chart (the caller owns it). `interactive` connects hover tool tips and clicks.
    static QChart *create(const ChartData &data, ChartFactory *events = nullptr);
    // Sets the chart's title and subtitle, the subtitle broken into lines no wider than `width`
    // pixels (QtCharts elides a title line wider than the chart; 0: one line).
    static void fitTitle(QChart *chart, const ChartData &data, qreal width);
    // A legend made for the bottom whose names do not fit in one row of this width moves to a
    // column at the right (QtCharts would elide every name), and back when there is room.
    static void fitLegend(QChart *chart, qreal width);
    // How many data series the chart holds (error bars and radar closings not counted).
    static int dataSeriesCount(const QChart *chart);

signals:
    // A click on a bar: the run behind the category and the series (e.g. "gap").
    void barClicked(const QString &run, const QString &series);
};

} // namespace assay
