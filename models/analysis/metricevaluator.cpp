#include "analysis/metricevaluator.h"

#include "analysis/meaninterval.h"
#include "analysis/metricregistry.h"
#include "analysis/runoutcomes.h"
#include "claims/claimstore.h"
#include "runs/metricvaluestore.h"
#include "runs/runresultstore.h"
#include "runs/scorer.h"

#include <QSet>

#include <cmath>
#include <limits>

namespace assay {

QString MetricEvaluator::RunValues::variantOf(const Metric &metric) const
{
    if (metric.needs() & MetricNeeds::Claims)
        return checker;
    if (metric.needs() & MetricNeeds::Verdicts)
        return judge;
    if (metric.needs() & MetricNeeds::RetrievalVerdicts)
        return retrievalJudge;
    return {};
}

QVector<const Metric *> MetricEvaluator::registered()
{
    QVector<const Metric *> out;
    for (const MetricKind *k : MetricRegistry::instance().kinds())
        out << k->metric.get();
    return out;
}

Result<MetricEvaluator::RunValues> MetricEvaluator::evaluate(Database &db, qint64 runId, const QVector<const Metric *> &metrics, const Options &options)
{
    using R = Result<RunValues>;
    int needs = 0;
    for (const Metric *m : metrics)
        needs |= m->needs();
    RunValues out;
    out.runId = runId;
    RunResultStore results(db);
    QString judgeMissing, retrievalMissing, claimsMissing;
    if (needs & (MetricNeeds::Verdicts | MetricNeeds::RetrievalVerdicts)) {
        auto judges = results.judgesOf(runId);
        if (!judges)
            return R::failure(judges);
        const QStringList machine = RunOutcomes::machineJudges(judges.value().answer);
        if (!options.judge.isEmpty()) {
            if (judges.value().answer.contains(options.judge))
                out.judge = options.judge;
            else
                judgeMissing = QStringLiteral("the run has no verdicts of judge %1").arg(options.judge);
        } else if (machine.size() == 1) {
            out.judge = machine.first();
        } else {
            judgeMissing = machine.isEmpty() ? QStringLiteral("the run has no verdicts yet: score it (Runs → Score…)")
                                             : QStringLiteral("the run has verdicts of several judges (%1): choose one").arg(machine.join(QStringLiteral(", ")));
        }
        out.retrievalJudge = options.retrievalJudge.isEmpty() ? Scorer::defaultRetrievalJudge(judges.value().retrieval) : options.retrievalJudge;
        if (out.retrievalJudge.isEmpty() || !judges.value().retrieval.contains(out.retrievalJudge)) {
            retrievalMissing = QStringLiteral("the run has no retrieval verdicts: score it (Runs → Score…) after linking true documents (Corpus → Ground Truth)");
            out.retrievalJudge.clear();
        }
    }
    QHash<qint64, ClaimChecks> claims;
    if (needs & MetricNeeds::Claims) {
        ClaimStore store(db);
        out.checker = options.checker;
        if (out.checker.isEmpty()) {
            auto checkers = store.checkers(runId);
            if (!checkers)
                return R::failure(checkers);
            if (checkers.value().isEmpty())
                claimsMissing = QStringLiteral("the run has no claims yet: check them (Analysis → Grounding → Claims, Check Claims)");
            // Several: the one that checked the most items (then by name), named with the figures.
            int most = -1;
            for (const QString &c : checkers.value()) {
                auto sets = store.checks(runId, c);
                if (!sets)
                    return R::failure(sets);
                if (int(sets.value().size()) > most) {
                    most = int(sets.value().size());
                    out.checker = c;
                }
            }
        }
        if (!out.checker.isEmpty()) {
            auto sets = store.checks(runId, out.checker);
            if (!sets)
                return R::failure(sets);
            if (sets.value().isEmpty())
                claimsMissing = QStringLiteral("the run has no claims of checker %1").arg(out.checker);
            for (const ClaimSet &s : sets.value())
                claims.insert(s.itemId, s.checks);
        }
    }
    auto reader = results.readerOf(runId);
    if (!reader)
        return R::failure(reader);
    const bool hasResponse = reader.value() != QLatin1String("none");
    auto items = results.executed(runId, out.judge, out.retrievalJudge, false);
    if (!items)
        return R::failure(items);
    out.items.reserve(items.value().size());
    for (const StoredRunItem &it : items.value())
        out.items << Item{it.id, it.key, it.identity, it.group, !it.error.isEmpty()};
    for (const Metric *m : metrics) {
        const int n = m->needs();
        const QString why = (n & MetricNeeds::Claims) && !claimsMissing.isEmpty()      ? claimsMissing
                            : (n & MetricNeeds::Verdicts) && !judgeMissing.isEmpty()   ? judgeMissing
                            : (n & MetricNeeds::RetrievalVerdicts) && !retrievalMissing.isEmpty() ? retrievalMissing
                                                                                                   : QString();
        if (!why.isEmpty()) {
            out.missing.insert(m->name(), why);
            continue;
        }
        QVector<MetricValue> &values = out.values[m->name()];
        values.reserve(items.value().size());
        for (const StoredRunItem &it : items.value()) {
            if (!it.error.isEmpty()) {
                values << MetricValue::unknown(); // failed: counted apart by figure()
                continue;
            }
            const auto c = claims.constFind(it.id);
            values << m->value(MetricItem{it, hasResponse, c == claims.constEnd() ? nullptr : &c.value()});
        }
    }
    return out;
}

MetricEvaluator::Figure MetricEvaluator::figure(const RunValues &run, const Metric &metric)
{
    Figure f;
    const auto it = run.values.constFind(metric.name());
    if (it == run.values.constEnd()) {
        f.missing = run.missing.value(metric.name(), QStringLiteral("not evaluated"));
        return f;
    }
    QVector<double> known;
    known.reserve(it->size());
    for (int i = 0; i < it->size(); ++i) {
        const MetricValue &v = it->at(i);
        if (run.items[i].failed)
            ++f.failed;
        else if (v.state == MetricValue::State::Known)
            known << v.value;
        else if (v.state == MetricValue::State::NotApplicable)
            ++f.notApplicable;
        else
            ++f.unknown;
    }
    f.n = int(known.size());
    if (f.n > 0) {
        double sum = 0;
        for (double x : known)
            sum += x;
        f.value = sum / f.n;
        const double inf = std::numeric_limits<double>::infinity();
        meanInterval(known, &f.low, &f.high, metric.share() ? 0.0 : -inf, metric.share() ? 1.0 : inf);
    }
    return f;
}

GateResult MetricEvaluator::compare(const RunValues &run, const RunValues &baseline, const Metric &metric, const GateOptions &options, bool lowerIsWorse,
                                    Coverage *coverage)
{
    const auto a = run.values.constFind(metric.name()), b = baseline.values.constFind(metric.name());
    Coverage c;
    QVector<GateItem> items;
    if (a != run.values.constEnd() && b != baseline.values.constEnd()) {
        const auto allHave = [](const RunValues &r) { return std::all_of(r.items.begin(), r.items.end(), [](const Item &i) { return !i.identity.isEmpty(); }); };
        const bool byIdentity = allHave(run) && allHave(baseline);
        QHash<QString, int> baseIndex;
        for (int i = 0; i < baseline.items.size(); ++i)
            baseIndex.insert(byIdentity ? baseline.items[i].identity : baseline.items[i].key, i);
        QHash<QString, qint64> groups;
        QSet<qint64> lowerGroups;
        for (int i = 0; i < run.items.size(); ++i) {
            const auto j = baseIndex.constFind(byIdentity ? run.items[i].identity : run.items[i].key);
            if (j == baseIndex.constEnd())
                continue;
            ++c.shared;
            const MetricValue &x = a->at(i), &y = b->at(j.value());
            if (run.items[i].failed || baseline.items[j.value()].failed) {
                c.runFailed += run.items[i].failed;
                c.baselineFailed += !run.items[i].failed;
                continue;
            }
            if (x.state == MetricValue::State::NotApplicable || y.state == MetricValue::State::NotApplicable) {
                ++c.notApplicable;
                continue;
            }
            if (x.state != MetricValue::State::Known || y.state != MetricValue::State::Known) {
                ++c.unknown;
                continue;
            }
            GateItem g;
            const QString group = baseline.items[j.value()].group.isEmpty() ? baseline.items[j.value()].key : baseline.items[j.value()].group;
            g.group = *groups.insert(group, groups.value(group, groups.size()));
            g.run = lowerIsWorse ? x.value : 1 - x.value;
            g.baseline = lowerIsWorse ? y.value : 1 - y.value;
            c.lower += g.run < g.baseline;
            c.higher += g.run > g.baseline;
            if (g.run < g.baseline)
                lowerGroups.insert(g.group);
            items << g;
        }
        c.groupsLower = int(lowerGroups.size());
    }
    if (coverage)
        *coverage = c;
    return RegressionGate::compare(items, options);
}

Status MetricEvaluator::keep(Database &db, const RunValues &run, const Metric &metric)
{
    const auto it = run.values.constFind(metric.name());
    if (it == run.values.constEnd())
        return Status::failure(QStringLiteral("%1 has no values on this run: %2").arg(metric.name(), run.missing.value(metric.name())));
    QVector<MetricValueStore::Value> values;
    values.reserve(it->size());
    for (int i = 0; i < it->size(); ++i) {
        MetricValueStore::Value v;
        v.itemId = run.items[i].id;
        const MetricValue &m = it->at(i);
        v.state = run.items[i].failed ? MetricValueStore::Failed
                  : m.state == MetricValue::State::Known ? MetricValueStore::Known
                  : m.state == MetricValue::State::NotApplicable ? MetricValueStore::NotApplicable
                                                                 : MetricValueStore::Unknown;
        v.value = m.value;
        values << v;
    }
    return MetricValueStore(db).replace(run.runId, metric.name(), run.variantOf(metric), values);
}

} // namespace assay
