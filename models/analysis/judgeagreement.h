#pragma once
// One judge read as a classifier of another's verdicts (GRAMMAR §3): the truth judge's
// Correct is the positive class. Low precision is an optimistic bias (incorrect answers
// judged correct), low recall a cynical one (correct answers judged incorrect). Items where
// either verdict is missing or unread are left out and counted. Intervals: Wilson 95%.
#include "analysis/cohenkappa.h"
#include "analysis/runoutcomes.h"

#include <nlohmann/json_fwd.hpp>

namespace assay {

struct JudgeAgreementReport {
    qint64 compared = 0;
    qint64 skipped = 0;
    qint64 truePositive = 0, falsePositive = 0, falseNegative = 0, trueNegative = 0;
    std::optional<double> precision, recall;
    std::optional<double> precisionLow, precisionHigh, recallLow, recallHigh;
    std::optional<double> agreement; // the judge's accuracy against the truth
    std::optional<double> agreementLow, agreementHigh;
    KappaEstimate kappa; // Cohen's κ with a 95% Wald interval
    QString reading; // "optimistic", "cynical", "both", "reliable" (both ≥ 0.8) or "undefined"

    nlohmann::json toJson() const;
    // The judge's bias in words: "optimistic: judges 12% of incorrect answers correct".
    QString biasInWords() const;
};

class JudgeAgreement {
public:
    // Pairs verdicts by item id.
    static JudgeAgreementReport compare(const QVector<Outcome> &truth, const QVector<Outcome> &judge);
    static std::pair<double, double> wilson(qint64 successes, qint64 trials, double z = 1.959963984540054);
};

} // namespace assay
