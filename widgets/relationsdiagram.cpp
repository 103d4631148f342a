#include "relationsdiagram.h"

#include "schema/knowledgebase.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QtMath>

namespace assay {

RelationsDiagram::RelationsDiagram(KnowledgeBase *knowledge, QWidget *parent) : QWidget(parent), m_knowledge(knowledge)
{
    setObjectName(QStringLiteral("relationsDiagram"));
    auto refresh = [this] {
        setToolTip(relations().join(QLatin1Char('\n')));
        updateMinimumSize();
        update();
    };
    connect(knowledge, &KnowledgeBase::tablesChanged, this, refresh);
    connect(knowledge, &KnowledgeBase::columnsChanged, this, refresh);
    refresh();
}

void RelationsDiagram::setCurrentTable(qint64 tableId)
{
    m_current = tableId;
    update();
}

QStringList RelationsDiagram::relations() const
{
    QStringList out;
    for (const KnowledgeTable &t : m_knowledge->tables())
        for (const KnowledgeColumn &c : t.columns)
            if (c.foreignKey)
                out << QStringLiteral("%1.%2 → %3").arg(t.name, c.name, m_knowledge->qualifiedName(c.foreignKey));
    return out;
}

QHash<qint64, QRectF> RelationsDiagram::layoutBoxes() const
{
    QHash<qint64, QRectF> boxes;
    const auto &tables = m_knowledge->tables();
    const int n = int(tables.size());
    if (n == 0)
        return boxes;
    const QFontMetrics fm(font());
    const QPointF centre(width() / 2.0, height() / 2.0);
    const double rx = n == 1 ? 0 : width() / 2.0 - 60;
    const double ry = n == 1 ? 0 : height() / 2.0 - 22;
    for (int i = 0; i < n; ++i) {
        const double angle = -M_PI / 2 + 2 * M_PI * i / n;
        const QPointF p = centre + QPointF(rx * std::cos(angle), ry * std::sin(angle));
        const double w = fm.horizontalAdvance(tables[i].name) + 18;
        const double h = fm.height() + 10;
        boxes.insert(tables[i].id, QRectF(p.x() - w / 2, p.y() - h / 2, w, h));
    }
    return boxes;
}

void RelationsDiagram::updateMinimumSize()
{
    // The boxes on the left and right of the ellipse are a box apart when it is the widest box
    // wider than its margins; down each side, a box's height per table.
    const QFontMetrics fm(font());
    int widest = 0;
    const auto &tables = m_knowledge->tables();
    for (const KnowledgeTable &t : tables)
        widest = std::max(widest, fm.horizontalAdvance(t.name) + 18);
    const int n = int(tables.size());
    const int boxHeight = fm.height() + 10;
    setMinimumSize(std::max(200, widest + 150), std::max(200, (n / 2 + 1) * (boxHeight + 14) + 44));
}

QVector<RelationsDiagram::Edge> RelationsDiagram::edges(const QHash<qint64, QRectF> &boxes) const
{
    QVector<Edge> out;
    // Clip a line to a box's border so the arrowhead touches the target box.
    const auto clip = [](const QRectF &r, const QLineF &l, bool fromStart) {
        const QLineF sides[] = {{r.topLeft(), r.topRight()}, {r.topRight(), r.bottomRight()}, {r.bottomRight(), r.bottomLeft()}, {r.bottomLeft(), r.topLeft()}};
        for (const QLineF &side : sides) {
            QPointF hit;
            if (l.intersects(side, &hit) == QLineF::BoundedIntersection)
                return hit;
        }
        return fromStart ? l.p1() : l.p2();
    };
    for (const KnowledgeTable &t : m_knowledge->tables())
        for (const KnowledgeColumn &c : t.columns) {
            const KnowledgeColumn *target = c.foreignKey ? m_knowledge->column(c.foreignKey) : nullptr;
            if (!target || !boxes.contains(target->tableId) || target->tableId == t.id)
                continue;
            const QRectF a = boxes[t.id], b = boxes[target->tableId];
            const QLineF line(a.center(), b.center());
            out.append({QLineF(clip(a, line, true), clip(b, line, false)), c.name, t.id == m_current || target->tableId == m_current});
        }
    return out;
}

QVector<QRectF> RelationsDiagram::placeLabels(const QHash<qint64, QRectF> &boxes, const QVector<Edge> &edges) const
{
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    const QFontMetricsF fm(small);
    QVector<QRectF> placed;
    const auto clear = [&](const QRectF &r) {
        for (const QRectF &b : boxes)
            if (r.intersects(b.adjusted(-2, -2, 2, 2)))
                return false;
        for (const QRectF &l : std::as_const(placed))
            if (r.intersects(l))
                return false;
        return rect().contains(r.toRect());
    };
    for (const Edge &e : edges) {
        QRectF box(0, 0, fm.horizontalAdvance(e.column) + 6, fm.height() + 2);
        // Along the arrow from its middle outwards, then on widening rings around the middle.
        bool done = false;
        for (const double t : {0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8}) {
            box.moveCenter(e.shown.pointAt(t));
            if ((done = clear(box)))
                break;
        }
        for (int radius = 6; radius <= 90 && !done; radius += 6)
            for (int degrees = 0; degrees < 360 && !done; degrees += 20) {
                const double a = qDegreesToRadians(double(degrees));
                box.moveCenter(e.shown.center() + QPointF(radius * std::cos(a), radius * std::sin(a)));
                done = clear(box);
            }
        if (!done)
            box.moveCenter(e.shown.center()); // no clear place at this size: on the middle
        placed << box;
    }
    return placed;
}

QVector<QRectF> RelationsDiagram::boxRects() const { return layoutBoxes().values().toVector(); }

QVector<QRectF> RelationsDiagram::labelRects() const
{
    const auto boxes = layoutBoxes();
    return placeLabels(boxes, edges(boxes));
}

void RelationsDiagram::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().base());
    const auto boxes = layoutBoxes();
    if (boxes.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, tr("Foreign keys between tables appear here."));
        return;
    }
    const QColor edge(47, 111, 159);
    const QVector<Edge> lines = edges(boxes);
    for (const Edge &e : lines) {
        p.setPen(QPen(e.current ? edge : edge.lighter(150), e.current ? 2.0 : 1.3));
        p.drawLine(e.shown);
        const double angle = std::atan2(-e.shown.dy(), e.shown.dx());
        const QPointF tip = e.shown.p2();
        QPainterPath head;
        head.moveTo(tip);
        head.lineTo(tip - QPointF(std::cos(angle - 0.4) * 9, -std::sin(angle - 0.4) * 9));
        head.lineTo(tip - QPointF(std::cos(angle + 0.4) * 9, -std::sin(angle + 0.4) * 9));
        head.closeSubpath();
        p.fillPath(head, e.current ? edge : edge.lighter(150));
    }
    p.setFont(font());
    for (const KnowledgeTable &t : m_knowledge->tables()) {
        const QRectF r = boxes[t.id];
        const bool current = t.id == m_current;
        p.setPen(QPen(edge, current ? 2 : 1));
        p.setBrush(current ? QColor(220, 234, 245) : palette().color(QPalette::Window));
        p.drawRoundedRect(r, 5, 5);
        p.setPen(palette().color(QPalette::Text));
        p.drawText(r, Qt::AlignCenter, t.name);
    }
    // Labels last, on a backdrop, where they cover no box and no other label.
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    p.setFont(small);
    const QVector<QRectF> labels = placeLabels(boxes, lines);
    for (int i = 0; i < labels.size(); ++i) {
        QColor backdrop = palette().color(QPalette::Base);
        backdrop.setAlpha(220);
        p.fillRect(labels[i], backdrop);
        p.setPen(palette().color(QPalette::Text));
        p.drawText(labels[i], Qt::AlignCenter, lines[i].column);
    }
}

void RelationsDiagram::mousePressEvent(QMouseEvent *event)
{
    const auto boxes = layoutBoxes();
    for (auto it = boxes.begin(); it != boxes.end(); ++it)
        if (it.value().contains(event->position()))
            emit tableClicked(it.key());
}

} // namespace assay
