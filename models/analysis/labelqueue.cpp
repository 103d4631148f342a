#include "analysis/labelqueue.h"

#include "runs/labelstore.h"
#include "runs/runresultstore.h"
#include "runs/runstore.h"
#include "scoring/llmjudge.h"

#include <algorithm>
#include <random>

namespace assay {

QString LabelQueue::ruleName(Rule rule)
{
    switch (rule) {
    case Rule::Random:
        return QStringLiteral("random");
    case Rule::Stratified:
        return QStringLiteral("stratified");
    case Rule::Disagreement:
        return QStringLiteral("disagreement");
    }
    return {};
}

QStringList LabelQueue::ruleNames() { return {ruleName(Rule::Random), ruleName(Rule::Stratified), ruleName(Rule::Disagreement)}; }

std::optional<LabelQueue::Rule> LabelQueue::parseRule(const QString &name)
{
    for (Rule r : {Rule::Random, Rule::Stratified, Rule::Disagreement})
        if (ruleName(r) == name)
            return r;
    return std::nullopt;
}

Result<LabelQueue::Order> LabelQueue::order(Database &db, const QString &run, Rule rule, quint64 seed, const QString &judge)
{
    using R = Result<Order>;
    auto runId = RunStore(db).idOf(run);
    if (!runId)
        return R::failure(runId);
    auto ids = LabelStore(db).itemIds(runId.value());
    if (!ids)
        return R::failure(ids);
    Order out;
    out.items = ids.value().values().toVector();
    std::sort(out.items.begin(), out.items.end()); // a seeded shuffle of a fixed order
    std::mt19937_64 random(seed);
    std::shuffle(out.items.begin(), out.items.end(), random);
    if (rule == Rule::Random)
        return out;

    auto verdicts = RunResultStore(db).answerVerdicts(runId.value());
    if (!verdicts)
        return R::failure(verdicts);
    QHash<qint64, QHash<QString, int>> byItem;
    QStringList judges;
    for (const auto &[item, name, verdict] : verdicts.value()) {
        if (LabelStore::isHuman(name) || !verdict)
            continue;
        byItem[item].insert(name, *verdict);
        if (!judges.contains(name))
            judges << name;
    }
    std::sort(judges.begin(), judges.end());
    out.judges = int(judges.size());
    if (rule == Rule::Stratified) {
        const QString stratifier = judge.isEmpty() ? judges.value(0) : judge;
        if (stratifier.isEmpty()) {
            out.note = QStringLiteral("the run has no verdicts to stratify by: the order is random");
            return out;
        }
        QVector<qint64> strata[3]; // judged correct, incorrect, not judged
        for (qint64 item : std::as_const(out.items)) {
            const auto v = byItem.value(item).constFind(stratifier);
            strata[v == byItem.value(item).cend() ? 2 : v.value() == 1 ? 0 : 1] << item;
        }
        out.items.clear();
        for (qsizetype i = 0; out.items.size() < strata[0].size() + strata[1].size() + strata[2].size(); ++i)
            for (const auto &stratum : strata)
                if (i < stratum.size())
                    out.items << stratum[i];
        return out;
    }
    // Every judge's verdict is a vote; a judge asked repeatedly (score --repeat) votes once per
    // repetition, so its own disagreement counts too.
    QHash<qint64, QVector<int>> votes;
    bool repeated = false;
    for (const QString &name : std::as_const(judges)) {
        auto judged = RunResultStore(db).judged(runId.value(), name);
        if (!judged)
            return R::failure(judged);
        for (const auto &j : judged.value()) {
            const QVector<int> v = LlmJudge::votesOf(j.detail);
            if (v.size() > 1) {
                repeated = true;
                for (int x : v)
                    if (x >= 0)
                        votes[j.id] << x;
            } else if (j.verdict) {
                votes[j.id] << *j.verdict;
            }
        }
    }
    if (judges.size() < 2 && !repeated)
        out.note = QStringLiteral("disagreement needs two scoring judges or repeated verdicts (Score… on the Runs page with another judge, or Repeat): "
                                  "the order is random");
    for (qint64 item : std::as_const(out.items)) {
        const QVector<int> v = votes.value(item);
        int ones = 0;
        for (int x : v)
            ones += x;
        const int n = int(v.size());
        out.disagreement.insert(item, n > 0 ? double(std::min(ones, n - ones)) / n : 0.0);
    }
    std::stable_sort(out.items.begin(), out.items.end(), [&](qint64 a, qint64 b) { return out.disagreement.value(a) > out.disagreement.value(b); });
    return out;
}

} // namespace assay
