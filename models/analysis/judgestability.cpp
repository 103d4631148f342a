#include "analysis/judgestability.h"

#include "analysis/judgeagreement.h"
#include "runs/runresultstore.h"
#include "runs/runstore.h"
#include "scoring/llmjudge.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace assay {

StabilityReport JudgeStability::measure(const QVector<StabilityReport::Flaky> &items)
{
    StabilityReport r;
    QVector<int> correct, ratings;
    QVector<double> sums;
    QVector<qint64> counts;
    for (const auto &it : items) {
        if (it.votes.size() < 2)
            continue;
        ++r.items;
        r.repetitions = std::max(r.repetitions, int(it.votes.size()));
        int ones = 0, zeros = 0;
        for (int v : it.votes) {
            ones += v == 1;
            zeros += v == 0;
        }
        if (ones > 0 && zeros > 0) {
            ++r.flaky;
            r.flakyItems << it;
        }
        correct << ones;
        ratings << ones + zeros;
        if (sums.size() < it.votes.size()) {
            sums.resize(it.votes.size());
            counts.resize(it.votes.size());
        }
        for (qsizetype k = 0; k < it.votes.size(); ++k) {
            sums[k] += it.votes[k] == 1;
            ++counts[k];
        }
    }
    if (r.items == 0) {
        r.missing = QStringLiteral("no item has repeated verdicts: score the run again with Repeat set to 3 or more (an LLM judge)");
        return r;
    }
    r.flipRate = double(r.flaky) / r.items;
    r.flipCi = JudgeAgreement::wilson(r.flaky, r.items);
    r.fleiss = CohenKappa::fleiss(correct, ratings);
    for (qsizetype k = 0; k < sums.size(); ++k)
        r.accuracyPerRepetition << (counts[k] > 0 ? sums[k] / double(counts[k]) : 0.0);
    double mean = 0;
    for (double a : std::as_const(r.accuracyPerRepetition))
        mean += a;
    mean /= r.accuracyPerRepetition.size();
    double squares = 0;
    for (double a : std::as_const(r.accuracyPerRepetition))
        squares += (a - mean) * (a - mean);
    r.accuracyMean = mean;
    r.accuracySd = r.accuracyPerRepetition.size() > 1 ? std::sqrt(squares / double(r.accuracyPerRepetition.size() - 1)) : 0;
    r.accuracyRange = {std::max(0.0, mean - 1.959963984540054 * r.accuracySd), std::min(1.0, mean + 1.959963984540054 * r.accuracySd)};
    // The most split first: the share of the minority vote, highest first.
    const auto split = [](const StabilityReport::Flaky &f) {
        int ones = 0, n = 0;
        for (int v : f.votes)
            if (v >= 0) {
                ones += v;
                ++n;
            }
        return n > 0 ? double(std::min(ones, n - ones)) / n : 0.0;
    };
    std::stable_sort(r.flakyItems.begin(), r.flakyItems.end(), [&](const auto &a, const auto &b) { return split(a) > split(b); });
    return r;
}

Result<StabilityReport> JudgeStability::analyze(Database &db, const QString &run, const QString &judge)
{
    using R = Result<StabilityReport>;
    auto runId = RunStore(db).idOf(run);
    if (!runId)
        return R::failure(runId);
    auto judged = RunResultStore(db).judged(runId.value(), judge);
    if (!judged)
        return R::failure(judged);
    if (judged.value().isEmpty())
        return R::failure(QStringLiteral("run '%1' has no verdicts of judge '%2': score it with that judge first").arg(run, judge));
    QVector<StabilityReport::Flaky> items;
    items.reserve(judged.value().size());
    for (const auto &j : judged.value())
        items.append({j.id, j.key, j.query, LlmJudge::votesOf(j.detail)});
    StabilityReport r = measure(items);
    r.run = run;
    r.judge = judge;
    return r;
}

nlohmann::json StabilityReport::toJson() const
{
    nlohmann::json flakyJson = nlohmann::json::array();
    for (const Flaky &f : flakyItems)
        flakyJson.push_back({{"item_id", f.key.toStdString()}, {"votes", std::vector<int>(f.votes.begin(), f.votes.end())}});
    const nlohmann::json none = nullptr;
    return {{"run", run.toStdString()},
            {"judge", judge.toStdString()},
            {"repetitions", repetitions},
            {"items", items},
            {"flaky", flaky},
            {"flip_rate", flipRate},
            {"flip_rate_ci", {flipCi.first, flipCi.second}},
            {"fleiss_kappa", fleiss.kappa ? nlohmann::json(*fleiss.kappa) : none},
            {"fleiss_kappa_ci", fleiss.kappa ? nlohmann::json::array({*fleiss.low, *fleiss.high}) : none},
            {"accuracy_per_repetition", std::vector<double>(accuracyPerRepetition.begin(), accuracyPerRepetition.end())},
            {"accuracy_mean", accuracyMean},
            {"accuracy_sd", accuracySd},
            {"accuracy_range", {accuracyRange.first, accuracyRange.second}},
            {"flaky_items", flakyJson},
            {"missing", missing.toStdString()}};
}

} // namespace assay
