#pragma once
// Two runs on the same semantic groups (e.g. short vs long forms, docs/METHODS.md §5.6):
// gap groups are decided over both runs' examples together (a group is a mutual gap when no
// example of either run is correct); each run's refined accuracy over the remaining groups,
// the difference A − B, and its 95% bootstrap confidence interval from resampling those
// groups with replacement (a seeded generator: the same seed gives the same interval), with
// a paired per-group table.
#include "analysis/runoutcomes.h"

#include <nlohmann/json_fwd.hpp>

namespace assay {

struct PairedGroup {
    QString group;
    int correctA = 0, totalA = 0;
    int correctB = 0, totalB = 0;
    bool mutualGap = false;
};

struct FormComparisonReport {
    int groups = 0;
    int mutualGapGroups = 0;
    // Items left out because they failed or their verdict is unread (never counted wrong).
    qint64 failedA = 0, unreadA = 0, failedB = 0, unreadB = 0;
    std::optional<double> refinedA;
    std::optional<double> refinedB;
    std::optional<double> difference;
    std::optional<double> ciLow;
    std::optional<double> ciHigh;
    int resamples = 0;
    quint64 seed = 0;
    QVector<PairedGroup> table;

    nlohmann::json toJson(bool withTable = false) const;
    // What the two refined accuracies are over, in words: "on the 1,234 groups that are not a gap
    // in both runs (of 1,300; …)". The Accuracy tab's refined accuracy drops each run's own gaps
    // instead, so the two can rank the runs differently; the basis says so.
    QString basis() const;
    // ". Items without a verdict are left out, never counted wrong (A: 30 failed, 0 unread)", or empty.
    QString unevaluated() const;
};

class FormComparison {
public:
    static FormComparisonReport compare(const QVector<Outcome> &a, const QVector<Outcome> &b, quint64 seed = 20240601, int resamples = 2000);
};

} // namespace assay
