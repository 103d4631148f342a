#pragma once
// RAGChecker's metrics over a run's stored checks (docs/METHODS.md §12): per run the mean of
// each metric over the items it is known for, with how many items it covers, how many were left
// out as unknown (an unreadable check) and how many it does not apply to (items without a
// response, from a retrieval-only run); and two runs compared on the items they share with a
// paired bootstrap interval (RegressionGate, resampling items).
#include "claims/claimmetrics.h"
#include "analysis/regressiongate.h"
#include "claims/claimset.h"
#include "core/result.h"

#include <QHash>
#include <QPair>
#include <QString>
#include <QVector>

#include <array>

namespace assay {

class ClaimStore;
class Database;

class ClaimAnalysis {
public:
    struct Figure {
        double value = qQNaN(); // mean in [0, 1] over `n` items; NaN when n is 0
        double low = qQNaN(), high = qQNaN(); // its 95% bootstrap interval
        int n = 0;
        int unknown = 0;       // items left out: a check the metric needs was unreadable
        int notApplicable = 0; // items without a response, for a metric that reads it
    };
    struct RunFigures {
        qint64 runId = 0;
        QString checker;
        int items = 0;              // checked items
        int withoutResponse = 0;    // of them, items with no response to check
        int emptyResponses = 0;     // items with a response that has no claims (scored 0, as RAGChecker does)
        qint64 unreadableChecks = 0;
        std::array<Figure, ClaimMetrics::MetricCount> figures;
        // Per checked item (by item key): its values, NaN where unknown or not applicable.
        QHash<QString, ClaimMetrics::Values> perItem;
    };
    struct Difference {
        ClaimMetrics::Metric metric = ClaimMetrics::Precision;
        GateResult result; // run − baseline, paired on shared items
    };

    // Whether a metric reads the response's claims (so does not apply without a response).
    static bool needsResponse(ClaimMetrics::Metric m);
    // Which part of a RAG system a metric speaks for: "overall", "retriever" or "generator".
    static QString module(ClaimMetrics::Metric m);
    // "What is this?": the metric in two sentences, as the Claims tab and the report say it.
    static QString explanation(ClaimMetrics::Metric m);
    // Whether a higher value is better (false for the noise sensitivities and hallucination).
    static bool higherIsBetter(ClaimMetrics::Metric m);
    // The metric named by RAGChecker's key or Assay's label, case-insensitively (e.g.
    // "faithfulness", "claim_recall", "claim-recall"); MetricCount when none.
    static ClaimMetrics::Metric metricNamed(const QString &name);

    static RunFigures figures(const QVector<ClaimSet> &sets, qint64 runId = 0, const QString &checker = {});
    static Result<RunFigures> ofRun(const ClaimStore &store, qint64 runId, const QString &checker);
    // The same per task level (KS, KU, KA or the user's own; TaskLevels), levels in display
    // order; items without a level are under "".
    static Result<QVector<QPair<QString, RunFigures>>> ofRunByLevel(Database &db, qint64 runId, const QString &checker);
    // Each metric of `run` against `baseline` on the items both checked (paired).
    static QVector<Difference> compare(const RunFigures &run, const RunFigures &baseline, int resamples = 2000);
};

} // namespace assay
