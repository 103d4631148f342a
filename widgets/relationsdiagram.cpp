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
    setMinimumHeight(180);
    auto refresh = [this] {
        setToolTip(relations().join(QLatin1Char('\n')));
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
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    QVector<QPair<QPointF, QString>> labels; // drawn last so boxes never hide them
    for (const KnowledgeTable &t : m_knowledge->tables()) {
        for (const KnowledgeColumn &c : t.columns) {
            const KnowledgeColumn *target = c.foreignKey ? m_knowledge->column(c.foreignKey) : nullptr;
            if (!target || !boxes.contains(target->tableId) || target->tableId == t.id)
                continue;
            const QRectF a = boxes[t.id], b = boxes[target->tableId];
            const QLineF line(a.center(), b.center());
            // Clip the line to the boxes' borders so the arrowhead touches the target box.
            auto clip = [](const QRectF &r, const QLineF &l, bool fromStart) {
                const QLineF sides[] = {{r.topLeft(), r.topRight()}, {r.topRight(), r.bottomRight()},
                                        {r.bottomRight(), r.bottomLeft()}, {r.bottomLeft(), r.topLeft()}};
                for (const QLineF &s : sides) {
                    QPointF hit;
                    if (l.intersects(s, &hit) == QLineF::BoundedIntersection)
                        return hit;
                }
                return fromStart ? l.p1() : l.p2();
            };
            const QLineF shown(clip(a, line, true), clip(b, line, false));
            const bool current = t.id == m_current || target->tableId == m_current;
            p.setPen(QPen(current ? edge : edge.lighter(150), current ? 2.0 : 1.3));
            p.drawLine(shown);
            const double angle = std::atan2(-shown.dy(), shown.dx());
            const QPointF tip = shown.p2();
            QPainterPath head;
            head.moveTo(tip);
            head.lineTo(tip - QPointF(std::cos(angle - 0.4) * 9, -std::sin(angle - 0.4) * 9));
            head.lineTo(tip - QPointF(std::cos(angle + 0.4) * 9, -std::sin(angle + 0.4) * 9));
            head.closeSubpath();
            p.fillPath(head, current ? edge : edge.lighter(150));
            labels.append({shown.center(), c.name});
        }
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
    p.setFont(small);
    const QFontMetricsF fm(small);
    for (const auto &[at, text] : labels) {
        QRectF box(0, 0, fm.horizontalAdvance(text) + 6, fm.height() + 2);
        box.moveCenter(at);
        QColor backdrop = palette().color(QPalette::Base);
        backdrop.setAlpha(220);
        p.fillRect(box, backdrop);
        p.setPen(palette().color(QPalette::Text));
        p.drawText(box, Qt::AlignCenter, text);
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
