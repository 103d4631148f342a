#include "analysis/ppianalysis.h"

#include "analysis/runoutcomes.h"
#include "runs/humanlabel.h"
#include "runs/labelstore.h"
#include "runs/runstore.h"

namespace assay {

Result<PpiAnalysis::Loaded> PpiAnalysis::load(Database &db, const QString &run, const QString &judge, const QString &truth, bool closedDomain)
{
    using R = Result<Loaded>;
    if (LabelStore::isHuman(judge))
        return R::failure(QStringLiteral("'%1' is the labels themselves; choose the judge whose verdicts they correct (contains, f1, llm:PROFILE, …)").arg(judge));
    auto judged = RunOutcomes::load(db, run, {judge, QString(), closedDomain, true});
    if (!judged)
        return R::failure(judged);
    return loadLabels(db, run, judged.value().outcomes, truth);
}

namespace {

// One labelled item's labels under the truth asked for.
struct LabelTally {
    QString key;
    int correct = 0, count = 0;
    bool chosenAtRandom = true, simulated = false;
};

// The truth's labels of a run, by item id.
Result<QHash<qint64, LabelTally>> tallyLabels(Database &db, qint64 runId, const QString &truth)
{
    using R = Result<QHash<qint64, LabelTally>>;
    if (!LabelStore::isHuman(truth))
        return R::failure(QStringLiteral("the truth of a prediction-powered estimate is human labels (human or human:NAME), not '%1'").arg(truth));
    auto all = LabelStore(db).labels(runId);
    if (!all)
        return R::failure(all);
    const QString labeller = truth.section(QLatin1Char(':'), 1);
    QHash<qint64, LabelTally> votes;
    for (const HumanLabel &l : all.value()) {
        if (!labeller.isEmpty() && l.labeller != labeller)
            continue;
        LabelTally &t = votes[l.itemId];
        t.key = l.itemKey;
        t.correct += l.verdict;
        ++t.count;
        t.chosenAtRandom = t.chosenAtRandom && (l.rule.isEmpty() || l.rule == QLatin1String("random") || l.rule == QLatin1String("import"));
        t.simulated = t.simulated || l.simulated;
    }
    return votes;
}

// The labels' verdicts on the items `executed(id, tally)` accepts (the run's own): each item's
// majority goes to take(id, tally, label); an even split between labellers gives no verdict and
// is counted apart, as are items chosen by another rule than random and simulated labels.
struct TruthCounts {
    qint64 ties = 0, nonRandom = 0, simulated = 0;
};
template<typename Executed, typename Take>
TruthCounts truthOf(const QHash<qint64, LabelTally> &votes, Executed executed, Take take)
{
    TruthCounts counts;
    for (auto it = votes.cbegin(); it != votes.cend(); ++it) {
        const LabelTally &t = it.value();
        if (!executed(it.key(), t))
            continue; // an item the run did not execute
        if (2 * t.correct == t.count) {
            ++counts.ties; // the labellers disagree evenly: no verdict
            continue;
        }
        take(it.key(), t, 2 * t.correct > t.count ? 1 : 0);
        counts.nonRandom += !t.chosenAtRandom;
        counts.simulated += t.simulated;
    }
    return counts;
}

} // namespace

Result<PpiAnalysis::Loaded> PpiAnalysis::loadLabels(Database &db, const QString &run, const QVector<Outcome> &judged, const QString &truth)
{
    using R = Result<Loaded>;
    auto runId = RunStore(db).idOf(run);
    if (!runId)
        return R::failure(runId);
    auto votes = tallyLabels(db, runId.value(), truth);
    if (!votes)
        return R::failure(votes);
    Loaded loaded;
    loaded.judge = judgeVerdicts(judged); // the run's own items: each outcome carries its item's key
    const TruthCounts counts = truthOf(
        votes.value(), [&](qint64, const LabelTally &t) { return loaded.judge.contains(t.key); },
        [&](qint64, const LabelTally &t, int label) { loaded.truth.insert(t.key, label); });
    loaded.ties = counts.ties;
    loaded.nonRandom = counts.nonRandom;
    loaded.simulated = counts.simulated;
    return loaded;
}

QHash<QString, int> PpiAnalysis::judgeVerdicts(const QVector<Outcome> &judged)
{
    QHash<QString, int> out;
    out.reserve(judged.size());
    for (const Outcome &o : judged)
        out.insert(o.key, o.correct() ? 1 : 0);
    return out;
}

Result<PpiAnalysis::OfRun> PpiAnalysis::ofRun(Database &db, qint64 runId, const QString &run, const QVector<Outcome> &judged, const QString &truth)
{
    using R = Result<OfRun>;
    auto votes = tallyLabels(db, runId, truth);
    if (!votes)
        return R::failure(votes);
    // The outcomes in one pass: the judge's count on every item, its verdict beside the label's
    // on each labelled one.
    QHash<qint64, int> judgeOf; // labelled items only
    qint64 right = 0;
    for (const Outcome &o : judged) {
        const int verdict = o.correct() ? 1 : 0;
        right += verdict;
        if (votes.value().contains(o.itemId))
            judgeOf.insert(o.itemId, verdict);
    }
    OfRun out;
    QVector<std::pair<int, int>> labelled; // (the judge's verdict, the label)
    const TruthCounts counts = truthOf(
        votes.value(), [&](qint64 id, const LabelTally &) { return judgeOf.contains(id); },
        [&](qint64 id, const LabelTally &t, int label) {
            out.truth.insert(t.key, label);
            labelled.append({judgeOf.value(id), label});
        });
    out.estimate = PpiEstimator::estimate(judged.size(), right, labelled);
    out.estimate.run = run;
    out.estimate.nonRandom = counts.nonRandom;
    out.estimate.simulated = counts.simulated;
    out.estimate.ties = counts.ties;
    return out;
}

PpiEstimate PpiAnalysis::estimate(const Loaded &loaded, const QString &run)
{
    PpiEstimate e = PpiEstimator::estimate(loaded.judge, loaded.truth);
    e.run = run;
    e.nonRandom = loaded.nonRandom;
    e.simulated = loaded.simulated;
    e.ties = loaded.ties;
    return e;
}

namespace {

Result<PpiEstimate> estimateFrom(const Result<PpiAnalysis::Loaded> &loaded, const QString &run)
{
    if (!loaded)
        return Result<PpiEstimate>::failure(loaded);
    return PpiAnalysis::estimate(loaded.value(), run);
}

} // namespace

Result<PpiEstimate> PpiAnalysis::forRun(Database &db, const QString &run, const QVector<Outcome> &judged, const QString &truth)
{
    return estimateFrom(loadLabels(db, run, judged, truth), run);
}

Result<PpiEstimate> PpiAnalysis::forRun(Database &db, const QString &run, const QString &judge, const QString &truth, bool closedDomain)
{
    return estimateFrom(load(db, run, judge, truth, closedDomain), run);
}

Result<PpiDifference> PpiAnalysis::difference(Database &db, const QString &run1, const QString &run2, const QString &judge, const QString &truth,
                                              bool closedDomain1, bool closedDomain2)
{
    auto a = load(db, run1, judge, truth, closedDomain1);
    if (!a)
        return Result<PpiDifference>::failure(a);
    auto b = load(db, run2, judge, truth, closedDomain2);
    if (!b)
        return Result<PpiDifference>::failure(b);
    return PpiEstimator::difference(a.value().judge, a.value().truth, b.value().judge, b.value().truth);
}

} // namespace assay
