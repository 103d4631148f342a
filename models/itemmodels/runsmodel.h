#pragma once
// The project's runs as a table: name, pipeline, query set, status, progress, errors,
// duration, mean latency and cost. A thin adapter over RunStore; refresh() re-reads it and
// keeps rows in place when only their numbers changed.
#include "runs/runstore.h"

#include <QAbstractTableModel>

namespace assay {

class RunsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Pipeline, QuerySet, Status, Progress, Errors, Duration, Latency, Cost, ColumnCount };
    enum Role { RunIdRole = Qt::UserRole + 1, FractionRole };

    explicit RunsModel(Database &db, QObject *parent = nullptr);
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void refresh();
    const RunSummary &run(int row) const { return m_runs.at(row); }
    int rowOf(qint64 runId) const;
    static QString durationText(const RunSummary &run);

private:
    Database &m_db;
    QVector<RunSummary> m_runs;
};

} // namespace assay
