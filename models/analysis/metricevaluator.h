#pragma once
// Registered metrics over stored runs (docs/METHODS.md §13): each metric's value on every
// executed item, loaded once for all the metrics asked (only what they need: verdicts of the
// answer and retrieval judges, a checker's claims); a run's figure — the mean over the items
// whose value is known, its 95% interval, and how many were unknown, did not apply or failed —;
// two runs compared paired, by item identity (by key for older runs), with RegressionGate's
// bootstrap resampling semantic groups; and the values kept in the project (metric_value).
// A metric whose inputs the run lacks (no verdicts, no claims, several judges and none chosen)
// has no values on it, and says why and what to click.
#include "analysis/metric.h"
#include "analysis/regressiongate.h"
#include "core/result.h"

#include <QHash>
#include <QVector>

namespace assay {

class Database;

class MetricEvaluator {
public:
    struct Options {
        QString judge;          // answer judge; empty: the run's only machine judge
        QString retrievalJudge; // empty: the run's default retrieval judge
        QString checker;        // claim checker; empty: the run's checker that checked the most items
    };
    struct Item {
        qint64 id = 0;
        QString key, identity, group;
        bool failed = false;
    };
    struct RunValues {
        qint64 runId = 0;
        QString judge, retrievalJudge, checker; // as resolved (empty: none)
        QVector<Item> items;                    // the executed items, in item order
        QHash<QString, QVector<MetricValue>> values; // metric name → one value per item
        QHash<QString, QString> missing;        // metric name → why it has no values on this run
        // What a metric's values depend on beyond the run: its judge or checker ('' for none).
        QString variantOf(const Metric &metric) const;
    };
    struct Figure {
        double value = qQNaN(), low = qQNaN(), high = qQNaN();
        int n = 0, unknown = 0, notApplicable = 0, failed = 0;
        QString missing; // set when the metric has no values on the run, and why
    };

    static Result<RunValues> evaluate(Database &db, qint64 runId, const QVector<const Metric *> &metrics, const Options &options = {});
    static Figure figure(const RunValues &run, const Metric &metric);
    // What a comparison rested on: the shared items, and of them those it could not use.
    struct Coverage {
        int shared = 0;
        int runFailed = 0, baselineFailed = 0; // failed in the run (or, if not, in the baseline)
        int unknown = 0;                       // a value unknown in either run
        int notApplicable = 0;                 // the metric does not apply in either run
        int lower = 0, higher = 0;             // compared items that scored lower / higher in the run
        int groupsLower = 0;                   // semantic groups with an item that scored lower
    };
    // Paired comparison on the items both runs hold with a known value (run − baseline).
    // `lowerIsWorse`: false compares 1 − value (for a metric where lower is better), so a
    // positive difference is always an improvement.
    static GateResult compare(const RunValues &run, const RunValues &baseline, const Metric &metric, const GateOptions &options, bool lowerIsWorse = true,
                              Coverage *coverage = nullptr);
    // Keeps the run's values of `metric` in the project (MetricValueStore), replacing earlier ones.
    static Status keep(Database &db, const RunValues &run, const Metric &metric);
    // Every registered metric.
    static QVector<const Metric *> registered();
};

} // namespace assay
