#pragma once
// R-Eval's comparison charts of workflows × LLMs, from run analyses:
//   - one radar per workflow: the task levels as axes (with "all" added when there are fewer
//     than three), mean token F1, one polygon per run (its LLM);
//   - time against F1: one point per run, colour by workflow, marker by LLM;
//   - cost of a correct answer per run (when any run cost money);
//   - the response taxonomy split by task level (one bar per run × level).
#include "analysis/chartdata.h"

namespace assay {

class WorkflowCharts {
public:
    // The workflows with an LLM among the runs, in R-Eval's order.
    static QStringList workflows(const QVector<RunAnalysis> &runs);
    static ChartData radar(const QVector<RunAnalysis> &runs, const QString &workflow);
    static ChartData timeVsF1(const QVector<RunAnalysis> &runs);
    static ChartData costPerCorrect(const QVector<RunAnalysis> &runs);
    static ChartData errorTypesByLevel(const QVector<RunAnalysis> &runs);
    // The charts that have something to show: radars of workflows with an LLM, time vs F1
    // when several runs have readers, cost when any run cost money, taxonomy by level when
    // any item has a level.
    static QVector<ChartData> all(const QVector<RunAnalysis> &runs);
    // "react:gpt · short" style name of a run's point or polygon.
    static QString runLabel(const RunAnalysis &run);
};

} // namespace assay
