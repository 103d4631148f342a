#pragma once
// Writes a chart as PNG (a size in pixels at a chosen DPI), SVG or PDF, or as SVG text for
// the HTML report. The chart is rebuilt from its data at the export size, so exports look
// the same from the application and from the command line.
#include "analysis/chartdata.h"
#include "core/result.h"

#include <QImage>
#include <QSize>

namespace assay {

class ChartExporter {
public:
    static constexpr QSize DefaultSize{1000, 600}; // logical pixels (96 DPI)
    static Status png(const ChartData &data, const QString &path, int dpi = 96, QSize size = DefaultSize);
    static Status svg(const ChartData &data, const QString &path, QSize size = DefaultSize);
    static Status pdf(const ChartData &data, const QString &path, QSize size = DefaultSize);
    static QByteArray svgText(const ChartData &data, QSize size = DefaultSize);
    static QImage image(const ChartData &data, int dpi = 96, QSize size = DefaultSize);
    // "png", "svg", "pdf": the file is DIR/<chart id>.<format>.
    static Status write(const ChartData &data, const QString &dir, const QString &format, int dpi = 96);
};

} // namespace assay
