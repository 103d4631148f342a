#include "analysis/gatecomparison.h"

#include "analysis/metricgate.h"
#include "analysis/metricregistry.h"

#include "runs/gatestore.h"
#include "runs/runstore.h"
#include "scoring/llmjudge.h"

#include <QLocale>
#include <QSet>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace assay {

namespace {

QString tagOf(int correct, int items)
{
    if (correct == 0)
        return QStringLiteral("gap");
    return correct == items ? QStringLiteral("robust") : QStringLiteral("non-robust");
}

// An item's score in [0, 1] under the metric, and whether its judge's repeats disagreed. An
// answer the closed-domain rule made wrong is wrong whatever the votes said.
std::pair<double, bool> scoreOf(const Outcome &o, const QVector<int> &votes, bool retrieval)
{
    if (retrieval)
        return {o.retrievalCorrect() ? 1.0 : 0.0, false};
    int right = 0, read = 0;
    for (int v : votes)
        if (v >= 0) {
            ++read;
            right += v;
        }
    const bool overruled = o.verdict && *o.verdict == 0 && right == read && read > 0;
    if (read >= 2 && right > 0 && right < read && !overruled)
        return {double(right) / read, true};
    return {o.correct() ? 1.0 : 0.0, false};
}

// A retrieval-only run has no answer: its top document stands for it, and whether the gold was
// in its context.
QString shownAnswer(const Outcome &o)
{
    if (!o.answer.isEmpty())
        return o.answer;
    if (o.top1.isEmpty())
        return QStringLiteral("(nothing retrieved)");
    // Whether the gold stood in what was retrieved tells a right context from a wrong one
    // when both runs rank the same document first (k differs).
    const QString gold = !o.goldInContext ? QString() : *o.goldInContext ? QStringLiteral(", gold in the context") : QStringLiteral(", gold not in the context");
    return QStringLiteral("(top document %1%2)").arg(o.top1, gold);
}

// The module an item's change of score goes to (docs/METHODS.md §11.3). Without an LLM (both
// pipelines retrieval-only, or the retrieval metric), what came back decides: the same documents
// in the same order as far as the shorter list goes is the context size (k), anything else the
// retriever. With one: no known true documents — knowledge (the retriever cannot be told from a
// gap); retrieval moved the same way as the score — retriever; else the LLM.
QString moduleOf(const Outcome &run, const Outcome &base, double delta, bool noLlm)
{
    if (noLlm) {
        const qsizetype shorter = std::min(run.retrieved.size(), base.retrieved.size());
        const bool samePrefix = run.retrieved.mid(0, shorter) == base.retrieved.mid(0, shorter);
        return samePrefix && run.retrieved.size() != base.retrieved.size() ? QStringLiteral("context") : QStringLiteral("retriever");
    }
    if (!(run.retrievalJudgeable && base.retrievalJudgeable))
        return QStringLiteral("knowledge");
    const int retrievalChange = int(run.retrievalCorrect()) - int(base.retrievalCorrect());
    return (delta < 0 && retrievalChange < 0) || (delta > 0 && retrievalChange > 0) ? QStringLiteral("retriever") : QStringLiteral("llm");
}

nlohmann::json number(double v)
{
    return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json();
}

} // namespace

int GateReport::exitCode() const
{
    switch (result.verdict) {
    case GateResult::Verdict::Pass:
    case GateResult::Verdict::Improvement:
        return 0;
    case GateResult::Verdict::Regression:
        return 1;
    case GateResult::Verdict::Error:
        return 4;
    case GateResult::Verdict::Inconclusive:
        break;
    }
    return 3;
}

Result<GateReport> GateComparison::compare(Database &db, const QString &run, const QString &baseline, const Options &options)
{
    using R = Result<GateReport>;
    if (!GateReport::metrics().contains(options.metric)) {
        // Any other registered metric: its values paired (MetricGate).
        if (const Metric *metric = MetricRegistry::instance().metric(options.metric))
            return MetricGate::compare(db, run, baseline, *metric, options, options.checker);
        return R::failure(QStringLiteral("unknown metric '%1' (%2)").arg(options.metric, GateReport::allMetrics().join(QStringLiteral(", "))));
    }
    RunOutcomes::Options ro;
    ro.judge = options.judge;
    ro.closedDomain = options.closedDomain;
    auto candidate = RunOutcomes::load(db, run, ro);
    if (!candidate)
        return R::failure(candidate);
    RunOutcomes::Options bo = ro;
    bo.judge = options.baselineJudge;
    if (bo.judge.isEmpty()) {
        auto baseId = RunStore(db).idOf(baseline);
        if (!baseId)
            return R::failure(baseId);
        auto judges = RunOutcomes::answerJudges(db, baseId.value());
        if (!judges)
            return R::failure(judges);
        if (judges.value().contains(candidate.value().judge))
            bo.judge = candidate.value().judge;
    }
    auto base = RunOutcomes::load(db, baseline, bo);
    if (!base)
        return R::failure(base);
    RunStore runs(db);
    auto votesOf = [&](const RunOutcomes::Loaded &loaded) -> Result<QHash<qint64, QVector<int>>> {
        auto id = runs.idOf(loaded.runName);
        if (!id)
            return Result<QHash<qint64, QVector<int>>>::failure(id);
        auto rows = runs.judgements(id.value(), loaded.judge, QStringLiteral("answer"));
        if (!rows)
            return Result<QHash<qint64, QVector<int>>>::failure(rows);
        QHash<qint64, QVector<int>> out;
        for (const auto &[itemId, verdict, score, detail] : rows.value()) {
            const QVector<int> votes = LlmJudge::votesOf(detail);
            if (votes.size() >= 2)
                out.insert(itemId, votes);
        }
        return out;
    };
    auto runVotes = votesOf(candidate.value());
    if (!runVotes)
        return R::failure(runVotes);
    auto baseVotes = votesOf(base.value());
    if (!baseVotes)
        return R::failure(baseVotes);
    auto report = compare(candidate.value(), runVotes.value(), base.value(), baseVotes.value(), options);
    if (!report)
        return report;
    for (const auto &[name, field] : {std::pair{run, &GateReport::runVersion}, std::pair{baseline, &GateReport::baselineVersion}}) {
        auto id = runs.idOf(name);
        if (!id)
            return R::failure(id);
        auto header = runs.header(id.value());
        if (!header)
            return R::failure(header);
        report.value().*field = header.value().version;
    }
    if (report.value().runVersion != report.value().baselineVersion) {
        auto name = [](const QString &v) { return v.isEmpty() ? QStringLiteral("the working set") : QStringLiteral("version %1").arg(v); };
        report.value().notes << QStringLiteral("The runs ran on different test sets (%1 and %2): they are compared on the items both hold.")
                                    .arg(name(report.value().runVersion), name(report.value().baselineVersion));
    }
    return report;
}

Result<GateReport> GateComparison::compare(const RunOutcomes::Loaded &run, const QHash<qint64, QVector<int>> &runVotes,
                                           const RunOutcomes::Loaded &baseline, const QHash<qint64, QVector<int>> &baselineVotes,
                                           const Options &options)
{
    using R = Result<GateReport>;
    GateReport report;
    report.run = run.runName;
    report.baseline = baseline.runName;
    report.metric = options.metric;
    report.judge = run.judge;
    report.baselineJudge = baseline.judge;
    report.options = options.gate;
    report.runItems = int(run.outcomes.size());
    report.baselineItems = int(baseline.outcomes.size());
    const bool retrieval = options.metric == QLatin1String("retrieval");
    const bool refined = options.metric == QLatin1String("refined");

    // Pairing: by identity when every item of both runs has one, else by key.
    auto allHave = [](const RunOutcomes::Loaded &l) {
        return std::all_of(l.outcomes.begin(), l.outcomes.end(), [](const Outcome &o) { return !o.identity.isEmpty(); });
    };
    const bool byIdentity = allHave(run) && allHave(baseline);
    report.pairedBy = byIdentity ? QStringLiteral("identity") : QStringLiteral("key");
    auto keyOf = [&](const Outcome &o) { return byIdentity ? o.identity : o.key; };
    QHash<QString, const Outcome *> baseByKey;
    for (const Outcome &o : baseline.outcomes)
        baseByKey.insert(keyOf(o), &o);
    struct Pair {
        const Outcome *run, *base;
    };
    QVector<Pair> pairs;
    for (const Outcome &o : run.outcomes) {
        const auto b = baseByKey.constFind(keyOf(o));
        if (b == baseByKey.constEnd())
            continue;
        ++report.paired;
        // An item that failed or whose verdict is unread in either run is unknown, never a loss.
        const Outcome &base = **b;
        const auto unread = [retrieval](const Outcome &x) { return retrieval ? (x.retrievalJudgeable && !x.retrievalVerdict) : !x.verdict; };
        if (!o.error.isEmpty() || !base.error.isEmpty()) {
            report.runFailed += !o.error.isEmpty();
            report.baselineFailed += o.error.isEmpty() && !base.error.isEmpty();
            if (report.firstFailure.isEmpty())
                report.firstFailure = QStringLiteral("in %1: %2").arg(o.error.isEmpty() ? baseline.runName : run.runName, (o.error.isEmpty() ? base.error : o.error).left(160));
            continue;
        }
        if (unread(o) || unread(base)) {
            ++report.unread;
            continue;
        }
        pairs.append(Pair{&o, *b});
    }
    if (report.paired > 0 && report.unevaluated() > report.options.maxErrors * report.paired) {
        // Too much is unknown to say anything: the verdict is error, never a regression or a pass.
        report.result.verdict = GateResult::Verdict::Error;
        report.result.shared = int(pairs.size());
        report.result.reason = report.coverageText();
        report.notes << report.coverageText();
        return report;
    }

    // Groups over the shared items (the baseline's group keys).
    struct Group {
        GateGroupChange change;
        bool competent = false;
    };
    QHash<QString, Group> groups;
    QStringList order;
    for (const Pair &p : pairs) {
        auto it = groups.find(p.base->group);
        if (it == groups.end()) {
            it = groups.insert(p.base->group, Group{});
            it->change.group = p.base->group;
            it->change.sqlTemplateId = p.base->sqlTemplateId;
            order << p.base->group;
        }
        GateGroupChange &g = it->change;
        ++g.items;
        g.baselineCorrect += p.base->correct();
        g.runCorrect += p.run->correct();
        if (p.base->retrievalJudgeable && p.run->retrievalJudgeable) {
            ++g.judgeable;
            g.baselineRetrieval += p.base->retrievalCorrect();
            g.runRetrieval += p.run->retrievalCorrect();
        }
        if (g.query.isEmpty() && p.base->correct() && !p.run->correct()) {
            g.query = p.run->query;
            g.gold = p.base->gold;
            g.baselineAnswer = shownAnswer(*p.base);
            g.runAnswer = shownAnswer(*p.run);
        }
    }
    for (Group &g : groups)
        g.competent = g.change.baselineCorrect > 0 || g.change.runCorrect > 0;

    QVector<GateItem> items;
    QVector<Pair> scoredPairs; // the pair of each item
    QHash<QString, qint64> groupIndex;
    for (const Pair &p : pairs) {
        if (retrieval && !(p.base->retrievalJudgeable && p.run->retrievalJudgeable))
            continue;
        if (refined && !groups.value(p.base->group).competent)
            continue;
        GateItem item;
        item.group = *groupIndex.insert(p.base->group, groupIndex.value(p.base->group, groupIndex.size()));
        const auto [r, rf] = scoreOf(*p.run, runVotes.value(p.run->itemId), retrieval);
        const auto [b, bf] = scoreOf(*p.base, baselineVotes.value(p.base->itemId), retrieval);
        item.run = r;
        item.runFlips = rf;
        item.baseline = b;
        item.baselineFlips = bf;
        items << item;
        scoredPairs << p;
    }
    if (items.isEmpty())
        return R::failure(pairs.isEmpty() ? QStringLiteral("runs '%1' and '%2' share no items: they ran on different questions (another query set or version). "
                                                         "Gate a run against a baseline run on the same questions.").arg(run.runName, baseline.runName)
                                          : QStringLiteral("runs '%1' and '%2' share no items the %3 metric can score%4")
                                                .arg(run.runName, baseline.runName, options.metric,
                                                     retrieval ? QStringLiteral(" (no shared item has true documents: link them on Corpus → Ground Truth)") : QString()));
    report.result = RegressionGate::compare(items, options.gate);

    // The module split (docs/METHODS.md §11.3): every scored item whose score changed goes to
    // one module, so the modules' points add up to the difference; a group's module is the one
    // that lost it the most.
    const bool noLlm = retrieval || (run.readerless && baseline.readerless);
    const QStringList moduleNames = noLlm ? QStringList{QStringLiteral("retriever"), QStringLiteral("context")}
                                          : QStringList{QStringLiteral("retriever"), QStringLiteral("llm"), QStringLiteral("knowledge")};
    for (const QString &m : moduleNames)
        report.modules.insert(m, GateModule{});
    QHash<QString, QHash<QString, double>> groupModuleDelta; // group → module → net score change
    QHash<QString, QHash<QString, bool>> groupModuleTouched;
    for (int i = 0; i < items.size(); ++i) {
        const Pair &p = scoredPairs[i];
        const double delta = items[i].run - items[i].baseline;
        if (delta == 0)
            continue;
        const QString m = moduleOf(*p.run, *p.base, delta, noLlm);
        GateModule &module = report.modules[m];
        module.itemsLost += delta < 0;
        module.itemsGained += delta > 0;
        module.points += 100.0 * delta / double(items.size());
        groupModuleDelta[p.base->group][m] += delta;
        groupModuleTouched[p.base->group][m] = true;
    }
    for (auto g = groupModuleTouched.constBegin(); g != groupModuleTouched.constEnd(); ++g)
        for (auto m = g->constBegin(); m != g->constEnd(); ++m)
            ++report.modules[m.key()].groups;
    QHash<qint64, GateTemplateChange> templates;
    for (const QString &key : order) {
        GateGroupChange g = groups.value(key).change;
        g.tagBefore = tagOf(g.baselineCorrect, g.items);
        g.tagAfter = tagOf(g.runCorrect, g.items);
        if (g.lost() <= 0)
            continue;
        double worst = 0;
        for (auto m = groupModuleDelta.value(key).constBegin(); m != groupModuleDelta.value(key).constEnd(); ++m)
            if (g.module.isEmpty() || m.value() < worst) {
                worst = m.value();
                g.module = m.key();
            }
        if (g.module.isEmpty()) // lost answers the metric does not score (retrieval): the retriever's group view
            g.module = noLlm ? QStringLiteral("retriever") : QStringLiteral("llm");
        report.regressedGroups << g;
        GateTemplateChange &t = templates[g.sqlTemplateId];
        t.sqlTemplateId = g.sqlTemplateId;
        ++t.groups;
        t.itemsLost += g.lost();
        if (t.query.isEmpty())
            t.query = g.query;
    }
    std::stable_sort(report.regressedGroups.begin(), report.regressedGroups.end(),
                     [](const GateGroupChange &a, const GateGroupChange &b) { return a.lost() > b.lost(); });
    if (report.regressedGroups.size() > options.topGroups)
        report.regressedGroups.resize(options.topGroups);
    for (const GateTemplateChange &t : templates)
        report.regressedTemplates << t;
    std::sort(report.regressedTemplates.begin(), report.regressedTemplates.end(), [](const GateTemplateChange &a, const GateTemplateChange &b) {
        return a.itemsLost != b.itemsLost ? a.itemsLost > b.itemsLost : a.sqlTemplateId < b.sqlTemplateId;
    });
    if (report.regressedTemplates.size() > options.topGroups)
        report.regressedTemplates.resize(options.topGroups);

    const QLocale c(QLocale::English);
    if (report.unevaluated() > 0)
        report.notes << report.coverageText() + QStringLiteral(" They are left out (at most %1% may be).").arg(100.0 * report.options.maxErrors, 0, 'g', 3);
    report.notes << QStringLiteral("Paired on %1 items both runs hold (by %2)%3.")
                        .arg(c.toString(qint64(pairs.size())), report.pairedBy,
                             report.runItems > pairs.size() || report.baselineItems > pairs.size()
                                 ? QStringLiteral("; %1 of the run's and %2 of the baseline's items are in one run only and left out")
                                       .arg(c.toString(qint64(report.runItems - pairs.size())), c.toString(qint64(report.baselineItems - pairs.size())))
                                 : QString());
    if (items.size() < pairs.size())
        report.notes << QStringLiteral("The %1 metric scores %2 of them%3.")
                            .arg(options.metric, c.toString(qint64(items.size())),
                                 retrieval ? QStringLiteral(" (those with known true documents)") : QStringLiteral(" (those of groups answered in some form by either run)"));
    if (report.result.flipping > 0)
        report.notes << QStringLiteral("%1 items' verdicts flipped between the judge's repeats; each is drawn anew from its share of right verdicts in every resample, which widens the interval.")
                            .arg(c.toString(report.result.flipping));
    else if (!retrieval && runVotes.isEmpty() && baselineVotes.isEmpty())
        report.notes << QStringLiteral("The judge was not repeated, so the interval holds the items' sampling noise only, not the judge's own (score with repeats to measure it).");
    return report;
}

QString GateReport::coverageText() const
{
    if (!failure.isEmpty())
        return failure;
    const QLocale c(QLocale::English);
    QStringList parts;
    if (runFailed > 0)
        parts << QStringLiteral("%1 failed in %2").arg(c.toString(runFailed), run);
    if (baselineFailed > 0)
        parts << QStringLiteral("%1 failed in %2").arg(c.toString(baselineFailed), baseline);
    if (unread > 0)
        parts << (metrics().contains(metric) ? QStringLiteral("%1 unread (no %2 verdict)").arg(c.toString(unread), metric == QLatin1String("retrieval") ? QStringLiteral("retrieval") : QStringLiteral("judge"))
                                             : QStringLiteral("%1 unknown (no %2 value)").arg(c.toString(unread), metric));
    QString text = QStringLiteral("%1 of %2 shared items could not be evaluated%3")
                       .arg(c.toString(unevaluated()), c.toString(paired), parts.isEmpty() ? QString() : QStringLiteral(": ") + parts.join(QStringLiteral(", ")));
    if (!firstFailure.isEmpty())
        text += QStringLiteral(" (e.g. %1)").arg(firstFailure);
    return text + QLatin1Char('.');
}

Status GateReport::record(Database &db) const
{
    GateRecord g;
    g.run = run;
    g.baseline = baseline;
    g.metric = metric;
    g.verdict = GateResult::verdictName(result.verdict);
    g.difference = result.difference;
    g.low = result.low;
    g.high = result.high;
    g.reportJson = QString::fromStdString(toJson().dump());
    return GateStore(db).record(g);
}

nlohmann::json GateReport::toJson() const
{
    nlohmann::json modulesJson = nlohmann::json::object();
    for (auto it = modules.constBegin(); it != modules.constEnd(); ++it)
        modulesJson[it.key().toStdString()] = {{"groups", it->groups}, {"items_lost", it->itemsLost}, {"items_gained", it->itemsGained}, {"points", it->points}};
    nlohmann::json groupsJson = nlohmann::json::array();
    for (const GateGroupChange &g : regressedGroups)
        groupsJson.push_back({{"group", g.group.toStdString()}, {"template", g.sqlTemplateId}, {"module", g.module.toStdString()},
                              {"items", g.items}, {"baseline_correct", g.baselineCorrect}, {"run_correct", g.runCorrect},
                              {"baseline_retrieval", g.baselineRetrieval}, {"run_retrieval", g.runRetrieval},
                              {"tag_before", g.tagBefore.toStdString()}, {"tag_after", g.tagAfter.toStdString()},
                              {"example", {{"query", g.query.toStdString()}, {"gold", g.gold.toStdString()},
                                           {"baseline_answer", g.baselineAnswer.toStdString()}, {"run_answer", g.runAnswer.toStdString()}}}});
    nlohmann::json templatesJson = nlohmann::json::array();
    for (const GateTemplateChange &t : regressedTemplates)
        templatesJson.push_back({{"template", t.sqlTemplateId}, {"groups", t.groups}, {"items_lost", t.itemsLost}, {"example_query", t.query.toStdString()}});
    nlohmann::json notesJson = nlohmann::json::array();
    for (const QString &n : notes)
        notesJson.push_back(n.toStdString());
    return {{"verdict", GateResult::verdictName(result.verdict).toStdString()},
            {"reason", result.reason.toStdString()},
            {"run", run.toStdString()},
            {"baseline", baseline.toStdString()},
            {"run_version", runVersion.toStdString()},
            {"baseline_version", baselineVersion.toStdString()},
            {"metric", metric.toStdString()},
            {"judge", judge.toStdString()},
            {"baseline_judge", baselineJudge.toStdString()},
            {"paired_by", pairedBy.toStdString()},
            {"shared", result.shared},
            {"paired", paired},
            {"n_failed", runFailed + baselineFailed},
            {"n_failed_run", runFailed},
            {"n_failed_baseline", baselineFailed},
            {"n_unread", unread},
            {"max_errors", options.maxErrors},
            {"groups", result.groups},
            {"run_accuracy", number(result.runMean)},
            {"baseline_accuracy", number(result.baselineMean)},
            {"difference", number(result.difference)},
            {"ci", {number(result.low), number(result.high)}},
            {"p_value", number(result.mcnemarP)},
            {"run_only_right", result.runOnly},
            {"baseline_only_right", result.baselineOnly},
            {"judge_flips", result.flipping},
            {"max_drop", options.maxDrop},
            {"alpha", options.alpha},
            {"min_accuracy", number(options.minAccuracy)},
            {"modules", modulesJson},
            {"regressed_groups", groupsJson},
            {"regressed_templates", templatesJson},
            {"notes", notesJson}};
}

QStringList GateReport::allMetrics()
{
    QStringList out = metrics();
    for (const QString &name : MetricRegistry::instance().names())
        if (!out.contains(name))
            out << name;
    return out;
}

} // namespace assay
