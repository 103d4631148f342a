#include "report/chartexporter.h"

#include "report/chartfactory.h"
#include "report/svghovertitles.h"
#include "project/heldfiles.h"

#include <QBuffer>
#include <QChart>
#include <QDir>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>

#include <algorithm>
#include <memory>

namespace assay {

namespace {

// Lays the chart out at `size` in `scene` (which owns it).
QChart *layOut(const ChartData &data, QGraphicsScene &scene, QSize size)
{
    QChart *chart = ChartFactory::create(data);
    scene.addItem(chart);
    ChartFactory::fitTitle(chart, data, size.width() - 48);
    chart->setGeometry(QRectF(QPointF(0, 0), size));
    scene.setSceneRect(QRectF(QPointF(0, 0), size));
    scene.setBackgroundBrush(Qt::white);
    return chart;
}

void render(QGraphicsScene &scene, QPainter *painter, const QRectF &target)
{
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::TextAntialiasing);
    scene.render(painter, target, scene.sceneRect());
}

// Lays the chart out at `size` in its own scene and paints it into `target` on `painter`.
void paint(const ChartData &data, QPainter *painter, const QRectF &target, QSize size)
{
    QGraphicsScene scene;
    layOut(data, scene, size);
    render(scene, painter, target);
}

// QSvgGenerator writes Qt's font alias "Sans Serif", which browsers do not know (they fall
// back to a serif face), and splits a line at every change of font (a θ from a fallback
// font) into texts at positions measured with Qt's font, which a browser's font does not
// match: "peak 578.68 at      θ". A line's runs with the same attributes become one text at
// the first run's position, in a generic sans-serif family.
QByteArray tidySvg(const QByteArray &svg)
{
    QString text = QString::fromUtf8(svg);
    text.replace(QLatin1String("font-family=\"Sans Serif\""), QLatin1String("font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\""));
    static const QRegularExpression run(QStringLiteral("<text ([^>]*?) x=\"([-0-9.e]+)\" y=\"([-0-9.e]+)\" ([^>]*?)\\s*>([^<]*)</text>\\s*"));
    QString out;
    out.reserve(text.size());
    qsizetype at = 0;
    QString pendingHead, pendingTail, pendingY, pendingX, pendingContent;
    qsizetype pendingEnd = -1;
    const auto flush = [&] {
        if (pendingEnd < 0)
            return;
        out += QStringLiteral("<text %1 x=\"%2\" y=\"%3\" %4>%5</text>\n").arg(pendingHead, pendingX, pendingY, pendingTail.trimmed(), pendingContent);
        pendingEnd = -1;
    };
    auto it = run.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        bool continues = pendingEnd == m.capturedStart() && m.captured(1) == pendingHead && m.captured(3) == pendingY && m.captured(4) == pendingTail;
        if (continues) {
            // The next run of the same line starts about where this one ends (a character is
            // 0.35–0.85 of the font size wide); tick labels on one line stand much further apart.
            static const QRegularExpression sizeAttr(QStringLiteral("font-size=\"([0-9.]+)\""));
            const double size = sizeAttr.match(pendingTail).captured(1).toDouble();
            const double perChar = (m.captured(2).toDouble() - pendingX.toDouble()) / std::max<qsizetype>(1, pendingContent.size());
            continues = size > 0 && perChar >= 0.35 * size && perChar <= 0.85 * size;
        }
        if (continues) {
            pendingContent += m.captured(5);
            pendingEnd = m.capturedEnd();
            at = m.capturedEnd();
            continue;
        }
        flush();
        out += QStringView(text).mid(at, m.capturedStart() - at);
        pendingHead = m.captured(1);
        pendingX = m.captured(2);
        pendingY = m.captured(3);
        pendingTail = m.captured(4);
        pendingContent = m.captured(5);
        pendingEnd = m.capturedEnd();
        at = m.capturedEnd();
    }
    flush();
    out += QStringView(text).mid(at);
    return out.toUtf8();
}

} // namespace

QImage ChartExporter::image(const ChartData &data, int dpi, QSize size)
{
    const double scale = dpi / 96.0;
    QImage img(QSize(int(size.width() * scale), int(size.height() * scale)), QImage::Format_ARGB32_Premultiplied);
    img.setDotsPerMeterX(int(dpi / 0.0254));
    img.setDotsPerMeterY(int(dpi / 0.0254));
    img.fill(Qt::white);
    QPainter painter(&img);
    paint(data, &painter, QRectF(QPointF(0, 0), img.size()), size);
    return img;
}

Status ChartExporter::png(const ChartData &data, const QString &path, int dpi, QSize size)
{
    if (dpi < 24 || dpi > 1200)
        return Status::failure(QStringLiteral("DPI %1 is out of range (24–1200)").arg(dpi));
    if (auto free = HeldFiles::checkFree(path); !free)
        return free;
    if (!image(data, dpi, size).save(path, "PNG"))
        return Status::failure(QStringLiteral("%1: cannot write the PNG").arg(path));
    return {};
}

QByteArray ChartExporter::svgText(const ChartData &data, QSize size)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(96); // fonts at the size they have on screen, relative to the chart
    generator.setTitle(data.title);
    generator.setDescription(data.subtitle);
    QGraphicsScene scene;
    QChart *chart = layOut(data, scene, size);
    {
        QPainter painter(&generator);
        render(scene, &painter, QRectF(QPointF(0, 0), size));
    }
    // Each bar and point titled with its value: a browser shows it on hover, as the app does.
    return SvgHoverTitles::insert(tidySvg(buffer.data()), SvgHoverTitles::group(data, chart));
}

Status ChartExporter::svg(const ChartData &data, const QString &path, QSize size)
{
    if (auto free = HeldFiles::checkFree(path); !free)
        return free;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(svgText(data, size)) < 0)
        return Status::failure(QStringLiteral("%1: cannot write the SVG (%2)").arg(path, f.errorString()));
    return {};
}

Status ChartExporter::pdf(const ChartData &data, const QString &path, QSize size)
{
    if (auto free = HeldFiles::checkFree(path); !free)
        return free;
    QPdfWriter writer(path);
    writer.setResolution(96);
    writer.setPageSize(QPageSize(QSizeF(size.width() / 96.0 * 25.4, size.height() / 96.0 * 25.4), QPageSize::Millimeter));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    writer.setTitle(data.title);
    QPainter painter;
    if (!painter.begin(&writer))
        return Status::failure(QStringLiteral("%1: cannot write the PDF").arg(path));
    paint(data, &painter, QRectF(QPointF(0, 0), QSizeF(writer.width(), writer.height())), size);
    painter.end();
    return {};
}

Status ChartExporter::write(const ChartData &data, const QString &dir, const QString &format, int dpi)
{
    const QString path = QDir(dir).filePath(data.id + QLatin1Char('.') + format);
    if (format == QLatin1String("png"))
        return png(data, path, dpi);
    if (format == QLatin1String("svg"))
        return svg(data, path);
    if (format == QLatin1String("pdf"))
        return pdf(data, path);
    return Status::failure(QStringLiteral("unknown plot format '%1' (svg, png, pdf)").arg(format));
}

} // namespace assay
