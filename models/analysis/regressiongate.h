#pragma once
// The statistics of a regression gate (issue 51; docs/METHODS.md §11.1): a candidate run and a
// baseline compared on the items they share, paired.
// - The difference of their mean scores with a 95% interval from a paired bootstrap that
//   resamples semantic groups (an item's paraphrases and forms share one truth and move together,
//   so items are not independent draws); an item whose judge verdict flipped between repeats
//   (`score --repeat`) is drawn anew in each resample from its share of "right" verdicts, which
//   carries the judge's own noise into the interval.
// - An exact McNemar test on the discordant items (right in one run only): two-sided binomial
//   p-value at ½.
// - The verdict: regression when the interval lies wholly below −maxDrop, or the candidate's mean
//   is below minAccuracy; improvement when it lies wholly above 0; pass when its lower end is at
//   or above −maxDrop; inconclusive otherwise (the interval straddles the allowed drop).
#include <QString>
#include <QVector>
#include <QtNumeric>

namespace assay {

struct GateItem {
    qint64 group = 0;     // the semantic group (resampling unit); items of one group move together
    double run = 0;       // the candidate's score in [0, 1] (accuracy: 0/1; with judge repeats: the share of "right")
    double baseline = 0;
    bool runFlips = false, baselineFlips = false; // the judge's verdict differed between repeats
};

struct GateOptions {
    // The drop allowed before a significant one is a regression: two points, the default of
    // assay-cli gate and of Analysis → Compare (one source for both).
    static constexpr double DefaultMaxDrop = 0.02;
    double maxDrop = DefaultMaxDrop; // allowed drop of the mean (a share)
    double alpha = 0.05;         // 1 − the interval's level, and McNemar's level
    double minAccuracy = qQNaN(); // the candidate's floor (NaN: none)
    // The largest share of the shared items that may fail or stay unread (in either run) before
    // the gate says it could not evaluate (verdict error) instead of judging the rest.
    double maxErrors = 0.01;
    int resamples = 2000;
    quint64 seed = 1;
};

struct GateResult {
    // Error: the gate could not judge (too many shared items failed or stayed unread).
    enum class Verdict { Pass, Improvement, Regression, Inconclusive, Error };
    Verdict verdict = Verdict::Inconclusive;
    int shared = 0, groups = 0;
    double runMean = qQNaN(), baselineMean = qQNaN(), difference = qQNaN(), low = qQNaN(), high = qQNaN();
    int runOnly = 0, baselineOnly = 0; // discordant items: right (≥ ½) in the candidate only / in the baseline only
    double mcnemarP = qQNaN();
    int flipping = 0; // items whose verdict flipped between judge repeats (in either run)
    QString reason;   // why the verdict, one sentence
    static QString verdictName(Verdict v); // pass, improvement, regression, inconclusive, error
};

class RegressionGate {
public:
    static GateResult compare(const QVector<GateItem> &items, const GateOptions &options);
    // Two-sided exact binomial test of k successes in n at ½ (McNemar's exact test on the
    // discordant pairs): min(1, 2·P(X ≤ min(k, n − k))).
    static double mcnemarExact(int b, int c);
};

} // namespace assay
