#include "analyzecommand.h"
#include "claimscommand.h"
#include "metricscommand.h"

#include "runs/labelstore.h"
#include "analysis/biasprobe.h"
#include "analysis/formcomparison.h"
#include "analysis/garageevaluator.h"
#include "analysis/grammareval.h"
#include "analysis/runanalysis.h"
#include "project/project.h"
#include "analysis/judgeagreement.h"
#include "analysis/judgestability.h"
#include "analysis/ppianalysis.h"
#include "analysis/responsetaxonomy.h"
#include "analysis/workflowfigures.h"
#include "core/job.h"
#include "io/filereader.h"
#include "llm/llmstore.h"
#include "runs/runresultstore.h"
#include "runs/runstore.h"
#include "runs/tasklevels.h"

#include <nlohmann/json.hpp>

namespace assay {

namespace {

QString number(const std::optional<double> &v) { return v ? QString::number(*v, 'f', 4) : QStringLiteral("—"); }

// --closed-domain for one run (validated before the project was opened).
Result<bool> closedDomain(const QCommandLineParser &parser, Project &project, const QString &run)
{
    auto setting = ClosedDomain::parse(parser.value(QStringLiteral("closed-domain")));
    if (!setting)
        return Result<bool>::failure(setting);
    return RunAnalyzer::closedDomainFor(project.database(), run, setting.value());
}

} // namespace

int AnalyzeCommand::run(const QStringList &args, CliIo &io)
{
    if (!args.isEmpty() && args.first() == QLatin1String("claims")) // the same as `claims analyze`
        return ClaimsCommand(QStringLiteral("analyze claims")).run(QStringList{QStringLiteral("analyze")} + args.mid(1), io);
    if (!args.isEmpty() && args.first() == QLatin1String("metrics")) // every registered metric
        return MetricsCommand().run(args.mid(1), io);
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("grammar|compare|taxonomy|judges|ppi|stability|probe|garage|workflows|claims|metrics"),
                                 QStringLiteral("The analysis (claims: see assay-cli claims --help; metrics: assay-cli analyze metrics --help)."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    parser.addOptions({
        {QStringLiteral("run"), QStringLiteral("grammar, taxonomy, judges: the run; ppi: the run, or two runs R1,R2 (also their difference)."), QStringLiteral("R")},
        {QStringLiteral("runs"), QStringLiteral("compare: two runs, R1,R2; workflows: the runs to compare (default: every run)."), QStringLiteral("R1,R2")},
        {QStringLiteral("judge"), QStringLiteral("The answer judge whose verdicts are used (default: the run's only one); garage: the LLM profile judging deflection and sentences."), QStringLiteral("NAME")},
        {QStringLiteral("truth"), QStringLiteral("judges: the judge taken as the truth (human: people's labels); ppi: human (default) or human:NAME."), QStringLiteral("J")},
        {QStringLiteral("retrieval-judge"), QStringLiteral("covered, top1, topk, context or imported (default: imported if present, else covered)."), QStringLiteral("J")},
        {QStringLiteral("closed-domain"), QStringLiteral("auto (default: on for runs with a reader, off for retrieval-only runs), on or off."), QStringLiteral("auto|on|off"), QStringLiteral("auto")},
        {QStringLiteral("threshold"), QStringLiteral("taxonomy: the F1 threshold (0.05)."), QStringLiteral("T"), QStringLiteral("0.05")},
        {QStringLiteral("seed"), QStringLiteral("compare: bootstrap seed."), QStringLiteral("S"), QStringLiteral("20240601")},
        {QStringLiteral("resamples"), QStringLiteral("compare: bootstrap resamples."), QStringLiteral("N"), QStringLiteral("2000")},
        {QStringLiteral("details"), QStringLiteral("grammar: per-group details; compare: the paired table.")},
        {QStringLiteral("benchmark"), QStringLiteral("garage: the GaRAGe benchmark JSONL."), QStringLiteral("B.jsonl")},
        {QStringLiteral("responses"), QStringLiteral("garage: the responses JSONL."), QStringLiteral("R.jsonl")},
        {QStringLiteral("deflection-phrases"), QStringLiteral("garage: a file of phrases (one a line) that mark a deflection."), QStringLiteral("F")},
        {QStringLiteral("probe"), QStringLiteral("probe: verbosity (the response padded with a restatement of the question) or order (response before the true answer)."),
         QStringLiteral("verbosity|order")},
        {QStringLiteral("items"), QStringLiteral("probe: how many items of the run, sampled with --seed (200)."), QStringLiteral("N"), QStringLiteral("200")},
        {QStringLiteral("json"), QStringLiteral("Machine-readable JSON.")},
    });
    if (!parse(parser, args, io, 2, 2))
        return stopped(parser);
    const QString kind = parser.positionalArguments().at(0);
    const QStringList kinds{QStringLiteral("grammar"), QStringLiteral("compare"), QStringLiteral("taxonomy"), QStringLiteral("judges"), QStringLiteral("ppi"),
                            QStringLiteral("stability"), QStringLiteral("probe"), QStringLiteral("garage"), QStringLiteral("workflows")};
    if (!kinds.contains(kind))
        return usageError(parser, io, QStringLiteral("unknown analysis '%1' (%2)").arg(kind, kinds.join(QStringLiteral(", "))));
    if (auto c = ClosedDomain::parse(parser.value(QStringLiteral("closed-domain"))); !c)
        return usageError(parser, io, c.error());
    if ((kind == QLatin1String("grammar") || kind == QLatin1String("taxonomy") || kind == QLatin1String("judges") || kind == QLatin1String("ppi") ||
         kind == QLatin1String("stability") || kind == QLatin1String("probe")) &&
        !parser.isSet(QStringLiteral("run")))
        return usageError(parser, io, QStringLiteral("--run is required"));
    if (kind == QLatin1String("compare") && parser.value(QStringLiteral("runs")).split(QLatin1Char(','), Qt::SkipEmptyParts).size() != 2)
        return usageError(parser, io, QStringLiteral("--runs takes two runs: R1,R2"));
    if (kind == QLatin1String("probe") && (!parser.isSet(QStringLiteral("judge")) || !BiasProbe::probes().contains(parser.value(QStringLiteral("probe")))))
        return usageError(parser, io, QStringLiteral("--judge llm:PROFILE and --probe %1 are required").arg(BiasProbe::probes().join(QLatin1Char('|'))));
    if (kind == QLatin1String("stability") && !parser.isSet(QStringLiteral("judge")))
        return usageError(parser, io, QStringLiteral("--judge is required"));
    if (kind == QLatin1String("judges") && (!parser.isSet(QStringLiteral("truth")) || !parser.isSet(QStringLiteral("judge"))))
        return usageError(parser, io, QStringLiteral("--truth and --judge are required"));
    if (kind == QLatin1String("garage") && (!parser.isSet(QStringLiteral("benchmark")) || !parser.isSet(QStringLiteral("responses"))))
        return usageError(parser, io, QStringLiteral("--benchmark and --responses are required"));
    auto project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    if (kind == QLatin1String("grammar"))
        return grammar(parser, *project, io);
    if (kind == QLatin1String("compare"))
        return compare(parser, *project, io);
    if (kind == QLatin1String("taxonomy"))
        return taxonomy(parser, *project, io);
    if (kind == QLatin1String("workflows"))
        return workflows(parser, *project, io);
    if (kind == QLatin1String("judges"))
        return judges(parser, *project, io);
    if (kind == QLatin1String("ppi"))
        return ppi(parser, *project, io);
    if (kind == QLatin1String("stability"))
        return stability(parser, *project, io);
    if (kind == QLatin1String("probe")) {
        bool ok = false, seedOk = false;
        const int items = parser.value(QStringLiteral("items")).toInt(&ok);
        const quint64 seed = parser.value(QStringLiteral("seed")).toULongLong(&seedOk);
        if (!ok || items < 1 || !seedOk)
            return usageError(parser, io, QStringLiteral("--items takes a positive whole number, --seed a whole number"));
        ProbeReport report;
        Job job(QStringLiteral("Probing %1").arg(parser.value(QStringLiteral("judge"))), [&](Job &j) {
            auto r = BiasProbe::run(project->database(), parser.value(QStringLiteral("run")), parser.value(QStringLiteral("judge")), parser.value(QStringLiteral("probe")),
                                    items, seed, &j);
            if (!r)
                return Status::failure(r);
            report = r.take();
            return Status();
        });
        if (auto s = job.runHere(); !s)
            return fail(io, s.error());
        io.out << (parser.isSet(QStringLiteral("json")) ? QString::fromStdString(report.toJson().dump(2)) : report.text()) << '\n';
        return ExitOk;
    }
    return garage(parser, *project, io);
}

int AnalyzeCommand::grammar(QCommandLineParser &parser, Project &project, CliIo &io)
{
    auto closed = closedDomain(parser, project, parser.value(QStringLiteral("run")));
    if (!closed)
        return fail(io, closed.error());
    auto loaded = RunOutcomes::load(project.database(), parser.value(QStringLiteral("run")),
                                    {parser.value(QStringLiteral("judge")), parser.value(QStringLiteral("retrieval-judge")), closed.value(), true});
    if (!loaded)
        return fail(io, loaded.error());
    const GrammarReport r = GrammarEval::evaluate(loaded.value().outcomes, loaded.value().retrievalJudge);
    if (parser.isSet(QStringLiteral("json"))) {
        nlohmann::json out = r.toJson(parser.isSet(QStringLiteral("details")));
        out["run"] = loaded.value().runName.toStdString();
        out["judge"] = loaded.value().judge.toStdString();
        out["retrieval_judge"] = loaded.value().retrievalJudge.toStdString();
        out["closed_domain"] = closed.value();
        io.out << QString::fromStdString(out.dump(2)) << '\n';
        return ExitOk;
    }
    io.out << QStringLiteral("GRAMMAR-Eval of %1 (judge %2, retrieval judge %3, closed-domain rule %4), n = %5\n")
                  .arg(loaded.value().runName, loaded.value().judge, loaded.value().retrievalJudge, closed.value() ? QStringLiteral("on") : QStringLiteral("off")).arg(r.n)
           << QStringLiteral("  groups: %1 gap, %2 robust, %3 non-robust\n").arg(r.gapGroups).arg(r.robustGroups).arg(r.nonRobustGroups)
           << QStringLiteral("  accuracy %1, refined %2; retrieval %3, refined %4; knowledge %5\n")
                  .arg(number(r.accuracy), number(r.refinedAccuracy), number(r.retrievalAccuracy), number(r.refinedRetrievalAccuracy), number(r.knowledgeAccuracy))
           << QStringLiteral("  with context comparison: retrieval %1, refined %2\n").arg(number(r.contextRetrievalAccuracy), number(r.contextRefinedRetrievalAccuracy));
    if (const QString coverage = r.coverageText(); !coverage.isEmpty())
        io.out << QStringLiteral("  %1%2\n").arg(coverage, r.n == 0 ? QStringLiteral(" (score again, or run again with --retry-failed)") : QString());
    if (r.weaklyJudged > 0)
        io.out << QStringLiteral("  weakly judged: %1 of %2 items have a gold answer of two characters or fewer or a number below 1000, "
                                 "which a string-match judge can meet by chance\n")
                      .arg(r.weaklyJudged)
                      .arg(r.n);
    if (!r.retrievalUnavailable.isEmpty())
        io.out << QStringLiteral("  retrieval figures: none, %1\n").arg(r.retrievalUnavailable);
    else if (r.retrievalCeiling)
        io.out << QStringLiteral("  a perfect retriever's retrieval accuracy (%1): %2\n").arg(r.retrievalJudge, number(r.retrievalCeiling));
    else if (!r.retrievalBasis().isEmpty())
        io.out << QStringLiteral("  retrieval figures %1\n").arg(r.retrievalBasis());
    return ExitOk;
}

int AnalyzeCommand::compare(QCommandLineParser &parser, Project &project, CliIo &io)
{
    const QStringList names = parser.value(QStringLiteral("runs")).split(QLatin1Char(','), Qt::SkipEmptyParts);
    QVector<RunOutcomes::Loaded> runs;
    for (const QString &name : names) {
        auto closed = closedDomain(parser, project, name.trimmed());
        if (!closed)
            return fail(io, closed.error());
        auto loaded = RunOutcomes::load(project.database(), name.trimmed(),
                                        {parser.value(QStringLiteral("judge")), parser.value(QStringLiteral("retrieval-judge")), closed.value(), true});
        if (!loaded)
            return fail(io, loaded.error());
        runs << loaded.value();
    }
    bool ok = false;
    const quint64 seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    const int resamples = parser.value(QStringLiteral("resamples")).toInt();
    if (!ok || resamples < 1)
        return usageError(parser, io, QStringLiteral("--seed and --resamples take whole numbers"));
    const FormComparisonReport r = FormComparison::compare(runs[0].outcomes, runs[1].outcomes, seed, resamples);
    if (parser.isSet(QStringLiteral("json"))) {
        nlohmann::json out = r.toJson(parser.isSet(QStringLiteral("details")));
        out["runs"] = {runs[0].runName.toStdString(), runs[1].runName.toStdString()};
        io.out << QString::fromStdString(out.dump(2)) << '\n';
        return ExitOk;
    }
    io.out << QStringLiteral("%1 vs %2: %3 groups, %4 mutual gaps\n").arg(runs[0].runName, runs[1].runName).arg(r.groups).arg(r.mutualGapGroups)
           << QStringLiteral("  refined accuracy %1 vs %2; difference %3, 95% CI [%4, %5] (%6 resamples, seed %7)\n")
                  .arg(number(r.refinedA), number(r.refinedB), number(r.difference), number(r.ciLow), number(r.ciHigh)).arg(r.resamples).arg(r.seed)
           << QStringLiteral("  %1\n").arg(r.basis());
    return ExitOk;
}

int AnalyzeCommand::taxonomy(QCommandLineParser &parser, Project &project, CliIo &io)
{
    RunOutcomes::Options options{parser.value(QStringLiteral("judge")), parser.value(QStringLiteral("retrieval-judge")), false, false};
    auto loaded = RunOutcomes::load(project.database(), parser.value(QStringLiteral("run")), options);
    if (!loaded)
        return fail(io, loaded.error());
    bool ok = false;
    const double threshold = parser.value(QStringLiteral("threshold")).toDouble(&ok);
    if (!ok || threshold < 0 || threshold > 1)
        return usageError(parser, io, QStringLiteral("--threshold takes a number in [0, 1]"));
    auto runId = RunStore(project.database()).idOf(loaded.value().runName);
    if (!runId)
        return fail(io, runId.error());
    auto reader = RunResultStore(project.database()).readerOf(runId.value());
    if (!reader)
        return fail(io, reader.error());
    const TaxonomyReport r = ResponseTaxonomy::evaluate(loaded.value().outcomes, reader.value(), threshold);
    if (!r.applicable) {
        if (parser.isSet(QStringLiteral("json"))) {
            nlohmann::json out = r.toJson();
            out["run"] = loaded.value().runName.toStdString();
            io.out << QString::fromStdString(out.dump(2)) << '\n';
        } else {
            io.out << QStringLiteral("Response types of %1: not applicable, %2\n").arg(loaded.value().runName, r.reason);
        }
        return ExitOk;
    }
    // R-Eval splits the taxonomy by task level.
    QMap<QString, QVector<Outcome>> byLevel;
    for (const Outcome &o : loaded.value().outcomes)
        if (!o.level.isEmpty())
            byLevel[o.level] << o;
    if (parser.isSet(QStringLiteral("json"))) {
        nlohmann::json out = r.toJson();
        out["run"] = loaded.value().runName.toStdString();
        out["levels"] = nlohmann::json::object();
        for (auto it = byLevel.begin(); it != byLevel.end(); ++it)
            out["levels"][it.key().toStdString()] = ResponseTaxonomy::evaluate(it.value(), reader.value(), threshold).toJson();
        io.out << QString::fromStdString(out.dump(2)) << '\n';
        return ExitOk;
    }
    io.out << QStringLiteral("Response types of %1 (F1 threshold %2), n = %3\n").arg(loaded.value().runName).arg(threshold).arg(r.n);
    for (const QString &t : ResponseTaxonomy::types())
        io.out << QStringLiteral("  %1 %2 (%3%)\n").arg(t).arg(r.counts.value(t), 6).arg(r.n ? 100.0 * r.counts.value(t) / r.n : 0.0, 0, 'f', 1);
    for (const QString &level : TaskLevels::ordered(byLevel.keys())) {
        const TaxonomyReport l = ResponseTaxonomy::evaluate(byLevel.value(level), reader.value(), threshold);
        QStringList parts;
        for (const QString &t : ResponseTaxonomy::types())
            parts << QStringLiteral("%1 %2").arg(t).arg(l.counts.value(t));
        io.out << QStringLiteral("  %1 (n = %2): %3\n").arg(TaskLevels::describe(level)).arg(l.n).arg(parts.join(QStringLiteral(", ")));
    }
    return ExitOk;
}

int AnalyzeCommand::workflows(QCommandLineParser &parser, Project &project, CliIo &io)
{
    QStringList runs = parser.value(QStringLiteral("runs")).split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (runs.isEmpty()) {
        auto all = RunStore(project.database()).runs();
        if (!all)
            return fail(io, all.error());
        for (const RunSummary &r : all.value())
            if (r.done + r.errors > 0)
                runs << r.name;
    }
    nlohmann::json out = nlohmann::json::array();
    QStringList lines;
    for (const QString &run : std::as_const(runs)) {
        auto closed = closedDomain(parser, project, run.trimmed());
        if (!closed)
            return fail(io, closed.error());
        auto figures = WorkflowFigures::load(project.database(), run.trimmed(), parser.value(QStringLiteral("judge")), closed.value());
        if (!figures)
            return fail(io, figures.error());
        const WorkflowFigures &f = figures.value();
        nlohmann::json j = f.toJson();
        j["run"] = run.trimmed().toStdString();
        out.push_back(j);
        QStringList levels;
        for (const QString &level : f.levelNames())
            levels << QStringLiteral("%1 %2").arg(level, f.levels.value(level).hasF1() ? QString::number(f.levels.value(level).meanF1, 'f', 3) : QStringLiteral("—"));
        lines << QStringLiteral("%1  %2%3  F1 %4  [%5]  accuracy %6  halted %7  %8 ms/item  %9 (%10 per correct)%11")
                     .arg(run.trimmed(), WorkflowFigures::workflowName(f.workflow), f.llm.isEmpty() ? QString() : QLatin1Char(':') + f.llm)
                     .arg(f.all.hasF1() ? QString::number(f.all.meanF1, 'f', 3) : QStringLiteral("—"))
                     .arg(levels.join(QStringLiteral(", ")), number(f.all.accuracy))
                     .arg(f.halted)
                     .arg(f.meanLatencyMs, 0, 'f', 0)
                     .arg(f.usageKnown() ? QStringLiteral("$%1").arg(f.cost, 0, 'f', 4)
                                         : QStringLiteral("cost unknown (%1 replies without token usage; $%2 reported)").arg(f.usageUnknown).arg(f.cost, 0, 'f', 4))
                     .arg(f.costPerCorrect ? QStringLiteral("$%1").arg(*f.costPerCorrect, 0, 'f', 5) : QStringLiteral("—"))
                     .arg(f.all.failed > 0 ? QStringLiteral("; %1 failed items left out").arg(f.all.failed) : QString());
    }
    if (parser.isSet(QStringLiteral("json"))) {
        io.out << QString::fromStdString(nlohmann::json{{"runs", out}}.dump(2)) << '\n';
        return ExitOk;
    }
    for (const QString &l : std::as_const(lines))
        io.out << l << '\n';
    return ExitOk;
}

int AnalyzeCommand::judges(QCommandLineParser &parser, Project &project, CliIo &io)
{
    const QString run = parser.value(QStringLiteral("run"));
    auto closed = closedDomain(parser, project, run);
    if (!closed)
        return fail(io, closed.error());
    // Both sides read with the rule as given (--closed-domain; auto resolves from the reader).
    auto truth = RunOutcomes::load(project.database(), run, {parser.value(QStringLiteral("truth")), QString(), closed.value(), true});
    if (!truth)
        return fail(io, truth.error());
    auto judge = RunOutcomes::load(project.database(), run, {parser.value(QStringLiteral("judge")), QString(), closed.value(), true});
    if (!judge)
        return fail(io, judge.error());
    const JudgeAgreementReport r = JudgeAgreement::compare(truth.value().outcomes, judge.value().outcomes);
    if (parser.isSet(QStringLiteral("json"))) {
        nlohmann::json out = r.toJson();
        out["run"] = run.toStdString();
        out["truth"] = truth.value().judge.toStdString();
        out["judge"] = judge.value().judge.toStdString();
        io.out << QString::fromStdString(out.dump(2)) << '\n';
        return ExitOk;
    }
    io.out << QStringLiteral("%1 judged against %2 on %3 (%4 compared, %5 skipped)\n")
                  .arg(judge.value().judge, truth.value().judge, run).arg(r.compared).arg(r.skipped)
           << QStringLiteral("  precision %1 [%2, %3], recall %4 [%5, %6]\n")
                  .arg(number(r.precision), number(r.precisionLow), number(r.precisionHigh), number(r.recall), number(r.recallLow), number(r.recallHigh))
           << QStringLiteral("  accuracy %1 [%2, %3], Cohen's kappa %4 [%5, %6]\n")
                  .arg(number(r.agreement), number(r.agreementLow), number(r.agreementHigh), number(r.kappa.kappa), number(r.kappa.low), number(r.kappa.high))
           << QStringLiteral("  bias: %1\n").arg(r.biasInWords());
    return ExitOk;
}

// Prediction-powered accuracy of one run, or of two and their difference (docs/METHODS.md §5.10).
int AnalyzeCommand::ppi(QCommandLineParser &parser, Project &project, CliIo &io)
{
    const QStringList runs = parser.value(QStringLiteral("run")).split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (runs.size() > 2)
        return fail(io, QStringLiteral("--run takes one run or two (R1,R2)"));
    const QString truth = parser.isSet(QStringLiteral("truth")) ? parser.value(QStringLiteral("truth")) : LabelStore::majorityJudge();
    QString judge = parser.value(QStringLiteral("judge"));
    nlohmann::json out{{"judge", nullptr}, {"truth", truth.toStdString()}, {"runs", nlohmann::json::array()}};
    QVector<bool> closed;
    for (const QString &run : runs) {
        auto c = closedDomain(parser, project, run);
        if (!c)
            return fail(io, c.error());
        closed << c.value();
        if (judge.isEmpty()) { // the run's only scoring judge
            auto loaded = RunOutcomes::load(project.database(), run, {QString(), QString(), c.value(), true});
            if (!loaded)
                return fail(io, loaded.error());
            judge = loaded.value().judge;
        }
        auto e = PpiAnalysis::forRun(project.database(), run, judge, truth, c.value());
        if (!e)
            return fail(io, e.error());
        out["runs"].push_back(e.value().toJson());
        if (!parser.isSet(QStringLiteral("json")))
            io.out << run << ": " << e.value().text() << '\n';
    }
    out["judge"] = judge.toStdString();
    if (runs.size() == 2) {
        auto d = PpiAnalysis::difference(project.database(), runs[0], runs[1], judge, truth, closed[0], closed[1]);
        if (!d)
            return fail(io, d.error());
        out["difference"] = d.value().toJson();
        if (!parser.isSet(QStringLiteral("json")))
            io.out << (d.value().ppi ? QStringLiteral("%1 − %2 (corrected): %3 [%4, %5] on %6 shared items, %7 labelled in both\n")
                                           .arg(runs[0], runs[1]).arg(*d.value().ppi, 0, 'f', 3).arg(d.value().ppiCi.first, 0, 'f', 3)
                                           .arg(d.value().ppiCi.second, 0, 'f', 3).arg(d.value().shared).arg(d.value().labelled) +
                                           (d.value().reliable() ? QString() : QStringLiteral("  ") + d.value().caution() + QLatin1Char('\n'))
                                     : QStringLiteral("%1 − %2: no corrected difference: %3\n").arg(runs[0], runs[1], d.value().missing));
    }
    if (parser.isSet(QStringLiteral("json")))
        io.out << QString::fromStdString(out.dump(2)) << '\n';
    return ExitOk;
}

// The judge's repeated verdicts on a run: flip rate, Fleiss' kappa, accuracy per repetition.
int AnalyzeCommand::stability(QCommandLineParser &parser, Project &project, CliIo &io)
{
    auto r = JudgeStability::analyze(project.database(), parser.value(QStringLiteral("run")), parser.value(QStringLiteral("judge")));
    if (!r)
        return fail(io, r.error());
    const StabilityReport &s = r.value();
    if (parser.isSet(QStringLiteral("json"))) {
        io.out << QString::fromStdString(s.toJson().dump(2)) << '\n';
        return ExitOk;
    }
    if (!s.missing.isEmpty()) {
        io.out << s.run << ", judge " << s.judge << ": " << s.missing << '\n';
        return ExitOk;
    }
    io.out << QStringLiteral("%1, judge %2: %3 repetitions on %4 items\n").arg(s.run, s.judge).arg(s.repetitions).arg(s.items)
           << QStringLiteral("  flip rate %1 [%2, %3] (%4 items whose verdicts disagree)\n").arg(s.flipRate, 0, 'f', 4).arg(s.flipCi.first, 0, 'f', 4).arg(s.flipCi.second, 0, 'f', 4).arg(s.flaky)
           << QStringLiteral("  Fleiss' kappa %1 [%2, %3]\n").arg(number(s.fleiss.kappa), number(s.fleiss.low), number(s.fleiss.high))
           << QStringLiteral("  accuracy per repetition: mean %1, SD %2; one scoring falls in [%3, %4] (95%)\n")
                  .arg(s.accuracyMean, 0, 'f', 4).arg(s.accuracySd, 0, 'f', 4).arg(s.accuracyRange.first, 0, 'f', 4).arg(s.accuracyRange.second, 0, 'f', 4);
    return ExitOk;
}

int AnalyzeCommand::garage(QCommandLineParser &parser, Project &project, CliIo &io)
{
    GarageEvaluator::Options options;
    options.judgeProfile = parser.value(QStringLiteral("judge"));
    if (parser.isSet(QStringLiteral("deflection-phrases"))) {
        auto bytes = FileReader::readAll(parser.value(QStringLiteral("deflection-phrases")));
        if (!bytes)
            return fail(io, bytes.error());
        options.deflectionPhrases = QString::fromUtf8(bytes.value()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    }
    GarageReport report;
    Job job(QStringLiteral("GaRAGe"), [&](Job &j) {
        auto r = GarageEvaluator::evaluateFiles(project, parser.value(QStringLiteral("benchmark")), parser.value(QStringLiteral("responses")), options, &j);
        if (!r)
            return Status::failure(r.error());
        report = r.value();
        return Status();
    });
    if (auto s = job.runHere(); !s)
        return fail(io, s.error());
    const nlohmann::json out = report.toJson();
    if (parser.isSet(QStringLiteral("json"))) {
        io.out << QString::fromStdString(out.dump(2)) << '\n';
        return ExitOk;
    }
    const auto show = [](const nlohmann::json &v) { return v.is_null() ? QStringLiteral("—") : QString::number(v.get<double>(), 'f', 4); };
    io.out << QStringLiteral("GaRAGe: %1 questions (%2 without a relevant passage)\n").arg(report.overall.questions).arg(report.overall.withoutRelevant)
           << QStringLiteral("  deflection (%1): TPR %2, FPR %3\n").arg(report.deflectionMethod, show(out["deflection"]["tpr"]), show(out["deflection"]["fpr"]))
           << QStringLiteral("  attribution F1: macro %1, micro %2\n").arg(show(out["attribution"]["macro"]["f1"]), show(out["attribution"]["micro"]["f1"]))
           << QStringLiteral("  RAF %1, uRAF %2\n").arg(show(out["factuality"]["raf"]), show(out["factuality"]["uraf"]));
    return ExitOk;
}

} // namespace assay
