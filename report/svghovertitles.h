#pragma once
// Hover titles for an exported SVG chart (issue 77 item 6): a browser shows an element's
// <title> as its tooltip, as the app shows a value when the mouse rests on a bar or a point.
// After the chart is painted, each bar gets a transparent rectangle over it and each point of
// a scatter or a line a transparent circle, titled with the run (or category), the series and
// the value, with its interval where the chart has one. Radar charts get none.
#include "analysis/chartdata.h"

#include <QByteArray>

class QChart;

namespace assay {

class SvgHoverTitles {
public:
    // The <g> element of titled shapes for `chart`, laid out from `data` at the size it was
    // painted (chart coordinates = SVG coordinates); empty when the chart has nothing to title.
    static QByteArray group(const ChartData &data, QChart *chart);
    // `svg` with group() inserted before its closing </svg>.
    static QByteArray insert(const QByteArray &svg, const QByteArray &group);
};

} // namespace assay
