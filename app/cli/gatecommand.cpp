#include "gatecommand.h"

#include "analysis/gatebaseline.h"
#include "analysis/gatebaselinefile.h"
#include "analysis/gatecomparison.h"
#include "analysis/metricregistry.h"
#include "report/gatereportwriter.h"
#include "analysis/runanalysis.h"
#include "core/job.h"
#include "io/filewriter.h"
#include "readers/pipelinespec.h"
#include "runs/runexecutor.h"
#include "runs/runstore.h"
#include "runs/scorer.h"
#include "runs/testsetstore.h"
#include "scoring/closeddomain.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace assay {

namespace {
enum { ExitInconclusive = 3 };

bool readShare(const QString &text, double *out)
{
    bool ok = false;
    double v = text.toDouble(&ok);
    if (!ok)
        return false;
    if (v > 1 && v <= 100)
        v /= 100; // "2" means two points
    *out = v;
    return v >= 0 && v <= 1;
}
} // namespace

int GateCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Compares a run with its baseline on the items both hold, paired: the difference with a bootstrap interval over semantic groups, "
        "McNemar's exact test, and a verdict. Items that failed or stayed unread in either run are left out and counted; above --max-errors of the "
        "shared items the gate cannot evaluate. Exit codes: 0 pass or improvement, 1 regression, 3 inconclusive, 4 could not evaluate, 2 bad usage."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    parser.addOptions({
        {QStringLiteral("run"), QStringLiteral("The candidate run (with --pipeline: the name of the run to make)."), QStringLiteral("R")},
        {QStringLiteral("baseline"), QStringLiteral("The baseline run (default: the baseline marked for the candidate's version)."), QStringLiteral("B")},
        {QStringLiteral("baseline-file"), QStringLiteral("A baseline exported as results JSONL (Export Results with a judge), e.g. committed next to the code."), QStringLiteral("F.jsonl")},
        {QStringLiteral("pipeline"), QStringLiteral("Make the candidate first: run this pipeline on --testset, score it with --judge, then gate it."), QStringLiteral("SPEC")},
        {QStringLiteral("testset"), QStringLiteral("With --pipeline: the frozen version to run on."), QStringLiteral("V")},
        {QStringLiteral("metric"), QStringLiteral("accuracy (default), refined (groups answered in some form by either run), retrieval, or any registered "
                                                  "metric (assay-cli analyze metrics --list), e.g. faithfulness."), QStringLiteral("M"), QStringLiteral("accuracy")},
        {QStringLiteral("checker"), QStringLiteral("A claim metric's checker (default: each run's only one)."), QStringLiteral("C")},
        {QStringLiteral("max-drop"), QStringLiteral("The drop allowed before a significant one is a regression, as a share or in points (default %1: two points).").arg(GateOptions::DefaultMaxDrop), QStringLiteral("D"), QString::number(GateOptions::DefaultMaxDrop)},
        {QStringLiteral("alpha"), QStringLiteral("1 − the interval's level (default 0.05)."), QStringLiteral("A"), QStringLiteral("0.05")},
        {QStringLiteral("max-errors"), QStringLiteral("The largest share (or percentage) of shared items that may fail or stay unread before the gate cannot evaluate (default 0.01)."), QStringLiteral("E"), QStringLiteral("0.01")},
        {QStringLiteral("min-accuracy"), QStringLiteral("The candidate's floor: below it is a regression whatever the baseline."), QStringLiteral("X")},
        {QStringLiteral("judge"), QStringLiteral("The answer judge (default: the run's only one; with --pipeline: the baseline run's; required with --pipeline and --baseline-file)."), QStringLiteral("NAME")},
        {QStringLiteral("closed-domain"), QStringLiteral("auto (default), on or off."), QStringLiteral("auto|on|off"), QStringLiteral("auto")},
        {QStringLiteral("resamples"), QStringLiteral("Bootstrap resamples (2000)."), QStringLiteral("N"), QStringLiteral("2000")},
        {QStringLiteral("seed"), QStringLiteral("Bootstrap seed (1)."), QStringLiteral("S"), QStringLiteral("1")},
        {QStringLiteral("junit"), QStringLiteral("Write a JUnit XML report here."), QStringLiteral("OUT.xml")},
        {QStringLiteral("markdown"), QStringLiteral("Write a Markdown summary for a pull request here."), QStringLiteral("OUT.md")},
        {QStringLiteral("json"), QStringLiteral("Machine-readable JSON on stdout.")},
    });
    if (!parse(parser, args, io, 1, 1))
        return stopped(parser);
    if (!parser.isSet(QStringLiteral("run")))
        return usageError(parser, io, QStringLiteral("--run is required"));
    if (parser.isSet(QStringLiteral("baseline")) && parser.isSet(QStringLiteral("baseline-file")))
        return usageError(parser, io, QStringLiteral("--baseline and --baseline-file exclude each other"));
    if (parser.isSet(QStringLiteral("pipeline")) != parser.isSet(QStringLiteral("testset")))
        return usageError(parser, io, QStringLiteral("--pipeline and --testset go together"));
    GateComparison::Options options;
    options.metric = parser.value(QStringLiteral("metric"));
    if (const Metric *registered = MetricRegistry::instance().metric(options.metric); registered && !GateReport::metrics().contains(options.metric))
        options.metric = registered->name(); // "claim-recall" and "Claim_Recall" read as claim_recall
    if (!GateReport::allMetrics().contains(options.metric))
        return usageError(parser, io, QStringLiteral("--metric takes %1").arg(GateReport::allMetrics().join(QStringLiteral(", "))));
    if (!GateReport::metrics().contains(options.metric) && parser.isSet(QStringLiteral("baseline-file")))
        return usageError(parser, io, QStringLiteral("--baseline-file gates %1; --metric %2 needs a baseline run in the project (--baseline)")
                                          .arg(GateReport::metrics().join(QStringLiteral(", ")), options.metric));
    options.checker = parser.value(QStringLiteral("checker"));
    if (!readShare(parser.value(QStringLiteral("max-drop")), &options.gate.maxDrop))
        return usageError(parser, io, QStringLiteral("--max-drop takes a share from 0 to 1 (0.02) or points (2)"));
    if (!readShare(parser.value(QStringLiteral("max-errors")), &options.gate.maxErrors))
        return usageError(parser, io, QStringLiteral("--max-errors takes a share from 0 to 1 (0.01) or a percentage (1)"));
    bool ok = false;
    options.gate.alpha = parser.value(QStringLiteral("alpha")).toDouble(&ok);
    if (!ok || !(options.gate.alpha > 0 && options.gate.alpha < 0.5))
        return usageError(parser, io, QStringLiteral("--alpha takes a number between 0 and 0.5"));
    if (parser.isSet(QStringLiteral("min-accuracy")) && !readShare(parser.value(QStringLiteral("min-accuracy")), &options.gate.minAccuracy))
        return usageError(parser, io, QStringLiteral("--min-accuracy takes a share from 0 to 1 or a percentage"));
    options.gate.resamples = parser.value(QStringLiteral("resamples")).toInt(&ok);
    if (!ok || options.gate.resamples < 100)
        return usageError(parser, io, QStringLiteral("--resamples takes a whole number of at least 100"));
    options.gate.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok)
        return usageError(parser, io, QStringLiteral("--seed takes a whole number"));
    auto closedSetting = ClosedDomain::parse(parser.value(QStringLiteral("closed-domain")));
    if (!closedSetting)
        return usageError(parser, io, closedSetting.error());
    auto project = openProject(parser.positionalArguments().constFirst(), io);
    if (!project)
        return ExitFailure;
    Database &db = project->database();
    const QString runName = parser.value(QStringLiteral("run"));
    RunStore runs(db);
    QString baselineName = parser.value(QStringLiteral("baseline"));
    options.judge = parser.value(QStringLiteral("judge"));
    if (parser.isSet(QStringLiteral("pipeline"))) {
        if (options.judge.isEmpty() && !parser.isSet(QStringLiteral("baseline-file"))) {
            // The baseline's judge: the one named, or the version's marked baseline's.
            QString base = baselineName;
            if (base.isEmpty()) {
                auto version = GateBaseline::ofVersion(*project, parser.value(QStringLiteral("testset")));
                if (!version)
                    return fail(io, version.error());
                base = version.value();
            }
            if (base.isEmpty())
                return fail(io, QStringLiteral("version %1 has no baseline: name one with --baseline, or mark one (testset baseline)").arg(parser.value(QStringLiteral("testset"))));
            auto all = RunOutcomes::answerJudges(*project, base);
            if (!all)
                return fail(io, all.error());
            const QStringList judges = RunOutcomes::machineJudges(all.value());
            if (judges.size() != 1)
                return usageError(parser, io, QStringLiteral("baseline %1 has %2 judges (%3): choose one with --judge")
                                                  .arg(base).arg(judges.size()).arg(judges.join(QStringLiteral(", "))));
            options.judge = judges.first();
        } else if (options.judge.isEmpty()) {
            return usageError(parser, io, QStringLiteral("--judge is required with --pipeline and --baseline-file"));
        }
        QString stopped;
        if (const int code = execute(parser, *project, io, runName, options.judge, &stopped); code != ExitOk) {
            if (stopped.isEmpty())
                return code;
            // The candidate could not be made (an outage, a refused key): the gate cannot
            // evaluate, and says so in every output; it is never a regression or a pass.
            GateReport r;
            r.run = runName;
            r.baseline = baselineName.isEmpty() ? parser.value(QStringLiteral("baseline-file")) : baselineName;
            r.metric = options.metric;
            r.judge = options.judge;
            r.options = options.gate;
            r.result.verdict = GateResult::Verdict::Error;
            r.failure = stopped;
            r.result.reason = stopped;
            return writeReport(parser, io, r);
        }
    }
    auto runId = runs.idOf(runName);
    if (!runId)
        return fail(io, runId.error());
    auto closed = RunAnalyzer::closedDomainFor(db, runName, closedSetting.value());
    if (!closed)
        return fail(io, closed.error());
    options.closedDomain = closed.value();

    Result<GateReport> report = Result<GateReport>::failure(QString());
    if (parser.isSet(QStringLiteral("baseline-file"))) {
        auto baseline = GateBaselineFile::load(parser.value(QStringLiteral("baseline-file")), options.closedDomain);
        if (!baseline)
            return fail(io, baseline.error());
        auto candidate = RunOutcomes::load(db, runName, {options.judge, {}, options.closedDomain, true});
        if (!candidate)
            return fail(io, candidate.error());
        report = GateComparison::compare(candidate.value(), {}, baseline.value(), {}, options);
        if (report) {
            auto header = runs.header(runId.value());
            if (!header)
                return fail(io, header.error());
            report.value().runVersion = header.value().version;
        }
    } else {
        if (baselineName.isEmpty()) {
            auto marked = GateBaseline::ofRun(*project, runName);
            if (!marked)
                return fail(io, marked.error());
            if (marked.value().isEmpty())
                return usageError(parser, io, QStringLiteral("run %1's test set has no baseline: name one with --baseline or --baseline-file, or mark one "
                                                             "(assay-cli testset baseline, or Analysis → Compare → Mark as baseline)").arg(runName));
            baselineName = marked.value();
        }
        if (baselineName == runName)
            return usageError(parser, io, QStringLiteral("run %1 is its own baseline: gate another run against it").arg(runName));
        report = GateComparison::compare(db, runName, baselineName, options);
    }
    if (!report)
        return fail(io, report.error());
    const GateReport &r = report.value();
    if (auto s = r.record(db); !s)
        return fail(io, s.error());
    return writeReport(parser, io, r);
}

int GateCommand::writeReport(QCommandLineParser &parser, CliIo &io, const GateReport &r)
{
    if (parser.isSet(QStringLiteral("junit")))
        if (auto s = FileWriter::write(parser.value(QStringLiteral("junit")), GateReportWriter::junit(r)); !s)
            return fail(io, s.error());
    if (parser.isSet(QStringLiteral("markdown")))
        if (auto s = FileWriter::write(parser.value(QStringLiteral("markdown")), GateReportWriter::markdown(r).toUtf8()); !s)
            return fail(io, s.error());
    if (r.result.verdict == GateResult::Verdict::Error && parser.isSet(QStringLiteral("json")))
        io.err << QStringLiteral("assay-cli gate: could not evaluate %1 against %2: %3\n").arg(r.run, r.baseline, r.coverageText());
    if (parser.isSet(QStringLiteral("json"))) {
        io.out << QString::fromStdString(r.toJson().dump(2)) << '\n';
    } else if (r.result.verdict == GateResult::Verdict::Error) {
        io.out << QStringLiteral("ERROR: %1 against %2 could not be evaluated: %3\n").arg(r.run, r.baseline, r.coverageText());
    } else {
        io.out << QStringLiteral("%1: %2 against %3 on %4 shared items (%5): %6\n")
                      .arg(GateResult::verdictName(r.result.verdict).toUpper(), r.run, r.baseline)
                      .arg(r.result.shared)
                      .arg(r.metric, GateReportWriter::differenceText(r))
               << QStringLiteral("  %1 McNemar's exact test: %2.\n").arg(r.result.reason, GateReportWriter::pValueText(r.result.mcnemarP));
        for (const QString &line : GateReportWriter::moduleLines(r))
            io.out << QStringLiteral("  lost: %1\n").arg(line);
        for (const GateGroupChange &g : r.regressedGroups.mid(0, 5))
            io.out << QStringLiteral("  group %1 (%2): %3/%4 right, was %5; e.g. \"%6\": gold \"%7\", baseline \"%8\", run \"%9\"\n")
                          .arg(g.group, g.module).arg(g.runCorrect).arg(g.items).arg(g.baselineCorrect).arg(g.query, g.gold, g.baselineAnswer, g.runAnswer);
        for (const QString &n : r.notes)
            io.out << QStringLiteral("  %1\n").arg(n);
    }
    return r.exitCode();
}

int GateCommand::execute(QCommandLineParser &parser, Project &project, CliIo &io, const QString &name, const QString &judge, QString *stopped)
{
    auto spec = PipelineSpec::parse(parser.value(QStringLiteral("pipeline")));
    if (!spec)
        return usageError(parser, io, spec.error());
    if (auto s = Scorer::validateJudge(judge); !s)
        return usageError(parser, io, s.error());
    auto version = TestSetStore(project.database()).info(parser.value(QStringLiteral("testset")));
    if (!version)
        return fail(io, version.error());
    RunStore runs(project.database());
    auto id = runs.openOrCreate(name, spec.value(), version.value().source, version.value().id);
    if (!id)
        return fail(io, id.error());
    RunExecutor::Report executed;
    Job run(QStringLiteral("Run %1").arg(name), [&](Job &j) {
        auto r = RunExecutor::execute(project.database(), id.value(), &j);
        if (!r)
            return Status::failure(r.error());
        executed = r.value();
        return Status();
    });
    if (auto s = run.runHere(); !s) {
        *stopped = QStringLiteral("run %1 stopped: %2").arg(name, s.error());
        return ExitCouldNotEvaluate;
    }
    if (!executed.finished)
        return fail(io, QStringLiteral("run %1 did not finish; run the gate again to continue it").arg(name));
    if (executed.errors > 0)
        io.err << QStringLiteral("assay-cli gate: run %1: %2 items ended in an error; they are not evaluated (never counted as wrong)\n").arg(name).arg(executed.errors);
    Job score(QStringLiteral("Scoring %1").arg(name), [&](Job &j) {
        auto r = Scorer::score(project.database(), id.value(), judge, {}, &j);
        return r ? Status() : Status::failure(r.error());
    });
    if (auto s = score.runHere(); !s)
        return fail(io, QStringLiteral("scoring run %1: %2").arg(name, s.error()));
    io.err << QStringLiteral("assay-cli gate: ran %1 (%2 items) on version %3 and scored it with %4\n").arg(name).arg(executed.executed).arg(version.value().name, judge);
    return ExitOk;
}

} // namespace assay
