#include "analysis/claimanalysis.h"

#include "analysis/meaninterval.h"
#include "claims/claimstore.h"
#include "runs/runresultstore.h"
#include "runs/tasklevels.h"

#include <QMap>

#include <QtNumeric>

#include <algorithm>
#include <cmath>
#include <random>

namespace assay {


bool ClaimAnalysis::needsResponse(ClaimMetrics::Metric m) { return m != ClaimMetrics::ClaimRecall && m != ClaimMetrics::ContextPrecision; }

QString ClaimAnalysis::module(ClaimMetrics::Metric m)
{
    switch (m) {
    case ClaimMetrics::Precision:
    case ClaimMetrics::Recall:
    case ClaimMetrics::F1: return QStringLiteral("overall");
    case ClaimMetrics::ClaimRecall:
    case ClaimMetrics::ContextPrecision: return QStringLiteral("retriever");
    default: return QStringLiteral("generator");
    }
}

QString ClaimAnalysis::explanation(ClaimMetrics::Metric m)
{
    switch (m) {
    case ClaimMetrics::Precision: return QStringLiteral("The share of the response's claims that the ground-truth answer entails. Low: the response says things the truth does not.");
    case ClaimMetrics::Recall: return QStringLiteral("The share of the ground-truth answer's claims that the response entails. Low: the response leaves out what it should say.");
    case ClaimMetrics::F1: return QStringLiteral("The harmonic mean of precision and recall, per item, then averaged over items (not the F1 of the means).");
    case ClaimMetrics::ClaimRecall: return QStringLiteral("The share of the ground-truth answer's claims that some retrieved chunk entails. Low: the retriever did not bring the facts.");
    case ClaimMetrics::ContextPrecision: return QStringLiteral("The share of retrieved chunks that entail some ground-truth claim. Low: most of the context is noise.");
    case ClaimMetrics::ContextUtilization:
        return QStringLiteral("Of the ground-truth claims the chunks hold, the share the response also states. Low: the generator ignores facts it was given.");
    case ClaimMetrics::NoiseSensitivityRelevant:
        return QStringLiteral("The share of the response's claims that are wrong yet entailed by a relevant chunk. High: the generator picks up the noise next to the facts. Lower is better.");
    case ClaimMetrics::NoiseSensitivityIrrelevant:
        return QStringLiteral("The share of the response's claims that are wrong and entailed only by irrelevant chunks. High: irrelevant context misleads the generator. Lower is better.");
    case ClaimMetrics::Hallucination:
        return QStringLiteral("The share of the response's claims that are wrong and that no chunk entails: made up. Lower is better.");
    case ClaimMetrics::SelfKnowledge:
        return QStringLiteral("The share of the response's claims that are right although no chunk entails them: the model's own knowledge.");
    case ClaimMetrics::Faithfulness: return QStringLiteral("The share of the response's claims that some retrieved chunk entails, right or wrong. Low: the response strays from its context.");
    case ClaimMetrics::MetricCount: break;
    }
    return {};
}

bool ClaimAnalysis::higherIsBetter(ClaimMetrics::Metric m)
{
    return m != ClaimMetrics::NoiseSensitivityRelevant && m != ClaimMetrics::NoiseSensitivityIrrelevant && m != ClaimMetrics::Hallucination;
}

ClaimMetrics::Metric ClaimAnalysis::metricNamed(const QString &name)
{
    const auto fold = [](QString s) { return s.toLower().replace(QLatin1Char('-'), QLatin1Char('_')).replace(QLatin1Char(' '), QLatin1Char('_')); };
    const QString wanted = fold(name);
    for (int m = 0; m < ClaimMetrics::MetricCount; ++m) {
        const auto metric = ClaimMetrics::Metric(m);
        if (wanted == QLatin1String(ClaimMetrics::key(metric)) || wanted == fold(ClaimMetrics::label(metric)))
            return metric;
    }
    return ClaimMetrics::MetricCount;
}

ClaimAnalysis::RunFigures ClaimAnalysis::figures(const QVector<ClaimSet> &sets, qint64 runId, const QString &checker)
{
    RunFigures out;
    out.runId = runId;
    out.checker = checker;
    out.items = int(sets.size());
    std::array<QVector<double>, ClaimMetrics::MetricCount> known;
    for (const ClaimSet &set : sets) {
        ClaimMetrics::Values v = ClaimMetrics::item(set.checks);
        for (ClaimVerdict c : set.checks.responseByAnswer + set.checks.answerByResponse + set.checks.responseByChunk + set.checks.answerByChunk)
            out.unreadableChecks += c == ClaimVerdict::Unknown;
        if (!set.hasResponse)
            ++out.withoutResponse;
        else if (set.checks.responseClaims == 0)
            ++out.emptyResponses;
        for (int m = 0; m < ClaimMetrics::MetricCount; ++m) {
            Figure &f = out.figures[m];
            if (!set.hasResponse && needsResponse(ClaimMetrics::Metric(m))) {
                v[m] = qQNaN();
                ++f.notApplicable;
            } else if (std::isnan(v[m])) {
                ++f.unknown;
            } else {
                known[m] << v[m];
            }
        }
        out.perItem.insert(set.itemKey, v);
    }
    for (int m = 0; m < ClaimMetrics::MetricCount; ++m) {
        Figure &f = out.figures[m];
        f.n = int(known[m].size());
        if (f.n == 0)
            continue;
        double sum = 0;
        for (double x : known[m])
            sum += x;
        f.value = sum / f.n;
        meanInterval(known[m], &f.low, &f.high);
    }
    return out;
}

Result<ClaimAnalysis::RunFigures> ClaimAnalysis::ofRun(const ClaimStore &store, qint64 runId, const QString &checker)
{
    auto sets = store.checks(runId, checker);
    if (!sets)
        return Result<RunFigures>::failure(sets);
    return figures(sets.value(), runId, checker);
}

Result<QVector<QPair<QString, ClaimAnalysis::RunFigures>>> ClaimAnalysis::ofRunByLevel(Database &db, qint64 runId, const QString &checker)
{
    using R = Result<QVector<QPair<QString, RunFigures>>>;
    auto sets = ClaimStore(db).checks(runId, checker);
    if (!sets)
        return R::failure(sets);
    auto levels = TaskLevels::load(db);
    if (!levels)
        return R::failure(levels);
    auto items = RunResultStore(db).executed(runId, {}, {}, false);
    if (!items)
        return R::failure(items);
    QHash<qint64, QString> levelOf;
    for (const StoredRunItem &it : items.value())
        levelOf.insert(it.id, levels.value().resolve(it.level, it.form, it.sqlTemplateId));
    QMap<QString, QVector<ClaimSet>> byLevel;
    for (const ClaimSet &set : sets.value())
        byLevel[levelOf.value(set.itemId)] << set;
    QVector<QPair<QString, RunFigures>> out;
    for (const QString &level : TaskLevels::ordered(byLevel.keys()))
        out.append({level, figures(byLevel.value(level), runId, checker)});
    return out;
}

QVector<ClaimAnalysis::Difference> ClaimAnalysis::compare(const RunFigures &run, const RunFigures &baseline, int resamples)
{
    QVector<Difference> out;
    for (int m = 0; m < ClaimMetrics::MetricCount; ++m) {
        QVector<GateItem> items;
        qint64 group = 0;
        for (auto it = run.perItem.constBegin(); it != run.perItem.constEnd(); ++it) {
            const auto other = baseline.perItem.constFind(it.key());
            if (other == baseline.perItem.constEnd() || std::isnan(it.value()[m]) || std::isnan(other.value()[m]))
                continue;
            GateItem item;
            item.group = ++group; // items are the resampling unit: claims carry no semantic group
            item.run = it.value()[m];
            item.baseline = other.value()[m];
            items << item;
        }
        std::sort(items.begin(), items.end(), [](const GateItem &a, const GateItem &b) { return a.run != b.run ? a.run < b.run : a.baseline < b.baseline; });
        GateOptions options;
        options.resamples = resamples;
        Difference d;
        d.metric = ClaimMetrics::Metric(m);
        d.result = RegressionGate::compare(items, options);
        out << d;
    }
    return out;
}

} // namespace assay
