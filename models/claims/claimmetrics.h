#pragma once
// RAGChecker's claim-level metrics (docs/METHODS.md §12, "Claim-level diagnostics"): from one
// item's checks — each response claim against the ground-truth answer, each ground-truth claim
// against the response, and every claim of either side against every retrieved chunk — eleven
// per-item values, and their means over a run. A claim counts only when its check says
// Entailment. Inputs RAGChecker treats as empty (no claims, no chunks) give 0, as it defines.
// A check that could not be read is Unknown, never Neutral: a metric that needs it is unknown
// for the item, left out of the mean and counted in its coverage.
#include <QString>
#include <QVector>

#include <array>
#include <cstdint>

namespace assay {

enum class ClaimVerdict : std::uint8_t { Entailment, Neutral, Contradiction, Unknown };

struct ClaimChecks {
    int responseClaims = 0;
    int answerClaims = 0; // the ground-truth answer's claims
    int chunks = 0;
    QVector<ClaimVerdict> responseByAnswer; // per response claim: entailed by the ground-truth answer?
    QVector<ClaimVerdict> answerByResponse; // per ground-truth claim: entailed by the response?
    QVector<ClaimVerdict> responseByChunk;  // responseClaims × chunks, row by row
    QVector<ClaimVerdict> answerByChunk;    // answerClaims × chunks, row by row
    // Why the sizes do not fit the counts, or empty when they do.
    QString shapeProblem() const;
};

class ClaimMetrics {
public:
    enum Metric {
        Precision,
        Recall,
        F1,
        ClaimRecall,
        ContextPrecision,
        ContextUtilization,
        NoiseSensitivityRelevant,
        NoiseSensitivityIrrelevant,
        Hallucination,
        SelfKnowledge,
        Faithfulness,
        MetricCount
    };
    // RAGChecker's names (its metrics block), in Metric order.
    static const char *key(Metric m);
    static QString label(Metric m);
    // One item's values in [0, 1]; NaN where a needed check is Unknown (all NaN when the checks
    // do not fit their counts: ClaimChecks::shapeProblem).
    using Values = std::array<double, MetricCount>;
    static Values item(const ClaimChecks &checks);

    struct Mean {
        double value = 0; // over the items whose value is known; NaN when none is
        int n = 0;        // items with a known value
        int unknown = 0;  // items left out: a check it needs could not be read
    };
    using Means = std::array<Mean, MetricCount>;
    static Means mean(const QVector<Values> &items);
};

} // namespace assay
