#pragma once
// The analysed runs as R-Eval's comparison table: run, workflow, LLM, query set, items, mean
// F1 overall and per task level, accuracy, halted items, time per item, cost and the cost of
// a correct answer. A thin adapter over the runs' WorkflowFigures; the level columns are the
// levels present.
#include "analysis/runanalysis.h"

#include <QAbstractTableModel>

namespace assay {

class WorkflowFiguresModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit WorkflowFiguresModel(QObject *parent = nullptr);
    void setAnalyses(const QVector<RunAnalysis> &analyses);
    QStringList levels() const { return m_levels; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    enum Fixed { Run, Workflow, Llm, QuerySet, Items, F1, FixedCount };
    enum Tail { Accuracy, Halted, Latency, Cost, CostPerCorrect, TailCount };
    static bool answersNothing(const RunAnalysis &a);
    QVariant cell(const RunAnalysis &a, int column) const;

    QVector<RunAnalysis> m_runs;
    QStringList m_levels;
};

} // namespace assay
