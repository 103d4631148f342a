#include "analysis/runanalysis.h"
#include "core/vectorstate.h"
#include "core/fastremainder.h"

#include "grounding/groundlinkstore.h"

#include "analysis/ppianalysis.h"
#include "runs/labelstore.h"

#include "core/job.h"
#include "project/database.h"
#include "project/project.h"
#include "generation/generationreadstore.h"
#include "generation/semanticgroup.h"
#include "readers/pipelinespec.h"
#include "runs/runresultstore.h"
#include "runs/runstore.h"

#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>
#include <atomic>
#include <numeric>
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

Result<QVector<RunAnalysis>> RunAnalyzer::analyzeMany(const QString &projectPath, const QStringList &runs, const QString &judge, ClosedDomain::Setting closedDomain, Job *job)
{
    using R = Result<QVector<RunAnalysis>>;
    QVector<std::optional<Result<RunAnalysis>>> results(runs.size());
    std::atomic<qint64> done{0};
    QVector<int> indices(runs.size());
    std::iota(indices.begin(), indices.end(), 0);
    // One task per run on a pool of its own (the caller may itself be a pool job); a
    // connection per task is cheap next to reading 10k items.
    // What every run shares (the truth's sources, the groups' labels) is read once, here.
    Result<ProjectFacts> facts = ProjectFacts();
    if (!runs.isEmpty()) {
        auto db = Project::openConnection(projectPath);
        if (!db)
            return R::failure(db);
        facts = projectFacts(db.value());
        if (!facts)
            return R::failure(facts);
    }
    QThreadPool pool;
    pool.setMaxThreadCount(std::max(1, QThread::idealThreadCount()));
    QtConcurrent::blockingMap(&pool, indices, [&](int i) {
        if (job && job->isCancelled())
            return;
        // This task's own connection, used by this thread alone.
        auto db = Project::openConnection(projectPath, Database::Sharing::OneThread);
        results[i] = db ? analyze(db.value(), runs[i], facts.value(), judge, closedDomain) : Result<RunAnalysis>::failure(db);
        const qint64 finished = ++done;
        if (job)
            job->reportProgress(finished, runs.size(), runs[i]);
    });
    if (job && job->isCancelled())
        return R::cancelled();
    QVector<RunAnalysis> out;
    for (int i = 0; i < runs.size(); ++i) {
        if (!results[i] || !*results[i])
            return R::failure(results[i] ? QStringLiteral("%1: %2").arg(runs[i], results[i]->error()) : QStringLiteral("%1: not analysed").arg(runs[i]));
        out << results[i]->value();
    }
    return out;
}

std::pair<std::optional<double>, std::optional<double>> RunAnalyzer::refinedInterval(const GrammarReport &report, quint64 seed, int resamples)
{
    // The competent groups' counts side by side in one array: the resampling loop (a million
    // draws per run) then reads memory in order.
    std::vector<std::pair<qint32, qint32>> competent;
    for (const GroupResult &g : report.groups)
        if (g.tag != GroupResult::Tag::Gap)
            competent.emplace_back(g.correct, g.total);
    if (competent.empty())
        return {std::nullopt, std::nullopt};
    clearUpperVectorState(); // core/vectorstate.h
    std::mt19937_64 random(seed);
    std::vector<double> values;
    values.reserve(size_t(resamples));
    const quint64 n = competent.size();
    const FastRemainder modN(n); // the same draws as `random() % n`, without a division each
    for (int r = 0; r < resamples; ++r) {
        qint64 correct = 0, total = 0;
        for (quint64 i = 0; i < n; ++i) {
            const auto &[c, t] = competent[size_t(modN(random()))];
            correct += c;
            total += t;
        }
        values.push_back(double(correct) / double(total));
    }
    std::sort(values.begin(), values.end());
    const auto at = [&](double q) { return values[size_t(q * double(values.size() - 1) + 0.5)]; };
    return {at(0.025), at(0.975)};
}

Result<bool> RunAnalyzer::closedDomainFor(Database &db, const QString &run, ClosedDomain::Setting setting)
{
    if (setting)
        return *setting;
    auto id = RunStore(db).idOf(run);
    if (!id)
        return Result<bool>::failure(id);
    auto reader = RunResultStore(db).readerOf(id.value());
    if (!reader)
        return Result<bool>::failure(reader);
    return ClosedDomain::resolve(setting, reader.value());
}

Status RunAnalyzer::describeGroups(Database &db, const QHash<QString, QString> *only, QHash<QString, QString> *labels)
{
    return GenerationReadStore(db).forEachGroup([&](const GenerationReadStore::Group &g) {
        const QString key = QStringLiteral("g%1").arg(g.id);
        if (!only || only->contains(key))
            labels->insert(key, QStringLiteral("%1 → %2").arg(SemanticGroup{SemanticGroup::valuesFromJson(g.valuesJson), {}, 0, {}}.valueTexts().join(QStringLiteral(", ")),
                                                              g.answer));
    });
}

Result<RunAnalyzer::ProjectFacts> RunAnalyzer::projectFacts(Database &db)
{
    using R = Result<ProjectFacts>;
    ProjectFacts facts;
    auto coverage = GroundLinkStore(db).coverage();
    if (!coverage)
        return R::failure(coverage);
    facts.truthSources = coverage.value().sourcesText(true);
    if (auto described = describeGroups(db, nullptr, &facts.groupLabels); !described)
        return R::failure(described);
    return facts;
}

Result<RunAnalysis> RunAnalyzer::analyze(Database &db, const QString &run, const QString &judge, ClosedDomain::Setting closedDomain, quint64 seed)
{
    return analyzeWith(db, run, nullptr, judge, closedDomain, seed);
}

Result<RunAnalysis> RunAnalyzer::analyze(Database &db, const QString &run, const ProjectFacts &facts, const QString &judge, ClosedDomain::Setting closedDomain, quint64 seed)
{
    return analyzeWith(db, run, &facts, judge, closedDomain, seed);
}

Result<RunAnalysis> RunAnalyzer::analyzeWith(Database &db, const QString &run, const ProjectFacts *facts, const QString &judge, ClosedDomain::Setting closedDomain,
                                             quint64 seed)
{
    using R = Result<RunAnalysis>;
    auto resolved = closedDomainFor(db, run, closedDomain);
    if (!resolved)
        return R::failure(resolved);
    RunOutcomes::Options options;
    options.judge = judge;
    options.closedDomain = resolved.value();
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
        QStringList judges;
        for (const QString &j : readJudges.value())
            if (!LabelStore::isHuman(j)) // labels are read only when chosen
                judges << j;
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
    a.closedDomain = options.closedDomain;
    a.outcomes = std::move(loaded.value().outcomes);
    const QStringList labellers = LabelStore::labellersAmong(loaded.value().answerJudges);
    auto runId = RunStore(db).idOf(run);
    if (!runId)
        return R::failure(runId);
    auto header = RunStore(db).header(runId.value());
    if (!header)
        return R::failure(header);
    const RunSummary &s = header.value();
    a.pipeline = s.pipeline.isEmpty() ? QStringLiteral("imported") : s.pipeline;
    a.querySet = s.querySet;
    if (auto spec = PipelineSpec::parse(s.pipeline); spec && !s.pipeline.isEmpty()) {
        a.retriever = spec.value().retriever;
        a.k = spec.value().k;
        a.reader = spec.value().reader;
    }
    a.grammar = GrammarEval::evaluate(a.outcomes, a.retrievalJudge);
    if (facts) {
        a.truthSources = facts->truthSources;
    } else {
        auto coverage = GroundLinkStore(db).coverage();
        if (!coverage)
            return R::failure(coverage);
        a.truthSources = coverage.value().sourcesText(true);
    }
    // What each group asks: its fill-in values (groups of this project's queries) and answer.
    // Groups without a label (an imported run's) are named by their answer (the last item's).
    QHash<QString, QString> answers;
    if (facts) {
        // The project's labels, shared by every run's analysis (they are only looked up by
        // group); only a run with groups the project does not know gets a copy of its own.
        a.groupLabels = facts->groupLabels;
        // From the last item back, so the last item's answer is the one kept; a group's items
        // mostly follow each other, so a repeat of the previous group is passed over.
        const QString *previous = nullptr;
        for (auto o = a.outcomes.crbegin(); o != a.outcomes.crend(); ++o) {
            if (previous && *previous == o->group)
                continue;
            previous = &o->group;
            if (!facts->groupLabels.contains(o->group) && !answers.contains(o->group))
                answers.insert(o->group, o->gold);
        }
    } else {
        for (const Outcome &o : std::as_const(a.outcomes))
            answers.insert(o.group, o.gold);
        if (const Status described = describeGroups(db, &answers, &a.groupLabels); !described)
            return R::failure(described);
    }
    for (auto it = answers.constBegin(); it != answers.constEnd(); ++it)
        if (!a.groupLabels.contains(it.key()))
            a.groupLabels.insert(it.key(), QStringLiteral("→ %1").arg(it.value()));
    std::tie(a.refinedLow, a.refinedHigh) = refinedInterval(a.grammar, seed);
    a.taxonomy = ResponseTaxonomy::evaluate(a.outcomes, s.pipeline.isEmpty() ? QString() : a.reader);
    double latency = 0;
    for (const Outcome &o : std::as_const(a.outcomes))
        latency += double(o.latencyMs);
    a.meanLatencyMs = a.outcomes.isEmpty() ? 0 : latency / a.outcomes.size();
    a.workflow = WorkflowFigures::compute(s.pipeline.isEmpty() ? QString() : a.reader, a.outcomes);
    if (!LabelStore::isHuman(a.judge)) {
        if (!labellers.isEmpty()) {
            auto ppi = PpiAnalysis::ofRun(db, runId.value(), run, a.outcomes, LabelStore::majorityJudge());
            if (!ppi)
                return R::failure(ppi);
            a.ppi = ppi.value().estimate;
            a.ppiTruth = std::move(ppi.value().truth);
        }
    }
    return a;
}

Result<QStringList> RunAnalyzer::scoredRuns(Project &project)
{
    return scoredRuns(project.database());
}

} // namespace assay
