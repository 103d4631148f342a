#pragma once
// Prediction-powered accuracy (docs/METHODS.md §5.10): the judge's
// verdicts on every item, corrected by the mean judge-minus-human difference on the items
// people labelled. Unbiased whatever the judge's errors, when the labelled items are a random
// sample; the interval is narrower than the labels' alone as far as the judge agrees with them.
// Under ReliableLabels labels the interval is never narrower than the labels' own Wilson
// interval (§5.10, "Few labels"): it is widened to hold it, and says so.
#include <QHash>

#include <nlohmann/json_fwd.hpp>
#include <QString>
#include <QVector>

#include <optional>

namespace assay {

struct PpiEstimate {
    QString run;
    qint64 n = 0;        // items with a judge verdict (an unread verdict counts as incorrect)
    qint64 labelled = 0; // of them, with a human verdict
    qint64 nonRandom = 0; // labels chosen by a rule other than random (the interval assumes random)
    qint64 simulated = 0; // labels written by the demo's simulated labeller
    qint64 ties = 0;      // labelled items left out: their labellers disagree evenly
    qint64 disagreements = 0; // labelled items where the judge and the label differ
    double judgeAccuracy = 0;
    std::pair<double, double> judgeCi{0, 0}; // Wilson: the judge taken at its word
    std::optional<double> humanAccuracy;
    std::pair<double, double> humanCi{0, 0}; // Wilson on the labelled items alone
    std::optional<double> ppiAccuracy;
    std::pair<double, double> ppiCi{0, 0}; // the interval to report (after the few-labels rule)
    // Which rule set ppiCi's width: the prediction-powered normal interval, or (under
    // ReliableLabels labels, where that one is narrower) the labels' own Wilson interval.
    enum class Width { PredictionPowered, LabelsWilson };
    Width width = Width::PredictionPowered;
    std::pair<double, double> predictionPoweredCi{0, 0}; // θ̂ ± z·√var clipped, before any widening
    // Labels alone would need this many for the same width; none while the labels set the width.
    std::optional<double> effectiveLabels;
    // Why there is no corrected estimate, and what fixes it ("label at least 2 items …").
    QString missing;
    double judgeVariance = 0, rectifierVariance = 0; // var(f) and var(f − Y), sample variances

    // The half-width of the corrected interval once `more` random items are labelled, the
    // variances staying as they are: what the next labels buy. Under ReliableLabels labels
    // var(f − Y) is taken at least the disagreement rate's Wilson upper end (§5.10).
    std::optional<double> halfWidthWith(qint64 more, double z = 1.959963984540054) const;
    // Under this many labels the interval's normal approximation is not to be trusted (the
    // usual rule of thumb for a mean of 0/1 differences); the figures say so.
    static constexpr qint64 ReliableLabels = 30;
    bool reliable() const { return labelled >= ReliableLabels; }
    // "not yet reliable: 3 labels …"; empty when reliable or when there is no corrected estimate.
    QString caution() const;
    // "prediction-powered" or "labels-wilson" (JSON `ci_rule`).
    QString widthRule() const;
    // {"run", "n", "labelled", "judge_accuracy", "judge_ci", "human_accuracy", "human_ci",
    //  "ppi_accuracy", "ppi_ci", "ci_rule", "prediction_powered_ci", "effective_labels",
    //  "non_random_labels", "missing", …}
    nlohmann::json toJson() const;
    // "judge 0.713 [0.704, 0.722] · humans 0.690 [0.64, 0.74] on 300 · corrected 0.695 …"
    QString text() const;
};

struct PpiDifference {
    qint64 shared = 0, labelled = 0;
    std::optional<double> ppi;
    std::pair<double, double> ppiCi{0, 0}; // the interval to report (after the few-labels rule)
    std::pair<double, double> predictionPoweredCi{0, 0}; // before any widening
    // What the labels alone support for the difference: the lower Wilson end of run 1's labelled
    // accuracy minus the upper of run 2's, and the other way round (conservative; §5.10).
    std::pair<double, double> labelsCi{0, 0};
    PpiEstimate::Width width = PpiEstimate::Width::PredictionPowered;
    QString missing;

    bool reliable() const { return labelled >= PpiEstimate::ReliableLabels; }
    // "not yet reliable: 4 items labelled in both runs …"; empty when reliable or without a difference.
    QString caution() const;
    // {"shared", "labelled", "ppi", "ppi_ci", "ci_rule", "prediction_powered_ci", "labels_ci",
    //  "reliable", "missing"}
    nlohmann::json toJson() const;
};

class PpiEstimator {
public:
    // judge: item → judge verdict (1/0) for every item of the run; human: item → label.
    static PpiEstimate estimate(const QHash<QString, int> &judge, const QHash<QString, int> &human, double z = 1.959963984540054);
    // The same from counts: `judged` items, `judgedRight` of them correct by the judge, and each
    // labelled item's (judge verdict, label).
    static PpiEstimate estimate(qint64 judged, qint64 judgedRight, const QVector<std::pair<int, int>> &labelled, double z = 1.959963984540054);
    // Run 1 minus run 2 on the items both have (by item key), corrected on the items labelled
    // in both.
    static PpiDifference difference(const QHash<QString, int> &judge1, const QHash<QString, int> &human1, const QHash<QString, int> &judge2,
                                    const QHash<QString, int> &human2, double z = 1.959963984540054);
};

} // namespace assay
