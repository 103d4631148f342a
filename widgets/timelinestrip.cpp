#include "timelinestrip.h"

#include "readers/readerregistry.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

namespace assay {

namespace {
constexpr int RowHeight = 22;
constexpr double MinimumWidth = 18;
} // namespace

TimelineStrip::TimelineStrip(QWidget *parent) : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void TimelineStrip::setTrace(const AgentTrace &trace)
{
    m_trace = trace;
    m_current = -1;
    updateGeometry();
    update();
}

void TimelineStrip::setCurrent(int step)
{
    m_current = step;
    update();
}

QSize TimelineStrip::sizeHint() const
{
    int depth = 0;
    for (const AgentStep &s : m_trace.steps())
        depth = std::max(depth, s.depth);
    return {400, 8 + RowHeight * (1 + std::min(depth, 4))};
}

QSize TimelineStrip::minimumSizeHint() const { return {120, sizeHint().height()}; }

QColor TimelineStrip::actionColor(const QString &action)
{
    // Okabe–Ito colours, distinguishable with colour-blindness.
    if (action == QLatin1String("search")) return QColor(0x56, 0xB4, 0xE9);
    if (action == QLatin1String("lookup")) return QColor(0x00, 0x9E, 0x73);
    if (action == QLatin1String("sql") || action == QLatin1String("program")) return QColor(0xE6, 0x9F, 0x00);
    if (action == QLatin1String("list_tables") || action == QLatin1String("describe")) return QColor(0xF0, 0xE4, 0x42);
    if (action == QLatin1String("finish")) return QColor(0x00, 0x72, 0xB2);
    if (action == QLatin1String("give_up_and_restart")) return QColor(0xCC, 0x79, 0xA7);
    return QColor(0x99, 0x99, 0x99);
}

QVector<QRectF> TimelineStrip::segments() const
{
    QVector<QRectF> out;
    const auto &steps = m_trace.steps();
    if (steps.isEmpty())
        return out;
    double total = 0;
    for (const AgentStep &s : steps)
        total += std::max(0.0, s.latencyMs);
    const double available = std::max(1.0, width() - 8 - MinimumWidth * steps.size());
    double x = 4;
    for (const AgentStep &s : steps) {
        const double w = MinimumWidth + (total > 0 ? available * std::max(0.0, s.latencyMs) / total : available / steps.size());
        const int row = std::min(s.depth, 4);
        out << QRectF(x, 4 + row * RowHeight, w - 2, RowHeight - 4);
        x += w;
    }
    return out;
}

int TimelineStrip::stepAt(const QPointF &point) const
{
    const auto rects = segments();
    for (int i = 0; i < rects.size(); ++i)
        if (rects[i].contains(point))
            return i;
    return -1;
}

void TimelineStrip::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const auto rects = segments();
    if (rects.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No steps."));
        return;
    }
    const auto &steps = m_trace.steps();
    for (int i = 0; i < rects.size(); ++i) {
        const AgentStep &s = steps[i];
        const QColor fill = actionColor(s.action);
        p.setPen(i == m_current ? QPen(palette().color(QPalette::Highlight), 2.5) : QPen(fill.darker(130), 1));
        p.setBrush(fill);
        p.drawRoundedRect(rects[i], 3, 3);
        if (s.error) {
            p.setBrush(QBrush(QColor(0xB0, 0x30, 0x00), Qt::BDiagPattern));
            p.setPen(Qt::NoPen);
            p.drawRoundedRect(rects[i], 3, 3);
        }
        const QString label = s.action.isEmpty() ? QStringLiteral("?") : s.action;
        const QString shown = p.fontMetrics().horizontalAdvance(label) + 6 <= rects[i].width() ? label : QString::number(i + 1);
        if (p.fontMetrics().horizontalAdvance(shown) + 4 <= rects[i].width()) {
            p.setPen(fill.lightness() > 150 ? Qt::black : Qt::white);
            p.drawText(rects[i], Qt::AlignCenter, shown);
        }
    }
}

void TimelineStrip::mousePressEvent(QMouseEvent *event)
{
    const int step = stepAt(event->position());
    if (step >= 0) {
        setCurrent(step);
        emit stepClicked(step);
    }
}

bool TimelineStrip::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int step = stepAt(help->pos());
        if (step < 0) {
            QToolTip::hideText();
            return true;
        }
        const AgentStep &s = m_trace.steps()[step];
        QToolTip::showText(help->globalPos(), tr("Step %1: %2%3 · %4 ms · %5 tokens%6")
                                                  .arg(step + 1)
                                                  .arg(s.action.isEmpty() ? tr("no valid action") : s.action)
                                                  .arg(s.error ? tr(" (error)") : QString())
                                                  .arg(s.latencyMs, 0, 'f', 0)
                                                  .arg(s.promptTokens + s.completionTokens)
                                                  .arg(ReaderRegistry::instance().tracesHaveDepth(m_trace.workflow()) ? tr(" · depth %1").arg(s.depth) : QString()),
                           this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace assay
