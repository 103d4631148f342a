#include "analysis/grammareval.h"

#include "scoring/answermetrics.h"

#include <QHash>
#include <QLocale>
#include <QSet>

#include <vector>

#include <nlohmann/json.hpp>

namespace assay {

QString GroupResult::tagName(Tag tag)
{
    switch (tag) {
    case Tag::Gap: return QStringLiteral("gap");
    case Tag::Robust: return QStringLiteral("robust");
    case Tag::NonRobust: return QStringLiteral("non_robust");
    }
    return {};
}

QString GrammarReport::coverageText() const
{
    if (failed == 0 && unread == 0 && unserved == 0)
        return {};
    const QLocale c(QLocale::English);
    const QString oracle = unserved > 0 ? QStringLiteral("; %1 without a true document for the oracle to serve").arg(c.toString(unserved)) : QString();
    if (n == 0)
        return QStringLiteral("no verdicts: %1 unread, %2 failed%3").arg(c.toString(unread), c.toString(failed), oracle);
    return QStringLiteral("over %1 of %2 items; %3 unread, %4 failed%5").arg(c.toString(n), c.toString(n + unread + failed + unserved), c.toString(unread), c.toString(failed), oracle);
}

GrammarReport GrammarEval::evaluate(const QVector<Outcome> &all, const QString &retrievalJudge)
{
    GrammarReport report;
    report.retrievalJudge = retrievalJudge;
    // Only items with a verdict are evaluated; the others are counted (a copy only when some
    // are left out: the common, fully read run is read in place).
    for (const Outcome &o : all) {
        report.failed += !o.error.isEmpty();
        report.unserved += o.error.isEmpty() && !o.verdict && o.unserved;
        report.unread += o.error.isEmpty() && !o.verdict && !o.unserved;
    }
    QVector<Outcome> kept;
    if (report.failed + report.unread + report.unserved > 0) {
        kept.reserve(all.size());
        for (const Outcome &o : all)
            if (o.error.isEmpty() && o.verdict)
                kept.append(o);
    }
    const QVector<Outcome> &outcomes = report.failed + report.unread + report.unserved > 0 ? kept : all;
    report.n = outcomes.size();
    // Each outcome's group by its index in report.groups, looked up once (a run's items of one
    // group usually follow each other: the previous item's group is tried first).
    QHash<QString, int> index;
    std::vector<int> groupOf;
    groupOf.reserve(size_t(outcomes.size()));
    int previous = -1;
    for (const Outcome &o : outcomes) {
        if (previous < 0 || report.groups[previous].group != o.group) {
            auto it = index.constFind(o.group);
            if (it == index.constEnd()) {
                it = index.insert(o.group, int(report.groups.size()));
                report.groups.append(GroupResult{o.group});
            }
            previous = *it;
        }
        groupOf.push_back(previous);
        GroupResult &g = report.groups[previous];
        ++g.total;
        g.correct += o.correct();
        g.retrievalCorrect += o.retrievalCorrect();
    }
    // Tags: competent when some example is correct; gap otherwise; non-robust when competent
    // with an example not correct (unread verdicts are not correct).
    for (GroupResult &g : report.groups)
        g.tag = g.correct == 0 ? GroupResult::Tag::Gap : g.correct == g.total ? GroupResult::Tag::Robust : GroupResult::Tag::NonRobust;

    // Context comparison: top-1 documents of each non-robust group's correct examples (only
    // those groups' documents are ever asked for).
    QHash<int, QSet<QString>> correctTop1;
    for (qsizetype i = 0; i < outcomes.size(); ++i) {
        const Outcome &o = outcomes[i];
        if (o.correct() && !o.top1.isEmpty() && report.groups[groupOf[size_t(i)]].tag == GroupResult::Tag::NonRobust)
            correctTop1[groupOf[size_t(i)]].insert(o.top1);
    }
    qint64 correct = 0, retrieval = 0, competentExamples = 0, competentCorrect = 0, competentRetrieval = 0;
    qint64 contextRetrieval = 0, competentContextRetrieval = 0, competentJudgeable = 0, singleTruth = 0;
    // Whether a gold answer is weak, for the previous item's gold (a group's items share theirs).
    QString lastGold;
    bool lastWeak = false, lastKnown = false;
    for (qsizetype i = 0; i < outcomes.size(); ++i) {
        const Outcome &o = outcomes[i];
        GroupResult &g = report.groups[groupOf[size_t(i)]];
        const bool competent = g.tag != GroupResult::Tag::Gap;
        correct += o.correct();
        if (!o.groundedVerdict) {
            if (!lastKnown || o.gold != lastGold) {
                lastGold = o.gold;
                lastWeak = !AnswerMetrics::weakGold(o.gold).isEmpty();
                lastKnown = true;
            }
            report.weaklyJudged += lastWeak;
        }
        report.groundedItems += o.groundedVerdict;
        if (competent) {
            ++competentExamples;
            competentCorrect += o.correct();
        }
        // Retrieval figures are over the items whose retrieval could be judged (known true
        // documents for top1/topk): an item without truth is not a retrieval failure.
        if (!o.retrievalJudgeable || !o.retrievalVerdict)
            continue;
        ++report.retrievalItems;
        singleTruth += o.trueDocs == 1;
        bool contextOk = o.retrievalCorrect();
        if (!contextOk && !o.correct() && g.tag == GroupResult::Tag::NonRobust && !o.top1.isEmpty() && correctTop1.value(groupOf[size_t(i)]).contains(o.top1)) {
            contextOk = true;
            ++g.contextComparisonFlips;
        }
        retrieval += o.retrievalCorrect();
        contextRetrieval += contextOk;
        if (competent) {
            ++competentJudgeable;
            competentRetrieval += o.retrievalCorrect();
            competentContextRetrieval += contextOk;
        }
    }
    for (const GroupResult &g : std::as_const(report.groups)) {
        report.gapGroups += g.tag == GroupResult::Tag::Gap;
        report.robustGroups += g.tag == GroupResult::Tag::Robust;
        report.nonRobustGroups += g.tag == GroupResult::Tag::NonRobust;
    }
    report.accuracy = ratio(correct, report.n);
    report.retrievalAccuracy = ratio(retrieval, report.retrievalItems);
    report.refinedAccuracy = ratio(competentCorrect, competentExamples);
    report.refinedRetrievalAccuracy = ratio(competentRetrieval, competentJudgeable);
    report.knowledgeAccuracy = ratio(report.robustGroups + report.nonRobustGroups, report.groups.size());
    report.contextRetrievalAccuracy = ratio(contextRetrieval, report.retrievalItems);
    report.contextRefinedRetrievalAccuracy = ratio(competentContextRetrieval, competentJudgeable);
    // A perfect retriever returns the true documents first (docs/METHODS.md §4.7).
    if (retrievalJudge == QLatin1String("covered") || retrievalJudge == QLatin1String("topk"))
        report.retrievalCeiling = report.retrievalItems > 0 ? std::optional<double>(1.0) : std::nullopt;
    else if (retrievalJudge == QLatin1String("top1"))
        report.retrievalCeiling = ratio(singleTruth, report.retrievalItems);
    if (report.n > 0 && report.retrievalItems == 0) {
        // Every retrieval verdict would be "wrong" for want of a truth: not 0, but unknown.
        report.retrievalAccuracy.reset();
        report.refinedRetrievalAccuracy.reset();
        report.contextRetrievalAccuracy.reset();
        report.contextRefinedRetrievalAccuracy.reset();
        report.retrievalUnavailable = QStringLiteral("no item's semantic group has true documents: link them on the Corpus page (Ground Truth → Propose Links) or declare a document key (Schema page, a column's menu), then score the run again");
    }
    return report;
}

QString GrammarReport::retrievalBasis() const
{
    if (n == 0 || retrievalItems == n)
        return {};
    return QStringLiteral("on %1 of %2 items with known true documents").arg(QLocale().toString(retrievalItems), QLocale().toString(n));
}

nlohmann::json GrammarReport::toJson(bool withGroups) const
{
    const auto value = [](const std::optional<double> &v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
    nlohmann::json out = {{"n", n},
                          {"n_read", n},
                          {"n_unread", unread},
                          {"n_failed", failed},
                          {"n_unserved", unserved},
                          {"accuracy", value(accuracy)},
                          {"retrieval_accuracy", value(retrievalAccuracy)},
                          {"refined_accuracy", value(refinedAccuracy)},
                          {"refined_retrieval_accuracy", value(refinedRetrievalAccuracy)},
                          {"knowledge_accuracy", value(knowledgeAccuracy)},
                          {"groups", {{"gap", gapGroups}, {"robust", robustGroups}, {"non_robust", nonRobustGroups}}},
                          {"context_comparison", {{"retrieval_accuracy", value(contextRetrievalAccuracy)},
                                                  {"refined_retrieval_accuracy", value(contextRefinedRetrievalAccuracy)}}}};
    out["weakly_judged"] = {{"items", weaklyJudged},
                            {"share", n > 0 ? nlohmann::json(double(weaklyJudged) / double(n)) : nlohmann::json(nullptr)},
                            {"why", "gold answers of two characters or fewer, or bare numbers below 1000: a string-match judge (contains, exact, f1) "
                                    "can meet them by chance"}};
    out["grounded_items"] = groundedItems;
    out["retrieval_judge"] = retrievalJudge.toStdString();
    out["retrieval_ceiling"] = value(retrievalCeiling);
    out["retrieval_coverage"] = {{"items", retrievalItems}, {"of", n}, {"share", value(retrievalCoverage())}};
    if (const QString coverage = coverageText(); !coverage.isEmpty())
        out["coverage"] = coverage.toStdString();
    if (!retrievalUnavailable.isEmpty())
        out["retrieval_unavailable"] = retrievalUnavailable.toStdString();
    if (withGroups) {
        nlohmann::json details = nlohmann::json::array();
        for (const GroupResult &g : groups)
            details.push_back({{"group", g.group.toStdString()}, {"tag", GroupResult::tagName(g.tag).toStdString()}, {"total", g.total},
                               {"correct", g.correct}, {"retrieval_correct", g.retrievalCorrect}, {"context_comparison_flips", g.contextComparisonFlips}});
        out["group_details"] = details;
    }
    return out;
}

} // namespace assay
