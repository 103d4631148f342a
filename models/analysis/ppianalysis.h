#pragma once
// Prediction-powered accuracy read from a project: a judge's verdicts on a run (after the
// closed-domain rule, as the run's accuracy counts them) and the truth's labels, by item key.
#include "analysis/ppiestimate.h"
#include "core/result.h"

namespace assay {

class Database;
struct Outcome;

class PpiAnalysis {
public:
    struct Loaded {
        QHash<QString, int> judge; // every executed item; an unread verdict counts as 0
        QHash<QString, int> truth; // labelled items (a labellers' tie is left out)
        qint64 nonRandom = 0;      // labels chosen by a rule other than random
        qint64 simulated = 0;      // labelled items with a simulated label
        qint64 ties = 0;           // items left out: their labellers disagree evenly
    };
    // truth: "human" (the labellers' majority) or "human:NAME".
    static Result<Loaded> load(Database &db, const QString &run, const QString &judge, const QString &truth, bool closedDomain);
    static Result<PpiEstimate> forRun(Database &db, const QString &run, const QString &judge, const QString &truth, bool closedDomain);
    // From the judge's outcomes loaded already (the run's analysis).
    static Result<PpiEstimate> forRun(Database &db, const QString &run, const QVector<Outcome> &judged, const QString &truth);
    // The labels of `run` paired with outcomes loaded already, by item key.
    static Result<Loaded> loadLabels(Database &db, const QString &run, const QVector<Outcome> &judged, const QString &truth);
    static PpiEstimate estimate(const Loaded &loaded, const QString &run);
    // The estimate of a run's analysis, from its outcomes loaded already, and the labels'
    // verdicts by item key (the corrected difference of two runs pairs them). The same figures
    // as estimate(loadLabels(…)) without a map of every item by key: labels are matched to
    // outcomes by item id.
    struct OfRun {
        PpiEstimate estimate;
        QHash<QString, int> truth; // labelled items (a labellers' tie is left out)
    };
    static Result<OfRun> ofRun(Database &db, qint64 runId, const QString &run, const QVector<Outcome> &judged, const QString &truth);
    // Item key → the judge's verdict (1/0) for every outcome: Loaded::judge of outcomes at hand.
    static QHash<QString, int> judgeVerdicts(const QVector<Outcome> &judged);
    static Result<PpiDifference> difference(Database &db, const QString &run1, const QString &run2, const QString &judge, const QString &truth,
                                            bool closedDomain1, bool closedDomain2);
};

} // namespace assay
