#include "analysis/ppianalysis.h"

#include "analysis/runoutcomes.h"
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

Result<PpiAnalysis::Loaded> PpiAnalysis::loadLabels(Database &db, const QString &run, const QVector<Outcome> &judged, const QString &truth)
{
    using R = Result<Loaded>;
    if (!LabelStore::isHuman(truth))
        return R::failure(QStringLiteral("the truth of a prediction-powered estimate is human labels (human or human:NAME), not '%1'").arg(truth));
    auto runId = RunStore(db).idOf(run);
    if (!runId)
        return R::failure(runId);
    LabelStore labels(db);
    Loaded loaded;
    for (const Outcome &o : judged) // the run's own items: each outcome carries its item's key
        loaded.judge.insert(o.key, o.correct() ? 1 : 0);
    auto all = labels.labels(runId.value());
    if (!all)
        return R::failure(all);
    const QString labeller = truth.section(QLatin1Char(':'), 1);
    QHash<QString, std::pair<int, int>> votes; // key → correct, labels
    QHash<QString, bool> chosenAtRandom, simulated;
    for (const HumanLabel &l : all.value()) {
        if (!labeller.isEmpty() && l.labeller != labeller)
            continue;
        auto &[correct, count] = votes[l.itemKey];
        correct += l.verdict;
        ++count;
        const bool random = l.rule.isEmpty() || l.rule == QLatin1String("random") || l.rule == QLatin1String("import");
        chosenAtRandom[l.itemKey] = chosenAtRandom.value(l.itemKey, true) && random;
        simulated[l.itemKey] = simulated.value(l.itemKey) || l.simulated;
    }
    for (auto it = votes.cbegin(); it != votes.cend(); ++it) {
        const auto [correct, count] = it.value();
        if (!loaded.judge.contains(it.key()))
            continue; // an item the run did not execute
        if (2 * correct == count) {
            ++loaded.ties; // the labellers disagree evenly: no verdict
            continue;
        }
        loaded.truth.insert(it.key(), 2 * correct > count ? 1 : 0);
        loaded.nonRandom += !chosenAtRandom.value(it.key());
        loaded.simulated += simulated.value(it.key());
    }
    return loaded;
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
