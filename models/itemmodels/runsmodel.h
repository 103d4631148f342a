#pragma once
// The project's runs as a table: name, pipeline, query set (and the frozen version it ran on), status, progress, errors,
// duration, mean latency and cost. A thin adapter over the project's RunStore; refresh()
// re-reads it and keeps rows in place when only their numbers changed. It follows the
// project: runs started, ended, imported or scored by a job or another program re-read it
// (docs/ARCHITECTURE.md, "Data flow").
#include "runs/runstore.h"

#include <QAbstractTableModel>

namespace assay {

class Project;
class ProjectChange;

class RunsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Pipeline, QuerySet, Status, Progress, Errors, Duration, Latency, Cost, ColumnCount };
    enum Role { RunIdRole = Qt::UserRole + 1, FractionRole };

    explicit RunsModel(Project &project, QObject *parent = nullptr);
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void refresh();
    const RunSummary &run(int row) const { return m_runs.at(row); }
    int rowOf(qint64 runId) const;
    static QString durationText(const RunSummary &run);
    // What makes the runs table stale: verdicts, or runs and pipelines written.
    static bool mattersTo(const ProjectChange &change);

private:
    RunStore *m_store;
    QVector<RunSummary> m_runs;
};

} // namespace assay
