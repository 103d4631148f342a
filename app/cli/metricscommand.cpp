#include "metricscommand.h"

#include "analysis/metricevaluator.h"
#include "analysis/metricregistry.h"
#include "runs/runstore.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace assay {

namespace {

// A share as points (×100, one decimal), another value as it is; unknown as null / "n/a".
nlohmann::json shown(const Metric &m, double v)
{
    if (std::isnan(v))
        return nullptr;
    return m.share() ? std::round(1000 * v) / 10 : v;
}
QString shownText(const Metric &m, double v)
{
    if (std::isnan(v))
        return QStringLiteral("n/a");
    return m.share() ? QString::number(100 * v, 'f', 1) : QString::number(v, 'g', 4);
}

} // namespace

int MetricsCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Every registered metric (docs/METHODS.md §13) per run: the mean over the items whose value is known (shares ×100), its 95% interval, and the "
        "items it left out as unknown, not applicable or failed; a metric whose inputs the run lacks says why. With --against, each run minus that run, "
        "paired on shared items (bootstrap over semantic groups)."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    parser.addOptions({
        {QStringLiteral("run"), QStringLiteral("The runs, separated by commas."), QStringLiteral("R[,R2...]")},
        {QStringLiteral("metric"), QStringLiteral("Only these metrics, separated by commas (default: all)."), QStringLiteral("NAME[,NAME...]")},
        {QStringLiteral("judge"), QStringLiteral("The answer judge (default: each run's only one)."), QStringLiteral("J")},
        {QStringLiteral("checker"), QStringLiteral("The claim checker (default: each run's only one)."), QStringLiteral("C")},
        {QStringLiteral("against"), QStringLiteral("A run to compare each run with, paired."), QStringLiteral("R0")},
        {QStringLiteral("keep"), QStringLiteral("Keep each run's per-item values in the project (table metric_value).")},
        {QStringLiteral("list"), QStringLiteral("List the registered metrics and exit (FILE not needed).")},
        {QStringLiteral("json"), QStringLiteral("Machine-readable JSON.")},
    });
    if (!parse(parser, args, io, 0, 1))
        return stopped(parser);
    MetricRegistry &registry = MetricRegistry::instance();
    if (parser.isSet(QStringLiteral("list"))) {
        nlohmann::json list = nlohmann::json::array();
        for (const Metric *m : MetricEvaluator::registered()) {
            if (parser.isSet(QStringLiteral("json")))
                list.push_back({{"name", m->name().toStdString()}, {"label", m->label().toStdString()}, {"module", m->module().toStdString()},
                                {"higher_is_better", m->higherIsBetter()}, {"share", m->share()}, {"glossary", m->glossary().toStdString()}});
            else
                io.out << QStringLiteral("%1 %2 %3\n").arg(m->name(), -32).arg(m->module(), -10).arg(m->label());
        }
        if (parser.isSet(QStringLiteral("json")))
            io.out << QString::fromStdString(list.dump(2)) << '\n';
        return ExitOk;
    }
    if (parser.positionalArguments().isEmpty())
        return usageError(parser, io, QStringLiteral("FILE.assay is required (or --list)"));
    if (!parser.isSet(QStringLiteral("run")))
        return usageError(parser, io, QStringLiteral("--run is required"));
    QVector<const Metric *> metrics;
    if (parser.isSet(QStringLiteral("metric"))) {
        for (const QString &name : parser.value(QStringLiteral("metric")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const Metric *m = registry.metric(name);
            if (!m)
                return usageError(parser, io, QStringLiteral("unknown metric '%1' (%2)").arg(name, registry.names().join(QStringLiteral(", "))));
            metrics << m;
        }
    } else {
        metrics = MetricEvaluator::registered();
    }
    auto project = openProject(parser.positionalArguments().at(0), io);
    if (!project)
        return ExitFailure;
    Database &db = project->database();
    MetricEvaluator::Options options;
    options.judge = parser.value(QStringLiteral("judge"));
    options.checker = parser.value(QStringLiteral("checker"));
    const auto load = [&](const QString &run) -> Result<MetricEvaluator::RunValues> {
        auto id = RunStore(db).idOf(run);
        if (!id)
            return Result<MetricEvaluator::RunValues>::failure(id);
        return MetricEvaluator::evaluate(db, id.value(), metrics, options);
    };
    std::optional<MetricEvaluator::RunValues> against;
    const QString againstName = parser.value(QStringLiteral("against"));
    if (!againstName.isEmpty()) {
        auto a = load(againstName);
        if (!a)
            return fail(io, a.error());
        against = a.take();
    }
    nlohmann::json runsJson = nlohmann::json::array();
    for (const QString &run : parser.value(QStringLiteral("run")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        auto values = load(run);
        if (!values)
            return fail(io, values.error());
        const MetricEvaluator::RunValues &v = values.value();
        if (parser.isSet(QStringLiteral("keep")))
            for (const Metric *m : metrics)
                if (!v.missing.contains(m->name()))
                    if (auto s = MetricEvaluator::keep(db, v, *m); !s)
                        return fail(io, s.error());
        nlohmann::json metricsJson = nlohmann::json::object();
        if (!parser.isSet(QStringLiteral("json")))
            io.out << QStringLiteral("Run %1: %2 items%3%4\n")
                          .arg(run)
                          .arg(v.items.size())
                          .arg(v.judge.isEmpty() ? QString() : QStringLiteral(", judge %1").arg(v.judge),
                               v.checker.isEmpty() ? QString() : QStringLiteral(", checker %1").arg(v.checker));
        for (const Metric *m : metrics) {
            const MetricEvaluator::Figure f = MetricEvaluator::figure(v, *m);
            const int items = int(v.items.size());
            nlohmann::json o{{"label", m->label().toStdString()},
                             {"module", m->module().toStdString()},
                             {"higher_is_better", m->higherIsBetter()},
                             {"unit", m->share() ? "points" : "value"},
                             {"value", shown(*m, f.value)},
                             {"low", shown(*m, f.low)},
                             {"high", shown(*m, f.high)},
                             {"n", f.n},
                             {"unknown", f.unknown},
                             {"not_applicable", f.notApplicable},
                             {"failed", f.failed},
                             {"coverage", items > 0 ? double(f.n) / items : 0.0}};
            if (!f.missing.isEmpty())
                o["missing"] = f.missing.toStdString();
            QString versus;
            if (against && f.missing.isEmpty() && !against->missing.contains(m->name())) {
                MetricEvaluator::Coverage c;
                const GateResult d = MetricEvaluator::compare(v, *against, *m, GateOptions{}, true, &c);
                o["against"] = {{"run", againstName.toStdString()}, {"compared", d.shared}, {"difference", shown(*m, d.difference)},
                                {"low", shown(*m, d.low)}, {"high", shown(*m, d.high)}, {"unknown", c.unknown}, {"failed", c.runFailed + c.baselineFailed}};
                versus = d.shared == 0 || std::isnan(d.difference) ? QStringLiteral("  vs %1: no shared item with a value in both").arg(againstName)
                                                                   : QStringLiteral("  vs %1: %2%3 [%4, %5] on %6 items")
                                                                         .arg(againstName, d.difference >= 0 ? QStringLiteral("+") : QString(),
                                                                              shownText(*m, d.difference), shownText(*m, d.low), shownText(*m, d.high))
                                                                         .arg(d.shared);
            }
            metricsJson[m->name().toStdString()] = o;
            if (parser.isSet(QStringLiteral("json")))
                continue;
            if (!f.missing.isEmpty()) {
                io.out << QStringLiteral("  %1 %2 n/a: %3\n").arg(m->name(), -32).arg(m->module(), -10).arg(f.missing);
                continue;
            }
            io.out << QStringLiteral("  %1 %2 %3 %4 n %5, unknown %6, n/a %7, failed %8%9\n")
                          .arg(m->name(), -32)
                          .arg(m->module(), -10)
                          .arg(shownText(*m, f.value), 6)
                          .arg(std::isnan(f.low) ? QString() : QStringLiteral("[%1, %2]").arg(shownText(*m, f.low), shownText(*m, f.high)), -13)
                          .arg(f.n)
                          .arg(f.unknown)
                          .arg(f.notApplicable)
                          .arg(f.failed)
                          .arg(versus);
        }
        runsJson.push_back({{"run", run.toStdString()},
                            {"items", v.items.size()},
                            {"judge", v.judge.toStdString()},
                            {"checker", v.checker.toStdString()},
                            {"metrics", metricsJson}});
    }
    if (parser.isSet(QStringLiteral("json")))
        io.out << QString::fromStdString(nlohmann::json{{"runs", runsJson}}.dump(2)) << '\n';
    return ExitOk;
}

} // namespace assay
