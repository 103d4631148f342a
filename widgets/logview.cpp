#include "logview.h"

#include "core/messagelog.h"
#include "itemmodels/loglevelfilter.h"
#include "itemmodels/logmodel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace assay {

LogView::LogView(QWidget *parent)
    : QWidget(parent), m_model(new LogModel(this)), m_filter(new LogLevelFilter(this)), m_table(new QTableView(this)),
      m_level(new QComboBox(this))
{
    setObjectName(QStringLiteral("logView"));
    m_filter->setSourceModel(m_model);
    m_filter->setMinimumLevel(QtInfoMsg);

    m_level->addItem(tr("Debug and above"), int(QtDebugMsg));
    m_level->addItem(tr("Info and above"), int(QtInfoMsg));
    m_level->addItem(tr("Warnings and errors"), int(QtWarningMsg));
    m_level->addItem(tr("Errors only"), int(QtCriticalMsg));
    m_level->setCurrentIndex(1);
    connect(m_level, &QComboBox::currentIndexChanged, this,
            [this](int) { m_filter->setMinimumLevel(QtMsgType(m_level->currentData().toInt())); });

    auto *clear = new QToolButton(this);
    clear->setText(tr("Clear"));
    connect(clear, &QToolButton::clicked, this, [] { MessageLog::instance().clear(); });

    m_table->setModel(m_filter);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(LogModel::TimeColumn, 70);
    m_table->setColumnWidth(LogModel::LevelColumn, 70);
    m_table->setColumnWidth(LogModel::CategoryColumn, 110);
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    connect(m_filter, &QAbstractItemModel::rowsInserted, m_table, &QTableView::scrollToBottom);

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Show:"), this));
    bar->addWidget(m_level);
    bar->addStretch(1);
    bar->addWidget(clear);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_table);
}

int LogView::visibleRows() const { return m_filter->rowCount(); }

} // namespace assay
