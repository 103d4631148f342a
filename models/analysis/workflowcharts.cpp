#include "analysis/workflowcharts.h"

#include "readers/readerregistry.h"

#include "runs/tasklevels.h"

namespace assay {

namespace {

bool hasLlm(const RunAnalysis &r) { return !r.workflow.llm.isEmpty(); }

QStringList levelsOf(const QVector<RunAnalysis> &runs)
{
    QStringList levels;
    for (const RunAnalysis &r : runs)
        levels += r.workflow.levels.keys();
    return TaskLevels::ordered(levels);
}

// Axis labels of the runs, two lines each; an axis merges equal categories, so a label that
// two runs share gives way to the runs' names.
// Short enough for a bar: an LLM workflow as workflow:LLM and form, a run without an LLM as
// the bar charts name it (retriever's short name, k, form; ChartBuilder::categoryLabel). Two
// runs with one label are named by their run names.
QStringList axisLabels(const QVector<RunAnalysis> &runs)
{
    QStringList labels, out;
    for (const RunAnalysis &r : runs)
        labels << (hasLlm(r) ? WorkflowCharts::runLabel(r) : ChartBuilder::categoryLabel(r).replace(QStringLiteral("<br>"), QStringLiteral(" · ")));
    for (int i = 0; i < runs.size(); ++i)
        out << (labels.count(labels[i]) > 1 ? runs[i].run : QString(labels[i]).replace(QStringLiteral(" · "), QStringLiteral("<br>")));
    return out;
}

} // namespace

QString WorkflowCharts::runLabel(const RunAnalysis &run)
{
    const QString who = run.workflow.llm.isEmpty() ? run.pipelineLabel() : QStringLiteral("%1:%2").arg(run.workflow.workflow, run.workflow.llm);
    return QStringLiteral("%1 · %2").arg(who, run.formLabel());
}

QStringList WorkflowCharts::workflows(const QVector<RunAnalysis> &runs)
{
    QStringList found;
    for (const RunAnalysis &r : runs)
        if (hasLlm(r) && !found.contains(r.workflow.workflow))
            found << r.workflow.workflow;
    QStringList order; // the registry's order: the plain reader, then the workflows as added
    for (const ReaderKind *kind : ReaderRegistry::instance().kinds())
        order << kind->name;
    std::stable_sort(found.begin(), found.end(), [&](const QString &a, const QString &b) { return order.indexOf(a) < order.indexOf(b); });
    return found;
}

ChartData WorkflowCharts::radar(const QVector<RunAnalysis> &runs, const QString &workflow)
{
    ChartData c;
    c.kind = ChartData::Kind::Radar;
    c.id = QStringLiteral("radar-%1").arg(workflow);
    c.title = QStringLiteral("%1: mean F1 by task level").arg(WorkflowFigures::workflowName(workflow));
    c.yTitle = QStringLiteral("mean token F1");
    QVector<RunAnalysis> mine;
    for (const RunAnalysis &r : runs)
        if (r.workflow.workflow == workflow && hasLlm(r))
            mine << r;
    c.categories = levelsOf(mine);
    if (c.categories.size() < 3)
        c.categories << QStringLiteral("all");
    c.subtitle = QStringLiteral("%1 run(s) · one polygon per LLM").arg(mine.size());
    for (int i = 0; i < mine.size(); ++i) {
        const RunAnalysis &r = mine[i];
        ChartSeries s;
        s.name = runLabel(r);
        s.color = ChartBuilder::paletteColor(i);
        for (const QString &axis : std::as_const(c.categories))
            s.values << (axis == QLatin1String("all") ? r.workflow.all.meanF1 : r.workflow.levels.value(axis).meanF1);
        c.series << s;
        c.runs << r.run;
    }
    return c;
}

ChartData WorkflowCharts::timeVsF1(const QVector<RunAnalysis> &runs)
{
    ChartData c;
    c.kind = ChartData::Kind::Scatter;
    c.id = QStringLiteral("time-vs-f1");
    c.title = QStringLiteral("Mean time per item vs mean F1");
    c.subtitle = QStringLiteral("colour: workflow, marker: LLM");
    c.xTitle = QStringLiteral("mean time per item (ms)");
    c.yTitle = QStringLiteral("mean token F1");
    QStringList workflows, llms;
    for (const RunAnalysis &r : runs) {
        if (!workflows.contains(r.workflow.workflow))
            workflows << r.workflow.workflow;
        if (!llms.contains(r.workflow.llm))
            llms << r.workflow.llm;
    }
    for (const RunAnalysis &r : runs) {
        ChartSeries s;
        s.name = runLabel(r);
        s.color = ChartBuilder::paletteColor(int(workflows.indexOf(r.workflow.workflow)));
        s.values << r.workflow.all.meanF1;
        s.x << r.workflow.meanLatencyMs;
        s.labels << r.run;
        s.marker = int(llms.indexOf(r.workflow.llm)) % 4;
        c.series << s;
        c.runs << r.run;
    }
    return c;
}

ChartData WorkflowCharts::costPerCorrect(const QVector<RunAnalysis> &runs)
{
    ChartData c;
    c.kind = ChartData::Kind::Bars;
    c.id = QStringLiteral("cost-per-correct");
    c.title = QStringLiteral("Cost of a correct answer");
    c.yTitle = QStringLiteral("US$ per correct answer");
    ChartSeries s;
    s.name = QStringLiteral("cost per correct answer");
    s.color = ChartBuilder::paletteColor(0);
    double most = 0;
    c.categories = axisLabels(runs);
    for (const RunAnalysis &r : runs) {
        c.runs << r.run;
        // A run with nothing correct has no such cost: drawn as no bar, named in the subtitle.
        const double v = r.workflow.costPerCorrect.value_or(std::numeric_limits<double>::quiet_NaN());
        s.values << v;
        if (r.workflow.costPerCorrect)
            most = std::max(most, v);
    }
    c.series << s;
    c.yMax = most > 0 ? most * 1.15 : 1.0;
    c.yFormat = QStringLiteral("%.4f");
    c.subtitle = runs.isEmpty() ? QString() : QStringLiteral("judged by %1 · total cost / correct answers").arg(runs.first().judge);
    // A run whose model reported no token usage has an unknown cost: no bar, and said so.
    for (const RunAnalysis &r : runs)
        if (!r.workflow.usageKnown())
            c.subtitle += QStringLiteral(" · %1: cost unknown (%2 replies without token usage)").arg(r.run).arg(r.workflow.usageUnknown);
    return c;
}

ChartData WorkflowCharts::errorTypesByLevel(const QVector<RunAnalysis> &runs)
{
    ChartData c;
    c.kind = ChartData::Kind::StackedBars;
    c.id = QStringLiteral("error-types-by-level");
    c.title = QStringLiteral("Response types by task level (share of answers)");
    c.subtitle = QStringLiteral("R-Eval taxonomy, F1 threshold 0.05");
    c.yTitle = QStringLiteral("share of answers");
    const QStringList types = ResponseTaxonomy::types();
    for (int t = 0; t < types.size(); ++t)
        c.series.append({types[t], ChartBuilder::taxonomyColor(types[t]), {}, {}, {}, {}, {}});
    const QStringList names = axisLabels(runs);
    QStringList notApplicable;
    for (int i = 0; i < runs.size(); ++i) {
        const RunAnalysis &r = runs[i];
        const QString &name = names[i];
        if (!r.workflow.all.taxonomy.applicable) { // no model answered (docs/METHODS.md §6.1): no bars
            notApplicable << r.run;
            continue;
        }
        for (const QString &level : r.workflow.levelNames()) {
            const TaxonomyReport &tax = r.workflow.levels.value(level).taxonomy;
            c.categories << QStringLiteral("%1<br>%2").arg(name, level);
            c.runs << r.run;
            for (int t = 0; t < types.size(); ++t)
                c.series[t].values << (tax.n > 0 ? double(tax.counts.value(types[t])) / tax.n : 0.0);
        }
    }
    if (!notApplicable.isEmpty())
        c.subtitle += QStringLiteral(" · n/a for retrieval-only runs (no model answered): %1").arg(notApplicable.join(QStringLiteral(", ")));
    return c;
}

QVector<ChartData> WorkflowCharts::all(const QVector<RunAnalysis> &runs)
{
    QVector<ChartData> out;
    for (const QString &w : workflows(runs))
        out << radar(runs, w);
    int withReader = 0;
    bool costs = false, levels = false;
    for (const RunAnalysis &r : runs) {
        withReader += hasLlm(r);
        costs = costs || r.workflow.cost > 0 || !r.workflow.usageKnown();
        levels = levels || (!r.workflow.levels.isEmpty() && r.workflow.all.taxonomy.applicable);
    }
    if (withReader >= 2)
        out << timeVsF1(runs);
    if (costs)
        out << costPerCorrect(runs);
    if (levels)
        out << errorTypesByLevel(runs);
    return out;
}

} // namespace assay
