#include "itemmodels/logmodel.h"

#include "core/messagelog.h"

namespace assay {

LogModel::LogModel(QObject *parent) : QAbstractTableModel(parent)
{
    MessageLog &log = MessageLog::instance();
    connect(&log, &MessageLog::entryAdded, this, &LogModel::appendEntry, Qt::QueuedConnection);
    connect(&log, &MessageLog::cleared, this, &LogModel::reload, Qt::QueuedConnection);
    m_entries = log.entries();
}

int LogModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_entries.size()); }

int LogModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString LogModel::levelName(QtMsgType level)
{
    switch (level) {
    case QtDebugMsg: return tr("Debug");
    case QtInfoMsg: return tr("Info");
    case QtWarningMsg: return tr("Warning");
    case QtCriticalMsg: return tr("Error");
    case QtFatalMsg: return tr("Fatal");
    }
    return {};
}

QVariant LogModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_entries.size())
        return {};
    const LogEntry &e = m_entries.at(index.row());
    if (role == LevelRole)
        return int(e.level);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case TimeColumn: return e.time.toString(QStringLiteral("HH:mm:ss"));
    case LevelColumn: return levelName(e.level);
    case CategoryColumn: return e.category;
    case MessageColumn: return e.message;
    }
    return {};
}

QVariant LogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn: return tr("Time");
    case LevelColumn: return tr("Level");
    case CategoryColumn: return tr("Source");
    case MessageColumn: return tr("Message");
    }
    return {};
}

void LogModel::appendEntry(const LogEntry &entry)
{
    constexpr int maximumRows = 5000;
    if (m_entries.size() >= maximumRows) {
        beginRemoveRows({}, 0, maximumRows / 10 - 1);
        m_entries.remove(0, maximumRows / 10);
        endRemoveRows();
    }
    beginInsertRows({}, int(m_entries.size()), int(m_entries.size()));
    m_entries.append(entry);
    endInsertRows();
}

void LogModel::reload()
{
    beginResetModel();
    m_entries = MessageLog::instance().entries();
    endResetModel();
}

} // namespace assay
