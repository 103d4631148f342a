#pragma once
// An agent trace's steps as a table for the item inspector's timeline: step number, DFSDT
// depth, action, arguments, the observation on one line, tokens, latency and the time since
// the item started. A thin adapter over AgentTrace.
#include "readers/agenttrace.h"

#include <QAbstractTableModel>

namespace assay {

class AgentStepsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Number, Depth, Action, Arguments, Observation, Tokens, Latency, Elapsed, ColumnCount };

    explicit AgentStepsModel(QObject *parent = nullptr);
    void setTrace(const AgentTrace &trace);
    const AgentTrace &trace() const { return m_trace; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // How a step's arguments read: "query: offices in Bergen" (one line).
    static QString argumentsText(const AgentStep &step);

private:
    AgentTrace m_trace;
    QVector<double> m_elapsed; // ms at the end of each step
};

} // namespace assay
