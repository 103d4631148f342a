#pragma once
// How stable a judge's verdicts are, from its repeated verdicts on a run (score --repeat N;
// docs/METHODS.md §5.11): the flip rate (items whose repetitions disagree) with
// a Wilson interval, Fleiss' κ across repetitions, the run's accuracy per repetition with its
// spread, and the flaky items themselves. Votes are the judge's own, before the closed-domain
// rule; an unread vote counts as Incorrect in a repetition's accuracy and is left out of κ.
#include "analysis/cohenkappa.h"
#include "core/result.h"

#include <QString>
#include <QVector>

#include <nlohmann/json_fwd.hpp>

namespace assay {

class Database;

struct StabilityReport {
    QString run, judge;
    int repetitions = 0;  // the most votes any item has
    qint64 items = 0;     // items with at least two votes
    qint64 flaky = 0;     // of them, items whose votes disagree
    double flipRate = 0;
    std::pair<double, double> flipCi{0, 0};
    KappaEstimate fleiss;
    QVector<double> accuracyPerRepetition;
    double accuracyMean = 0, accuracySd = 0;
    std::pair<double, double> accuracyRange{0, 0}; // mean ± 1.96 SD: where one scoring's accuracy falls
    struct Flaky {
        qint64 itemId = 0;
        QString key, query;
        QVector<int> votes; // 1, 0, -1 unread
    };
    QVector<Flaky> flakyItems; // the most split first
    QString missing; // why there is nothing to measure, and what click gives it

    nlohmann::json toJson() const;
};

class JudgeStability {
public:
    static Result<StabilityReport> analyze(Database &db, const QString &run, const QString &judge);
    // From the votes of each item (tests, and analyze above).
    static StabilityReport measure(const QVector<StabilityReport::Flaky> &items);
};

} // namespace assay
