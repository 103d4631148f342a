#include "charts/chartpanel.h"
#include "filedialogs.h"

#include "analysis/glossary.h"
#include "report/chartexporter.h"
#include "report/chartfactory.h"
#include "messagebar.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QScrollArea>
#include <QMenu>
#include <QToolButton>
#include <QVBoxLayout>

namespace assay {

ChartPanel::ChartPanel(QWidget *parent)
    : QWidget(parent), m_view(new QChartView(this)), m_events(new ChartFactory), m_whatButton(new QToolButton(this)), m_whatPane(new QScrollArea(this)),
      m_what(new QLabel)
{
    m_whatButton->setText(tr("What is this?"));
    m_whatButton->setObjectName(QStringLiteral("chartWhatIsThis"));
    m_whatButton->setCheckable(true);
    m_whatButton->setToolTip(tr("How to read this chart and what its bars, lines and colours mean"));
    m_what->setWordWrap(true);
    m_what->setTextFormat(Qt::RichText);
    m_what->setObjectName(QStringLiteral("chartExplanation"));
    m_what->setMargin(4);
    m_whatPane->setWidget(m_what);
    m_whatPane->setWidgetResizable(true);
    m_whatPane->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_whatPane->setMaximumHeight(fontMetrics().lineSpacing() * 9 + 12); // the chart keeps its room
    m_whatPane->hide();
    connect(m_whatButton, &QToolButton::toggled, m_whatPane, &QWidget::setVisible);
    m_events->setParent(this);
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumHeight(300); // a readable chart; splitters give the rest of the room to grids
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view, &QWidget::customContextMenuRequested, this, &ChartPanel::showMenu);
    m_view->viewport()->installEventFilter(this);
    connect(m_events, &ChartFactory::barClicked, this, &ChartPanel::barClicked);
    auto *exportButton = new QToolButton(this);
    // The menu's arrow as text: the style's own indicator sat over the word at a laptop's size.
    exportButton->setText(tr("Export \u25BE"));
    exportButton->setStyleSheet(QStringLiteral("QToolButton::menu-indicator { image: none; width: 0px; }"));
    exportButton->setToolTip(tr("Export this chart as PNG, SVG or PDF, or copy it"));
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(exportButton);
    menu->addAction(tr("Export as PNG…"), this, [this] { exportWithDialog(QStringLiteral("png")); });
    menu->addAction(tr("Export as SVG…"), this, [this] { exportWithDialog(QStringLiteral("svg")); });
    menu->addAction(tr("Export as PDF…"), this, [this] { exportWithDialog(QStringLiteral("pdf")); });
    menu->addSeparator();
    menu->addAction(tr("Copy Image"), this, &ChartPanel::copyImage);
    exportButton->setMenu(menu);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QHBoxLayout;
    bar->addStretch(1);
    bar->addWidget(m_whatButton);
    bar->addWidget(exportButton);
    layout->addLayout(bar);
    layout->addWidget(m_whatPane);
    layout->addWidget(m_view, 1);
}

void ChartPanel::setData(const ChartData &data)
{
    m_data = data;
    const QString what = Glossary::explainChart(data);
    m_what->setText(what);
    m_whatButton->setVisible(!what.isEmpty());
    QChart *old = m_view->chart();
    m_view->setChart(ChartFactory::create(data, m_events));
    delete old;
    fitTitle();
}

void ChartPanel::fitTitle()
{
    // A subtitle wider than the view wraps instead of being cut (QtCharts elides a long title line).
    if (m_view->width() > 100) {
        ChartFactory::fitTitle(m_view->chart(), m_data, m_view->width() - 48);
        ChartFactory::fitLegend(m_view->chart(), m_view->width());
    }
}

bool ChartPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::ToolTip)
        return true; // the series show their own
    return QWidget::eventFilter(watched, event);
}

void ChartPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitTitle();
}

Status ChartPanel::exportTo(const QString &path, int dpi) const
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return ChartExporter::png(m_data, path, dpi);
    if (suffix == QLatin1String("svg"))
        return ChartExporter::svg(m_data, path);
    if (suffix == QLatin1String("pdf"))
        return ChartExporter::pdf(m_data, path);
    return Status::failure(QStringLiteral("%1: choose a .png, .svg or .pdf file").arg(path));
}

QString ChartPanel::explanation() const { return m_what->text(); }

void ChartPanel::copyImage() const { QApplication::clipboard()->setImage(ChartExporter::image(m_data, 144)); }

void ChartPanel::exportWithDialog(const QString &format)
{
    int dpi = 144;
    if (format == QLatin1String("png")) {
        bool ok = false;
        dpi = QInputDialog::getInt(this, tr("Export as PNG"), tr("Resolution (DPI):"), 144, 48, 1200, 24, &ok);
        if (!ok)
            return;
    }
    const QString path = FileDialogs::saveFile(this, QStringLiteral("charts"), tr("Export Chart"), m_data.id + QLatin1Char('.') + format,
                                                      tr("%1 files (*.%2)").arg(format.toUpper(), format));
    if (path.isEmpty())
        return;
    if (auto s = exportTo(path.endsWith(QLatin1Char('.') + format) ? path : path + QLatin1Char('.') + format, dpi); !s)
        MessageBar::report(this, MessageBar::Level::Error, tr("Export failed: %1").arg(s.error()));
}

void ChartPanel::showMenu(const QPoint &pos)
{
    QMenu menu(this);
    menu.addAction(tr("Export as PNG…"), this, [this] { exportWithDialog(QStringLiteral("png")); });
    menu.addAction(tr("Export as SVG…"), this, [this] { exportWithDialog(QStringLiteral("svg")); });
    menu.addAction(tr("Export as PDF…"), this, [this] { exportWithDialog(QStringLiteral("pdf")); });
    menu.addSeparator();
    menu.addAction(tr("Copy Image"), this, &ChartPanel::copyImage);
    menu.exec(m_view->mapToGlobal(pos));
}

} // namespace assay
