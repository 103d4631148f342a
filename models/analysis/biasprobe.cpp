#include "analysis/biasprobe.h"

#include "analysis/judgeagreement.h"
#include "generation/promptlibrary.h"
#include "runs/runresultstore.h"
#include "runs/runstore.h"
#include "scoring/judgeregistry.h"
#include "scoring/judgespec.h"
#include "scoring/llmjudge.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <random>

namespace assay {

Result<ProbeReport> BiasProbe::run(Database &db, const QString &run, const QString &judge, const QString &probe, int sample, quint64 seed, Job *job)
{
    using R = Result<ProbeReport>;
    if (!probes().contains(probe))
        return R::failure(QStringLiteral("unknown probe '%1' (%2)").arg(probe, probes().join(QStringLiteral(", "))));
    auto spec = JudgeSpec::parse(judge);
    if (!spec)
        return R::failure(spec);
    if (!spec.value().kind().usesModel)
        return R::failure(QStringLiteral("probes test an LLM judge (llm:PROFILE); %1 reads the text the same way whatever its order or length").arg(judge));
    auto runId = RunStore(db).idOf(run);
    if (!runId)
        return R::failure(runId);
    RunResultStore results(db);
    auto reader = results.readerOf(runId.value());
    if (!reader)
        return R::failure(reader);
    auto stored = results.executed(runId.value());
    if (!stored)
        return R::failure(stored);
    QVector<StoredRunItem> items = stored.take();
    std::mt19937_64 random(seed);
    std::shuffle(items.begin(), items.end(), random);
    if (sample > 0 && items.size() > sample)
        items.resize(sample);
    ProbeReport report;
    report.run = run;
    report.judge = judge;
    report.probe = probe;
    report.items = items.size();
    if (items.isEmpty()) {
        report.missing = QStringLiteral("the run has no executed items");
        return report;
    }
    auto padding = PromptLibrary::load(QStringLiteral("probe_verbosity"));
    if (!padding)
        return R::failure(padding);
    const bool retrievalOnly = reader.value() == QLatin1String("none");
    QVector<Judge::Item> asked, probed;
    for (const StoredRunItem &it : std::as_const(items)) {
        Judge::Item j{it.id, it.query, it.gold, retrievalOnly ? it.retrievedText : it.answer, {}};
        asked << j;
        if (probe == QLatin1String("verbosity"))
            j.response = PromptLibrary::fill(padding.value(), {{QStringLiteral("response"), j.response}, {QStringLiteral("query"), j.query}});
        probed << j;
    }
    auto before = LlmJudge(spec.value().argument()).judge(asked, {&db, job});
    if (!before)
        return R::failure(before);
    auto after = LlmJudge(spec.value().argument(), probe == QLatin1String("order") ? QStringLiteral("probe_order") : QStringLiteral("judge")).judge(probed, {&db, job});
    if (!after)
        return R::failure(after);
    for (qsizetype i = 0; i < asked.size(); ++i) {
        const auto &a = before.value()[i].verdict, &b = after.value()[i].verdict;
        if (!a || !b)
            continue;
        ++report.compared;
        if (*a != *b) {
            ++report.changed;
            (*b == 1 ? report.toCorrect : report.toIncorrect)++;
        }
    }
    if (report.compared == 0) {
        report.missing = QStringLiteral("no item had a readable verdict both times");
        return report;
    }
    report.share = double(report.changed) / report.compared;
    report.ci = JudgeAgreement::wilson(report.changed, report.compared);
    return report;
}

nlohmann::json ProbeReport::toJson() const
{
    return {{"run", run.toStdString()},       {"judge", judge.toStdString()},   {"probe", probe.toStdString()},
            {"items", items},                 {"compared", compared},           {"changed", changed},
            {"to_correct", toCorrect},        {"to_incorrect", toIncorrect},    {"share_changed", share},
            {"share_changed_ci", {ci.first, ci.second}}, {"missing", missing.toStdString()}};
}

QString ProbeReport::text() const
{
    if (!missing.isEmpty())
        return QStringLiteral("%1 probe of %2 on %3: nothing to compare: %4").arg(probe, judge, run, missing);
    return QStringLiteral("%1 probe of %2 on %3: %4 of %5 verdicts changed (%6 [%7, %8]); %9 became Correct, %10 Incorrect")
        .arg(probe, judge, run)
        .arg(changed)
        .arg(compared)
        .arg(share, 0, 'f', 3)
        .arg(ci.first, 0, 'f', 3)
        .arg(ci.second, 0, 'f', 3)
        .arg(toCorrect)
        .arg(toIncorrect);
}

} // namespace assay
