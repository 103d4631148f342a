#pragma once
// One run's items as a table: query, answer, gold, retrieved document ids, latency, status
// (with the error as tooltip) and the answer's verdicts, one per judge. Read from the project's RunStore on setRun()/refresh(), and
// again when a job or another program scores or ends the run (RunsModel::mattersTo).
#include "runs/runstore.h"

#include <QAbstractTableModel>

namespace assay {

class Project;

class RunItemsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Key, Form, Query, Answer, Gold, Verdict, Retrieved, Latency, Status, ColumnCount };
    enum Role { ItemIdRole = Qt::UserRole + 1 };

    explicit RunItemsModel(Project &project, QObject *parent = nullptr);
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void setRun(qint64 runId);
    qint64 runId() const { return m_runId; }
    void refresh();
    // "correct", "wrong" or "unknown" for one judge; "contains: correct · llm:m: wrong" for several.
    static QString verdictText(const RunItemView &item);
    static QVector<int> shownVerdicts(const RunItemView &item, QStringList *judges);

private:
    RunStore *m_store;
    qint64 m_runId = 0;
    QVector<RunItemView> m_items;
};

} // namespace assay
