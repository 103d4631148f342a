#pragma once
// A horizontal strip of an agent's steps, each a segment as wide as its share of the item's
// time (with a minimum so short steps stay visible), coloured by action, hatched red when the
// step was an error; DFSDT's depth shows as the segment's vertical offset. Hovering names the
// step; clicking selects it.
#include "readers/agenttrace.h"

#include <QWidget>

namespace assay {

class TimelineStrip : public QWidget {
    Q_OBJECT
public:
    explicit TimelineStrip(QWidget *parent = nullptr);
    void setTrace(const AgentTrace &trace);
    void setCurrent(int step);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    // The colour of an action, shared with the legend.
    static QColor actionColor(const QString &action);

signals:
    void stepClicked(int step);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    QVector<QRectF> segments() const;
    int stepAt(const QPointF &point) const;

    AgentTrace m_trace;
    int m_current = -1;
};

} // namespace assay
