#pragma once
// One run's items as a table: query, answer, gold, retrieved document ids, latency, status
// (with the error as tooltip). Read from RunStore on setRun()/refresh().
#include "runs/runstore.h"

#include <QAbstractTableModel>

namespace assay {

class RunItemsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Key, Form, Query, Answer, Gold, Retrieved, Latency, Status, ColumnCount };
    enum Role { ItemIdRole = Qt::UserRole + 1 };

    explicit RunItemsModel(Database &db, QObject *parent = nullptr);
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void setRun(qint64 runId);
    qint64 runId() const { return m_runId; }
    void refresh();

private:
    Database &m_db;
    qint64 m_runId = 0;
    QVector<RunItemView> m_items;
};

} // namespace assay
