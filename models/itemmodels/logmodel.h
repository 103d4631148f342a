#pragma once
// Table adapter over MessageLog: time, level, category, message. New entries arrive queued
// from any thread and are appended at the bottom.
#include "core/logentry.h"

#include <QAbstractTableModel>
#include <QVector>

namespace assay {

class LogModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { TimeColumn, LevelColumn, CategoryColumn, MessageColumn, ColumnCount };
    enum Role { LevelRole = Qt::UserRole + 1 };

    explicit LogModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    static QString levelName(QtMsgType level);

private:
    void appendEntry(const LogEntry &entry);
    void reload();
    QVector<LogEntry> m_entries;
};

} // namespace assay
