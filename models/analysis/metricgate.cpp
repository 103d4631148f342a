#include "analysis/metricgate.h"

#include "analysis/metricevaluator.h"
#include "project/transaction.h"
#include "runs/runstore.h"

namespace assay {

Result<GateReport> MetricGate::compare(Database &db, const QString &run, const QString &baseline, const Metric &metric, const GateComparison::Options &options,
                                       const QString &checker)
{
    using R = Result<GateReport>;
    RunStore runs(db);
    auto runId = runs.idOf(run);
    if (!runId)
        return R::failure(runId);
    auto baseId = runs.idOf(baseline);
    if (!baseId)
        return R::failure(baseId);
    MetricEvaluator::Options ro;
    ro.judge = options.judge;
    ro.checker = checker;
    auto a = MetricEvaluator::evaluate(db, runId.value(), {&metric}, ro);
    if (!a)
        return R::failure(a);
    MetricEvaluator::Options bo = ro;
    bo.judge = options.baselineJudge.isEmpty() ? a.value().judge : options.baselineJudge;
    if (bo.checker.isEmpty())
        bo.checker = a.value().checker; // both runs' claims of one checker
    auto b = MetricEvaluator::evaluate(db, baseId.value(), {&metric}, bo);
    if (!b)
        return R::failure(b);
    for (const auto &[name, values] : {std::pair{run, &a.value()}, std::pair{baseline, &b.value()}})
        if (values->missing.contains(metric.name()))
            return R::failure(QStringLiteral("%1 cannot be gated on run %2: %3").arg(metric.name(), name, values->missing.value(metric.name())));

    GateReport report;
    report.run = run;
    report.baseline = baseline;
    report.metric = metric.name();
    report.judge = a.value().variantOf(metric);
    report.baselineJudge = b.value().variantOf(metric);
    report.options = options.gate;
    const MetricEvaluator::Figure fa = MetricEvaluator::figure(a.value(), metric), fb = MetricEvaluator::figure(b.value(), metric);
    report.runItems = fa.n;
    report.baselineItems = fb.n;
    const auto allHave = [](const MetricEvaluator::RunValues &r) {
        return std::all_of(r.items.begin(), r.items.end(), [](const MetricEvaluator::Item &i) { return !i.identity.isEmpty(); });
    };
    report.pairedBy = allHave(a.value()) && allHave(b.value()) ? QStringLiteral("identity") : QStringLiteral("key");
    MetricEvaluator::Coverage coverage;
    const bool higher = metric.higherIsBetter();
    report.result = MetricEvaluator::compare(a.value(), b.value(), metric, options.gate, higher, &coverage);
    report.paired = coverage.shared - coverage.notApplicable; // items the metric can score
    report.runFailed = coverage.runFailed;
    report.baselineFailed = coverage.baselineFailed;
    report.unread = coverage.unknown;
    const int shared = report.paired;
    if (coverage.shared == 0)
        return R::failure(QStringLiteral("runs '%1' and '%2' share no items: they ran on different questions. Gate a run against a baseline run on the same questions.")
                              .arg(run, baseline));
    if (shared == 0)
        return R::failure(QStringLiteral("%1 does not apply to the items runs '%2' and '%3' share (%4 of them)").arg(metric.name(), run, baseline).arg(coverage.notApplicable));
    if (report.unevaluated() > options.gate.maxErrors * shared) {
        report.result.verdict = GateResult::Verdict::Error;
        report.result.reason = report.coverageText();
        report.notes << report.coverageText();
    } else {
        GateModule m;
        m.points = 100 * report.result.difference;
        m.itemsLost = coverage.lower;
        m.itemsGained = coverage.higher;
        m.groups = coverage.groupsLower;
        report.modules.insert(metric.module(), m);
        if (report.unevaluated() > 0)
            report.notes << report.coverageText();
    }
    if (!higher)
        report.notes << QStringLiteral("Lower %1 is better: the gate compares 1 − %1, so a positive difference is less %1.").arg(metric.name());
    report.notes << QStringLiteral("%1 speaks for the %2; the values compared are kept in the project (metric_value).").arg(metric.label(), metric.module());
    // The evidence, both runs at once.
    Transaction tx(db);
    if (!tx.began())
        return R::failure(tx.beginStatus());
    for (const MetricEvaluator::RunValues *values : {&a.value(), &b.value()})
        if (auto s = MetricEvaluator::keep(db, *values, metric); !s)
            return R::failure(s);
    if (auto s = tx.commit(); !s)
        return R::failure(s);
    return report;
}

} // namespace assay
