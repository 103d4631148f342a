#include "analysis/runoutcomes.h"

#include "runs/labelstore.h"

#include "runs/runresultstore.h"
#include "runs/runstore.h"
#include "runs/tasklevels.h"
#include "retrieval/retrieverregistry.h"
#include "scoring/answermetrics.h"
#include "runs/scorer.h"
#include "project/project.h"

namespace assay {

Result<QStringList> RunOutcomes::answerJudges(Database &db, qint64 runId) { return RunResultStore(db).answerJudges(runId); }

QStringList RunOutcomes::machineJudges(const QStringList &judges)
{
    QStringList out;
    for (const QString &j : judges)
        if (!LabelStore::isHuman(j))
            out << j;
    return out;
}

Result<RunOutcomes::Loaded> RunOutcomes::load(Database &db, const QString &runName, const Options &options)
{
    using R = Result<Loaded>;
    auto runId = RunStore(db).idOf(runName);
    if (!runId)
        return R::failure(runId.error());
    Loaded loaded;
    loaded.runName = runName;
    // One pass over the run's judgements names the judges of both aspects and holds every
    // verdict, so the items are then read without seeking the chosen judges' verdicts.
    using Aspect = RunVerdicts::Aspect;
    auto readVerdicts = RunResultStore(db).verdictsOf(runId.value());
    if (!readVerdicts)
        return R::failure(readVerdicts);
    const RunVerdicts &verdicts = readVerdicts.value();
    const QStringList all = verdicts.judges(Aspect::Answer);
    loaded.answerJudges = all;
    const QStringList judges = machineJudges(all);
    loaded.judge = options.judge;
    if (loaded.judge.isEmpty() && !options.requireJudge) {
        loaded.judge = judges.size() == 1 ? judges.first() : QString();
    } else if (loaded.judge.isEmpty()) {
        if (judges.size() != 1)
            return R::failure(judges.isEmpty() ? QStringLiteral("run '%1' has no verdicts yet: score it first (assay-cli score FILE --run %1 --judge NAME)").arg(runName)
                                               : QStringLiteral("run '%1' has verdicts of several judges (%2): choose one with --judge").arg(runName, judges.join(QStringLiteral(", "))));
        loaded.judge = judges.first();
    } else if (!all.contains(loaded.judge)) {
        return R::failure(LabelStore::isHuman(loaded.judge)
                              ? QStringLiteral("run '%1' has no labels of %2: label its items on Analysis → Labels, or import a labels file").arg(runName, loaded.judge)
                              : QStringLiteral("run '%1' has no verdicts of judge '%2' (it has: %3)").arg(runName, loaded.judge, all.isEmpty() ? QStringLiteral("none") : all.join(QStringLiteral(", "))));
    }
    loaded.retrievalJudge = options.retrievalJudge.isEmpty() ? Scorer::defaultRetrievalJudge(verdicts.judges(Aspect::Retrieval)) : options.retrievalJudge;
    auto reader = RunResultStore(db).readerOf(runId.value());
    if (!reader)
        return R::failure(reader);
    loaded.readerless = reader.value() == QLatin1String("none");
    auto retrieverName = RunResultStore(db).retrieverOf(runId.value());
    if (!retrieverName)
        return R::failure(retrieverName.error());
    const RetrieverKind *retriever = RetrieverRegistry::instance().find(retrieverName.value());
    loaded.servesTruth = retriever && retriever->servesTruth;
    auto levels = TaskLevels::load(db);
    if (!levels)
        return R::failure(levels.error());
    // People's labels cover a sample: the unlabelled items are not "incorrect" but unknown, so
    // only labelled items are read, and their verdicts stand as given (no closed-domain rule).
    const bool labels = LabelStore::isHuman(loaded.judge);
    // Over known truth only: top1 and topk need the item's true documents (verdicts stored
    // for an empty list by older scorings are not counted); other judges need a verdict.
    const bool needsTruth = loaded.retrievalJudge == QLatin1String("covered") || loaded.retrievalJudge == QLatin1String("top1") || loaded.retrievalJudge == QLatin1String("topk");
    // Each stored item becomes its outcome as it is read: its strings move, no second copy of the run.
    bool inIdOrder = true;
    const int answerColumn = verdicts.indexOf(Aspect::Answer, loaded.judge), retrievalColumn = verdicts.indexOf(Aspect::Retrieval, loaded.retrievalJudge);
    const Status read = RunResultStore(db).forEachExecuted(
        runId.value(), QString(), QString(), false, [&](qint64 items) { loaded.outcomes.reserve(items); },
        [&](StoredRunItem &it) {
        it.verdict = verdicts.verdict(it.id, Aspect::Answer, answerColumn);
        it.retrievalVerdict = verdicts.verdict(it.id, Aspect::Retrieval, retrievalColumn);
        if (labels && !it.verdict)
            return;
        Outcome o;
        o.itemId = it.id;
        o.key = std::move(it.key);
        o.identity = std::move(it.identity);
        o.sqlTemplateId = it.sqlTemplateId;
        o.level = levels.value().resolve(it.level, it.form, it.sqlTemplateId);
        o.group = std::move(it.group);
        o.form = std::move(it.form);
        o.query = std::move(it.query);
        o.gold = std::move(it.gold);
        o.answer = std::move(it.answer);
        // Empty when the facts are stored (the text was not read); then no trace to parse.
        if (!it.retrievedText.isEmpty() || !it.trace.isEmpty())
            o.context = AnswerMetrics::scratchpad(it.retrievedText, it.trace);
        o.goldInContext = it.goldInContext;
        o.answerF1 = it.answerF1;
        o.halted = it.halted;
        o.error = std::move(it.error);
        o.latencyMs = it.latencyMs;
        o.tokens = it.tokens;
        o.cost = it.cost;
        o.usageUnknown = it.usageUnknown;
        o.verdict = it.verdict;
        o.retrievalVerdict = it.retrievalVerdict;
        if (!it.retrievedIds.isEmpty())
            o.top1 = it.retrievedIds.first();
        o.retrieved = std::move(it.retrievedIds);
        if (it.trueDocIdsKnown)
            o.trueDocs = int(it.trueDocIds.size());
        o.groundedVerdict = loaded.readerless && o.trueDocs > 0;
        o.retrievalJudgeable = it.retrievalVerdict.has_value() && (!needsTruth || (it.trueDocIdsKnown && !it.trueDocIds.isEmpty()));
        // The oracle had nothing to serve: no verdict, also for runs scored before the scorer
        // left these items unjudged (people's labels stand as given).
        if (loaded.servesTruth && !labels && o.trueDocs <= 0 && o.error.isEmpty()) {
            o.unserved = true;
            o.verdict.reset();
        }
        // The closed-domain rule: an answer whose retrieval was judged wrong is Incorrect.
        if (options.closedDomain && !labels && o.correct() && o.retrievalJudgeable && *o.retrievalVerdict == 0)
            o.verdict = 0;
        loaded.outcomes.append(std::move(o));
        },
        &inIdOrder);
    if (!read)
        return R::failure(read);
    if (!inIdOrder)
        std::sort(loaded.outcomes.begin(), loaded.outcomes.end(), [](const Outcome &a, const Outcome &b) { return a.itemId < b.itemId; });
    return loaded;
}

Result<QStringList> RunOutcomes::answerJudges(Project &project, const QString &runName)
{
    auto id = project.service<RunStore>()->idOf(runName);
    if (!id)
        return Result<QStringList>::failure(id);
    return answerJudges(project.database(), id.value());
}

} // namespace assay
