#pragma once
// A small diagram of the knowledge tables and their foreign keys: the join paths the query
// generator will follow. Tables sit on a circle; each foreign key is an arrow labelled with
// its column. Clicking a table selects it.
#include <QHash>
#include <QLineF>
#include <QRectF>
#include <QVector>
#include <QWidget>

namespace assay {

class KnowledgeBase;

class RelationsDiagram : public QWidget {
    Q_OBJECT
public:
    explicit RelationsDiagram(KnowledgeBase *knowledge, QWidget *parent = nullptr);
    void setCurrentTable(qint64 tableId);
    QSize sizeHint() const override { return {260, 220}; }
    // "projects.client_id → clients.client_id" for each relation, as listed in the tooltip.
    QStringList relations() const;
    // Where the tables' boxes and the arrows' labels are drawn at the current size: no two
    // overlap (a label slides along its arrow, then beside it, until it is clear).
    QVector<QRectF> boxRects() const;
    QVector<QRectF> labelRects() const;

signals:
    void tableClicked(qint64 tableId);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    struct Edge {
        QLineF shown; // clipped to the two boxes' borders
        QString column;
        bool current = false;
    };
    QHash<qint64, QRectF> layoutBoxes() const;
    QVector<Edge> edges(const QHash<qint64, QRectF> &boxes) const;
    QVector<QRectF> placeLabels(const QHash<qint64, QRectF> &boxes, const QVector<Edge> &edges) const;
    void updateMinimumSize(); // room for the boxes on their ellipse without overlapping
    KnowledgeBase *m_knowledge;
    qint64 m_current = 0;
};

} // namespace assay
