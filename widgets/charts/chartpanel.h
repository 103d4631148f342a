#pragma once
// One chart on screen, with its export actions (toolbar button and right-click menu):
// Export as PNG (chosen DPI), SVG or PDF, and Copy image; and "What is this?", which unfolds
// how to read the chart and what its series mean (Glossary).
#include "analysis/chartdata.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QChartView;
QT_END_NAMESPACE
class QLabel;
class QScrollArea;
class QToolButton;

namespace assay {

class ChartFactory;

class ChartPanel : public QWidget {
    Q_OBJECT
public:
    explicit ChartPanel(QWidget *parent = nullptr);
    void setData(const ChartData &data);
    const ChartData &data() const { return m_data; }
    QChartView *view() const { return m_view; }
    // Without dialogs (tests, scripts): the file is written at once.
    Status exportTo(const QString &path, int dpi = 144) const;
    void copyImage() const;
    QToolButton *whatIsThis() const { return m_whatButton; }
    QString explanation() const;

signals:
    void barClicked(const QString &run, const QString &series);

protected:
    void resizeEvent(QResizeEvent *event) override;
    // Keeps the hover tooltips: they come from the series' hovered signals, and the view's own
    // tooltip event (no item has one) hid them about a second after the mouse stopped.
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void fitTitle();
    void exportWithDialog(const QString &format);
    void showMenu(const QPoint &pos);
    QChartView *m_view;
    ChartFactory *m_events;
    QToolButton *m_whatButton;
    QScrollArea *m_whatPane;
    QLabel *m_what;
    ChartData m_data;
};

} // namespace assay
