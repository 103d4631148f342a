#pragma once
// GRAMMAR-Eval for one run (docs/METHODS.md §5): groups tagged gap / robust / non-robust from answer
// correctness; accuracy, retrieval accuracy, their refined forms over competent groups,
// knowledge accuracy; and context comparison — an incorrect example of a non-robust group
// whose top-1 document is the top-1 document of a correct example of the same group counts
// as retrieval-correct (the retriever gave enough; the LM failed). Empty denominators give
// no value (null), never a crash.
#include "analysis/runoutcomes.h"

#include <nlohmann/json_fwd.hpp>

namespace assay {

struct GroupResult {
    enum class Tag { Gap, Robust, NonRobust };
    QString group;
    Tag tag = Tag::Gap;
    int total = 0;
    int correct = 0;
    int retrievalCorrect = 0;
    int contextComparisonFlips = 0;
    static QString tagName(Tag tag);
};

struct GrammarReport {
    // n: the items evaluated (read); failed: items that ended in an error; unread: items
    // without a verdict (the judge's reply was unreadable or its request failed). Unknown is
    // neither right nor wrong: every figure is over the n read items, null when there are none
    // (docs/METHODS.md §5.3).
    qint64 n = 0;
    qint64 failed = 0;
    qint64 unread = 0;
    // unserved: the oracle's items whose group has no true document (Outcome::unserved), apart
    // from unread; their groups are left out of the group tags and knowledge accuracy.
    qint64 unserved = 0;
    // "over 280 of 300 items; 20 unread, 0 failed" (empty when every item was read), plus
    // "; 12 without a true document for the oracle to serve" when some are.
    QString coverageText() const;
    std::optional<double> accuracy;
    std::optional<double> retrievalAccuracy;
    std::optional<double> refinedAccuracy;
    std::optional<double> refinedRetrievalAccuracy;
    std::optional<double> knowledgeAccuracy;
    int gapGroups = 0;
    int robustGroups = 0;
    int nonRobustGroups = 0;
    std::optional<double> contextRetrievalAccuracy;        // after context comparison
    std::optional<double> contextRefinedRetrievalAccuracy; // after context comparison
    // The items the retrieval figures are over: those whose retrieval could be judged (for top1
    // and topk, the items whose group has true documents).
    qint64 retrievalItems = 0;
    std::optional<double> retrievalCoverage() const { return n > 0 ? std::optional<double>(double(retrievalItems) / double(n)) : std::nullopt; }
    // "on 767 of 2,612 items with known true documents" (empty when every item was judged).
    QString retrievalBasis() const;
    // Items whose gold a string match can meet by chance (AnswerMetrics::weakGold): their
    // verdicts from contains, exact or f1 are weak evidence, and the analysis says how many.
    qint64 weaklyJudged = 0;
    // Retrieval-only items judged on their true documents' text only (docs/METHODS.md §4.9).
    qint64 groundedItems = 0;
    QVector<GroupResult> groups; // in first-appearance order
    // Why the retrieval accuracies are missing (no item's group has true documents), with the
    // click that fixes it; empty when they were computed.
    QString retrievalUnavailable;
    // The retrieval judge the retrieval figures are of, and its ceiling: the retrieval accuracy a
    // perfect retriever reaches on the same items (1 for covered and topk; for top1 the share of
    // items with exactly one true document); none when it cannot be told (context, imported).
    QString retrievalJudge;
    std::optional<double> retrievalCeiling;

    nlohmann::json toJson(bool withGroups = false) const;
};

class GrammarEval {
public:
    // retrievalJudge: the judge of the outcomes' retrieval verdicts (RunOutcomes::Loaded), for
    // the ceiling.
    static GrammarReport evaluate(const QVector<Outcome> &outcomes, const QString &retrievalJudge = {});
    static std::optional<double> ratio(qint64 numerator, qint64 denominator)
    {
        return denominator > 0 ? std::optional<double>(double(numerator) / double(denominator)) : std::nullopt;
    }
};

} // namespace assay
