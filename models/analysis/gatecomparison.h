#pragma once
// A regression gate between two runs (docs/METHODS.md §11.3): their items paired by identity
// (by key for runs made before identities were stored), scored by one metric, compared by
// RegressionGate, and the change split by module from GRAMMAR's group view — groups that lost
// retrieval (the retriever), groups whose answers got worse with retrieval intact (the LLM),
// and groups with no known true documents, where neither can be told apart from a gap in the
// knowledge base (knowledge); between retrieval-only pipelines (or on the retrieval metric)
// there is no LLM: the retriever (other documents came back) and the context size (k).
#include "analysis/regressiongate.h"
#include "analysis/runoutcomes.h"

#include <QHash>
#include <QMap>

#include <nlohmann/json_fwd.hpp>

namespace assay {

class Database;

// One module's share of the difference (docs/METHODS.md §11.3): the scored items whose score
// changed and were put down to it. The modules' points add up to the difference, in points.
struct GateModule {
    int groups = 0;      // groups with an item put down to the module
    int itemsLost = 0;   // items that scored lower in the run
    int itemsGained = 0; // items that scored higher
    double points = 0;   // their net change as points of the metric (100 · Σ change / scored items)
};

struct GateGroupChange {
    QString group;
    qint64 sqlTemplateId = 0;
    QString module; // retriever, llm, knowledge, context (see the file comment)
    int items = 0, baselineCorrect = 0, runCorrect = 0;
    int baselineRetrieval = 0, runRetrieval = 0, judgeable = 0;
    QString tagBefore, tagAfter; // GRAMMAR tags over the shared items: gap, robust, non-robust
    // An item right in the baseline and wrong in the run.
    QString query, gold, baselineAnswer, runAnswer;
    int lost() const { return baselineCorrect - runCorrect; }
};

struct GateTemplateChange {
    qint64 sqlTemplateId = 0;
    int groups = 0, itemsLost = 0;
    QString query; // an example
};

struct GateReport {
    QString run, baseline, metric, judge, baselineJudge;
    QString runVersion, baselineVersion; // empty: the working set
    QString pairedBy;                    // "identity" or "key"
    int runItems = 0, baselineItems = 0; // each run's scored items before pairing
    // Shared items that could not be evaluated: failed (an error) or unread (no verdict) in
    // either run. They are never losses: left out, counted, and above options.maxErrors of the
    // shared items the verdict is error.
    int paired = 0, runFailed = 0, baselineFailed = 0, unread = 0;
    QString firstFailure; // an example error, naming the cause
    QString failure;      // set when the gate could not compare at all (the candidate's run stopped)
    int unevaluated() const { return runFailed + baselineFailed + unread; }
    GateOptions options;
    GateResult result;
    QMap<QString, GateModule> modules;         // retriever, llm, knowledge; or retriever, context
    QVector<GateGroupChange> regressedGroups;  // most items lost first
    QVector<GateTemplateChange> regressedTemplates;
    // What the numbers rest on, in sentences: pairing, judge noise, versions.
    QStringList notes;

    int exitCode() const; // 0 pass/improvement, 1 regression, 3 inconclusive, 4 could not evaluate
    // "184 of 300 shared items could not be evaluated: 184 failed in the run (server: HTTP 500 …)".
    QString coverageText() const;
    nlohmann::json toJson() const;
    // Records it in the project (GateStore): what the Overview's latest verdict reads.
    Status record(Database &db) const;
    // The gate's own metrics, split by module from GRAMMAR's group view.
    static QStringList metrics() { return {QStringLiteral("accuracy"), QStringLiteral("refined"), QStringLiteral("retrieval")}; }
    // Those and every other registered metric (MetricGate).
    static QStringList allMetrics();
};

class GateComparison {
public:
    struct Options {
        QString metric = QStringLiteral("accuracy");
        QString judge;         // the candidate's answer judge; empty: its only one
        QString baselineJudge; // empty: the candidate's judge when the baseline has it, else its only one
        QString checker;       // a claim metric's checker; empty: each run's only one
        bool closedDomain = true;
        GateOptions gate;
        int topGroups = 10;
    };
    // The runs as stored in the project.
    static Result<GateReport> compare(Database &db, const QString &run, const QString &baseline, const Options &options);
    // Loaded runs; votes: each item's repeated verdicts by item id (empty when not repeated).
    static Result<GateReport> compare(const RunOutcomes::Loaded &run, const QHash<qint64, QVector<int>> &runVotes,
                                      const RunOutcomes::Loaded &baseline, const QHash<qint64, QVector<int>> &baselineVotes,
                                      const Options &options);
};

} // namespace assay
