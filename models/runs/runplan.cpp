#include "runs/runplan.h"

#include "readers/agentreader.h"
#include "generation/generationreadstore.h"
#include "generation/generationstore.h"
#include "generation/promptlibrary.h"
#include "llm/llmprofilestore.h"
#include "project/database.h"
#include "retrieval/corpusstore.h"
#include "runs/pipelinegrid.h"
#include "project/project.h"

#include <QLocale>

namespace assay {

namespace {
// An answer is a short phrase; the reader's max_tokens caps it at 256.
constexpr qint64 CompletionTokensPerAnswer = 24;
constexpr qint64 EmbeddingBatch = 64;
} // namespace

QString RunEstimate::summary() const
{
    const QLocale l;
    QString s = QStringLiteral("%1 run(s), %2 items; %3 LLM calls, %4 embedding calls; ≈ %5 tokens; ≈ $%6")
                    .arg(runs).arg(l.toString(items)).arg(l.toString(llmCalls)).arg(l.toString(embeddingCalls))
                    .arg(l.toString(promptTokens + completionTokens)).arg(cost, 0, 'f', cost < 1 ? 4 : 2);
    if (!problems.isEmpty())
        s += QStringLiteral(" — ") + problems.join(QStringLiteral("; "));
    return s;
}

QVector<PlannedRun> RunPlan::expand(const QString &base, const QVector<PipelineSpec> &specs, const QStringList &querySets)
{
    QVector<PlannedRun> out;
    const QStringList sets = querySets.isEmpty() ? QStringList{QString()} : querySets;
    for (const QString &set : sets) {
        const QString prefix = sets.size() > 1 ? base + QLatin1Char('/') + (set.isEmpty() ? QStringLiteral("all") : set) : base;
        for (const auto &[name, spec] : PipelineGrid::named(prefix, specs))
            out.append({name, spec, set});
    }
    return out;
}

QVector<PlannedRun> RunPlan::expand(const QString &base, const QVector<PipelineSpec> &specs, const QStringList &querySets, const QVector<Version> &versions)
{
    if (versions.isEmpty())
        return expand(base, specs, querySets);
    const bool several = querySets.size() + versions.size() > 1;
    QVector<PlannedRun> out;
    for (const QString &set : querySets)
        for (const auto &[name, spec] : PipelineGrid::named(several ? base + QLatin1Char('/') + (set.isEmpty() ? QStringLiteral("all") : set) : base, specs))
            out.append({name, spec, set});
    for (const Version &v : versions)
        for (const auto &[name, spec] : PipelineGrid::named(several ? base + QLatin1Char('/') + v.name : base, specs))
            out.append({name, spec, v.form, v.id, v.items});
    return out;
}

RunEstimate RunPlan::estimate(Database &db, const QVector<PlannedRun> &runs)
{
    RunEstimate e;
    e.runs = int(runs.size());
    // A database that cannot be read makes the estimate a problem to show, not a zero.
    auto read = GenerationStore(db).stats();
    CorpusStore corpus(db);
    auto chunkAverage = corpus.meanChunkLength();
    auto queryAverage = GenerationReadStore(db).meanTextTemplateLength();
    for (const QString &error : {read.ok() ? QString() : read.error(), chunkAverage.ok() ? QString() : chunkAverage.error(),
                                 queryAverage.ok() ? QString() : queryAverage.error()})
        if (!error.isEmpty())
            e.problems << error;
    if (!e.problems.isEmpty())
        return e;
    const GenerationStore::Stats stats = read.take();
    qint64 allQueries = 0;
    for (qint64 n : stats.textQueries)
        allQueries += n;
    const qint64 chunkChars = chunkAverage.value();
    const qint64 queryChars = qint64(queryAverage.value());
    QStringList embeddersSeen;
    for (const PlannedRun &run : runs) {
        const qint64 items = run.testsetId > 0 ? run.versionItems : run.querySet.isEmpty() ? allQueries : stats.textQueries.value(run.querySet);
        e.items += items;
        if (run.spec.usesEmbeddings()) {
            auto profile = LlmProfileStore::find(run.spec.embedder);
            if (!profile) {
                e.problems << profile.error();
            } else {
                const QString model = profile.value().baseUrl + QLatin1Char('|') + profile.value().model;
                qint64 missing = 0;
                if (!embeddersSeen.contains(model)) {
                    auto count = corpus.chunksWithoutEmbedding(model);
                    if (!count) {
                        e.problems << count.error();
                        return e;
                    }
                    missing = count.value();
                }
                embeddersSeen << model;
                e.embeddingCalls += (missing + EmbeddingBatch - 1) / EmbeddingBatch + (items + EmbeddingBatch - 1) / EmbeddingBatch;
                const qint64 tokens = tokensOf(missing * chunkChars + items * queryChars);
                e.promptTokens += tokens;
                e.cost += profile.value().cost(tokens, 0);
            }
        }
        if (run.spec.usesAgent()) {
            // An upper bound: every item takes all its steps; each step's prompt carries the
            // conversation so far (an observation of about k chunks per step), within the budget.
            auto profile = LlmProfileStore::find(run.spec.readerProfile());
            if (!profile) {
                e.problems << profile.error();
                continue;
            }
            const QString name = run.spec.prompt == PipelineSpec().prompt ? AgentReader::defaultPrompt(run.spec.workflow()) : run.spec.prompt;
            auto prompt = PromptLibrary::load(name);
            const qint64 base = tokensOf((prompt ? prompt.value().size() : 0) + queryChars * (1 + run.spec.icl));
            const qint64 perStep = tokensOf(3 * (chunkChars + 24)) + CompletionTokensPerAnswer;
            const qint64 steps = run.spec.steps;
            qint64 perItem = steps * base + perStep * steps * (steps - 1) / 2;
            if (run.spec.budget > 0)
                perItem = std::min(perItem, run.spec.budget);
            const qint64 completions = items * std::min<qint64>(steps * CompletionTokensPerAnswer, perItem);
            const qint64 prompts = items * perItem - completions;
            e.llmCalls += items * steps;
            e.promptTokens += prompts;
            e.completionTokens += completions;
            e.cost += profile.value().cost(prompts, completions);
        }
        if (run.spec.usesLlmReader()) {
            auto profile = LlmProfileStore::find(run.spec.readerProfile());
            if (!profile) {
                e.problems << profile.error();
                continue;
            }
            auto prompt = PromptLibrary::load(run.spec.prompt);
            const qint64 promptChars = (prompt ? prompt.value().size() : 0) + run.spec.k * (chunkChars + 24) + queryChars * (1 + run.spec.icl) + 16 * run.spec.icl;
            const qint64 prompts = items * tokensOf(promptChars);
            const qint64 completions = items * CompletionTokensPerAnswer;
            e.llmCalls += items;
            e.promptTokens += prompts;
            e.completionTokens += completions;
            e.cost += profile.value().cost(prompts, completions);
        }
    }
    e.problems.removeDuplicates();
    return e;
}

RunEstimate RunPlan::estimate(Project &project, const QVector<PlannedRun> &runs)
{
    return estimate(project.database(), runs);
}

} // namespace assay
