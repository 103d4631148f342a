#pragma once
// R-Eval's comparison figures of one run: its workflow (llm, react, fc, dfsdt, pal — or none,
// http, command, imported) and LLM profile, mean token F1 and accuracy overall and per task
// level (with the response taxonomy per level), halted items, tokens, cost, mean latency and
// the cost of a correct answer. Computed from a run's outcomes; read by the workflow charts,
// the Workflows panel, `analyze workflows` and the report.
#include "analysis/responsetaxonomy.h"
#include "analysis/runoutcomes.h"

#include <QMap>

#include <nlohmann/json_fwd.hpp>

#include <optional>

namespace assay {

class Database;

struct LevelFigures {
    qint64 n = 0;
    qint64 failed = 0; // items that ended in an error: left out of the F1 and the accuracy
    double meanF1 = 0; // over the n − failed answered items (0 and hasF1() false when none)
    bool hasF1() const { return n > failed; }
    qint64 judged = 0;
    qint64 correct = 0;
    std::optional<double> accuracy; // of the judged items; none when no item was judged
    TaxonomyReport taxonomy;
};

struct WorkflowFigures {
    QString workflow;
    QString llm;
    LevelFigures all;
    QMap<QString, LevelFigures> levels; // by task level; items without a level are only in `all`
    qint64 halted = 0;
    qint64 tokens = 0;
    double cost = 0;
    // Items whose model reply reported no token usage: tokens and cost are then unknown (the
    // sums above are only what was reported), never $0 (docs/llm-faults.md).
    qint64 usageUnknown = 0;
    bool usageKnown() const { return usageUnknown == 0; }
    double meanLatencyMs = 0;
    std::optional<double> costPerCorrect; // none when nothing was correct or the cost is unknown

    // `reader` as in the pipeline ("react:gpt"; empty for an imported run).
    static WorkflowFigures compute(const QString &reader, const QVector<Outcome> &outcomes);
    // A run's figures from the project, with `judge`'s verdicts (empty: the run's only judge,
    // or none: accuracy is then unknown and F1 still holds).
    // closedDomain: the rule as the analysis applies it (the CLI resolves --closed-domain per run).
    static Result<WorkflowFigures> load(Database &db, const QString &run, const QString &judge = {}, bool closedDomain = false);
    // "ReAct", "Function calling", "DFSDT", "PAL", "LLM reader", "Retrieval only", ...
    static QString workflowName(const QString &workflow);
    QStringList levelNames() const; // in display order
    nlohmann::json toJson() const;
};

} // namespace assay
