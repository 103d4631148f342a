#include "itemmodels/loglevelfilter.h"

#include "itemmodels/logmodel.h"

namespace assay {

LogLevelFilter::LogLevelFilter(QObject *parent) : QSortFilterProxyModel(parent) {}

int LogLevelFilter::severity(QtMsgType level)
{
    switch (level) {
    case QtDebugMsg: return 0;
    case QtInfoMsg: return 1;
    case QtWarningMsg: return 2;
    case QtCriticalMsg: return 3;
    case QtFatalMsg: return 4;
    }
    return 0;
}

void LogLevelFilter::setMinimumLevel(QtMsgType level)
{
    m_minimum = level;
    invalidateFilter();
}

bool LogLevelFilter::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    const auto level = static_cast<QtMsgType>(index.data(LogModel::LevelRole).toInt());
    return severity(level) >= severity(m_minimum);
}

} // namespace assay
