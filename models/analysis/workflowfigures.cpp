#include "analysis/workflowfigures.h"

#include "readers/readerregistry.h"

#include "readers/pipelinespec.h"
#include "runs/runstore.h"
#include "runs/tasklevels.h"
#include "scoring/answermetrics.h"

#include <nlohmann/json.hpp>

namespace assay {

namespace {

LevelFigures figuresOf(const QVector<const Outcome *> &outcomes, const QString &reader)
{
    LevelFigures f;
    double f1 = 0;
    for (const Outcome *o : outcomes) {
        ++f.n;
        if (!o->error.isEmpty()) {
            ++f.failed; // no answer: neither an F1 of 0 nor a wrong verdict
            continue;
        }
        f1 += o->answerF1 ? *o->answerF1 : AnswerMetrics::f1(o->answer, o->gold);
        if (o->verdict) {
            ++f.judged;
            f.correct += o->correct();
        }
    }
    f.meanF1 = f.hasF1() ? f1 / double(f.n - f.failed) : 0;
    if (f.judged > 0)
        f.accuracy = double(f.correct) / double(f.judged);
    f.taxonomy = ResponseTaxonomy::evaluateSubset(outcomes, reader);
    return f;
}

nlohmann::json levelJson(const LevelFigures &f)
{
    return {{"n", f.n}, {"n_failed", f.failed}, {"mean_f1", f.hasF1() ? nlohmann::json(f.meanF1) : nlohmann::json(nullptr)}, {"judged", f.judged}, {"correct", f.correct},
            {"accuracy", f.accuracy ? nlohmann::json(*f.accuracy) : nlohmann::json(nullptr)}, {"taxonomy", f.taxonomy.toJson()}};
}

} // namespace

WorkflowFigures WorkflowFigures::compute(const QString &reader, const QVector<Outcome> &outcomes)
{
    WorkflowFigures w;
    if (reader.isEmpty()) {
        w.workflow = QStringLiteral("imported");
    } else if (reader.contains(QLatin1Char(':'))) {
        w.workflow = reader.section(QLatin1Char(':'), 0, 0);
        w.llm = reader.section(QLatin1Char(':'), 1);
    } else {
        w.workflow = reader;
    }
    QVector<const Outcome *> every;
    QMap<QString, QVector<const Outcome *>> byLevel;
    double latency = 0;
    for (const Outcome &o : outcomes) {
        every << &o;
        if (!o.level.isEmpty())
            byLevel[o.level] << &o;
        w.halted += o.halted;
        w.tokens += o.tokens;
        w.cost += o.cost;
        w.usageUnknown += o.usageUnknown;
        latency += o.latencyMs;
    }
    w.all = figuresOf(every, reader);
    for (auto it = byLevel.begin(); it != byLevel.end(); ++it)
        w.levels.insert(it.key(), figuresOf(it.value(), reader));
    w.meanLatencyMs = outcomes.isEmpty() ? 0 : latency / double(outcomes.size());
    if (w.all.correct > 0 && w.usageKnown())
        w.costPerCorrect = w.cost / double(w.all.correct);
    return w;
}

Result<WorkflowFigures> WorkflowFigures::load(Database &db, const QString &run, const QString &judge, bool closedDomain)
{
    using R = Result<WorkflowFigures>;
    RunOutcomes::Options options;
    options.judge = judge;
    options.requireJudge = !judge.isEmpty();
    options.closedDomain = closedDomain;
    auto loaded = RunOutcomes::load(db, run, options);
    if (!loaded)
        return R::failure(loaded.error());
    RunStore store(db);
    auto id = store.idOf(run);
    if (!id)
        return R::failure(id.error());
    auto header = store.header(id.value());
    if (!header)
        return R::failure(header.error());
    QString reader;
    if (!header.value().pipeline.isEmpty()) {
        auto spec = PipelineSpec::parse(header.value().pipeline);
        if (!spec)
            return R::failure(QStringLiteral("run '%1': %2").arg(run, spec.error()));
        reader = spec.value().reader;
    }
    return compute(reader, loaded.value().outcomes);
}

QString WorkflowFigures::workflowName(const QString &workflow)
{
    // The reader's chart label (ReaderRegistry); a run without a known reader was imported.
    const ReaderKind *kind = ReaderRegistry::instance().find(workflow);
    return kind && !kind->chartLabel.isEmpty() ? kind->chartLabel : QStringLiteral("Imported");
}

QStringList WorkflowFigures::levelNames() const { return TaskLevels::ordered(levels.keys()); }

nlohmann::json WorkflowFigures::toJson() const
{
    nlohmann::json byLevel = nlohmann::json::object();
    for (auto it = levels.begin(); it != levels.end(); ++it)
        byLevel[it.key().toStdString()] = levelJson(it.value());
    return {{"workflow", workflow.toStdString()},
            {"llm", llm.toStdString()},
            {"all", levelJson(all)},
            {"levels", byLevel},
            {"halted", halted},
            {"tokens", usageKnown() ? nlohmann::json(tokens) : nlohmann::json(nullptr)},
            {"cost", usageKnown() ? nlohmann::json(cost) : nlohmann::json(nullptr)},
            {"usage_unknown", usageUnknown},
            {"tokens_reported", tokens},
            {"cost_reported", cost},
            {"mean_latency_ms", meanLatencyMs},
            {"cost_per_correct", costPerCorrect ? nlohmann::json(*costPerCorrect) : nlohmann::json(nullptr)}};
}

} // namespace assay
