#include "analysis/runanalysis.h"

#include "project/database.h"
#include "runs/pipelinespec.h"
#include "runs/runresultstore.h"
#include "runs/runstore.h"

#include <algorithm>
#include <random>

namespace assay {

QString RunAnalysis::pipelineLabel() const
{
    if (retriever.isEmpty())
        return QStringLiteral("imported");
    QString label = QStringLiteral("%1 k=%2").arg(retriever).arg(k);
    if (reader != QLatin1String("none"))
        label += QLatin1Char(' ') + reader;
    return label;
}

QString RunAnalysis::formLabel() const { return querySet.isEmpty() ? QStringLiteral("all") : querySet; }

Result<QStringList> RunAnalyzer::scoredRuns(Database &db) { return RunResultStore(db).scoredRunNames(); }

std::pair<std::optional<double>, std::optional<double>> RunAnalyzer::refinedInterval(const GrammarReport &report, quint64 seed, int resamples)
{
    QVector<const GroupResult *> competent;
    for (const GroupResult &g : report.groups)
        if (g.tag != GroupResult::Tag::Gap)
            competent << &g;
    if (competent.isEmpty())
        return {std::nullopt, std::nullopt};
    std::mt19937_64 random(seed);
    std::vector<double> values;
    values.reserve(size_t(resamples));
    for (int r = 0; r < resamples; ++r) {
        qint64 correct = 0, total = 0;
        for (int i = 0; i < competent.size(); ++i) {
            const GroupResult *g = competent[int(random() % quint64(competent.size()))];
            correct += g->correct;
            total += g->total;
        }
        values.push_back(double(correct) / double(total));
    }
    std::sort(values.begin(), values.end());
    const auto at = [&](double q) { return values[size_t(q * double(values.size() - 1) + 0.5)]; };
    return {at(0.025), at(0.975)};
}

Result<RunAnalysis> RunAnalyzer::analyze(Database &db, const QString &run, const QString &judge, bool closedDomain, quint64 seed)
{
    using R = Result<RunAnalysis>;
    RunOutcomes::Options options;
    options.judge = judge;
    options.closedDomain = closedDomain;
    auto loaded = RunOutcomes::load(db, run, options);
    if (!loaded && !judge.isEmpty())
        return R::failure(loaded.error());
    if (!loaded) {
        // Several judges and none chosen: take the first one, by name.
        auto id = RunStore(db).idOf(run);
        if (!id)
            return R::failure(id.error());
        auto readJudges = RunOutcomes::answerJudges(db, id.value());
        if (!readJudges)
            return R::failure(readJudges);
        const QStringList judges = readJudges.take();
        if (judges.isEmpty())
            return R::failure(loaded.error());
        options.judge = judges.first();
        loaded = RunOutcomes::load(db, run, options);
        if (!loaded)
            return R::failure(loaded.error());
    }
    RunAnalysis a;
    a.run = run;
    a.judge = loaded.value().judge;
    a.retrievalJudge = loaded.value().retrievalJudge;
    a.outcomes = loaded.value().outcomes;
    auto runs = RunStore(db).runs();
    if (!runs)
        return R::failure(runs);
    for (const RunSummary &s : runs.value())
        if (s.name == run) {
            a.pipeline = s.pipeline.isEmpty() ? QStringLiteral("imported") : s.pipeline;
            a.querySet = s.querySet;
            if (auto spec = PipelineSpec::parse(s.pipeline); spec && !s.pipeline.isEmpty()) {
                a.retriever = spec.value().retriever;
                a.k = spec.value().k;
                a.reader = spec.value().reader;
            }
        }
    a.grammar = GrammarEval::evaluate(a.outcomes);
    std::tie(a.refinedLow, a.refinedHigh) = refinedInterval(a.grammar, seed);
    a.taxonomy = ResponseTaxonomy::evaluate(a.outcomes);
    double latency = 0;
    for (const Outcome &o : std::as_const(a.outcomes))
        latency += double(o.latencyMs);
    a.meanLatencyMs = a.outcomes.isEmpty() ? 0 : latency / a.outcomes.size();
    return a;
}

} // namespace assay
