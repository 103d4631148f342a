#include "claimscommand.h"

#include "analysis/claimanalysis.h"
#include "claims/claimstore.h"
#include "analysis/llmclaimchecker.h"
#include "analysis/offlineclaimchecker.h"
#include "analysis/ragcheckerexport.h"
#include "runs/runstore.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace assay {

namespace {

// A share as RAGChecker reports it: ×100, one decimal; unknown as null / "n/a".
nlohmann::json points(double v) { return std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(std::round(1000 * v) / 10); }
QString pointsText(double v) { return std::isnan(v) ? QStringLiteral("n/a") : QString::number(100 * v, 'f', 1); }

// The checker to read: the one asked for, or the run's only one.
Result<QString> checkerOf(const QCommandLineParser &parser, const ClaimStore &store, qint64 runId, const QString &run)
{
    if (parser.isSet(QStringLiteral("checker")))
        return parser.value(QStringLiteral("checker"));
    auto checkers = store.checkers(runId);
    if (!checkers)
        return Result<QString>::failure(checkers);
    if (checkers.value().isEmpty())
        return Result<QString>::failure(QStringLiteral("run %1 has no claims yet: check them first (claims check --offline, or import a RAGChecker checking output)").arg(run));
    if (checkers.value().size() > 1)
        return Result<QString>::failure(QStringLiteral("run %1 has claims of several checkers (%2): choose one with --checker").arg(run, checkers.value().join(QStringLiteral(", "))));
    return checkers.value().first();
}

} // namespace

int ClaimsCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "check: makes claims and checks them, offline from the grounded rows (--offline) or through an LLM profile (--llm), and stores them; extract: "
        "only the LLM's claims (checks unknown until checked); analyze: RAGChecker's eleven metrics (×100) per run "
        "with n, unknown and not-applicable counts, optionally paired against another run; export: the run in RAGChecker's format, with a checker's "
        "claims when --checker is given."));
    parser.addPositionalArgument(QStringLiteral("extract|check|analyze|export"), QStringLiteral("What to do."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    parser.addOptions({
        {QStringLiteral("run"), QStringLiteral("The run."), QStringLiteral("R")},
        {QStringLiteral("offline"), QStringLiteral("check: claims from the grounded rows, without an LLM (docs/METHODS.md §12.3).")},
        {QStringLiteral("llm"), QStringLiteral("extract, check: claims and checks by this LLM profile (docs/METHODS.md §12.4)."), QStringLiteral("PROFILE")},
        {QStringLiteral("checker"), QStringLiteral("analyze, export: whose claims (imported, offline; default: the run's only checker)."), QStringLiteral("C")},
        {QStringLiteral("against"), QStringLiteral("analyze: a second run, compared paired on the items both checked."), QStringLiteral("R2")},
        {QStringLiteral("out"), QStringLiteral("export: the file to write."), QStringLiteral("F.json")},
        {QStringLiteral("json"), QStringLiteral("Machine-readable JSON.")},
    });
    if (!parse(parser, args, io, 2, 2))
        return stopped(parser);
    const QString action = parser.positionalArguments().at(0);
    if (action != QLatin1String("extract") && action != QLatin1String("check") && action != QLatin1String("analyze") && action != QLatin1String("export"))
        return usageError(parser, io, QStringLiteral("unknown claims action '%1' (extract, check, analyze, export)").arg(action));
    if (!parser.isSet(QStringLiteral("run")))
        return usageError(parser, io, QStringLiteral("--run is required"));
    const bool llm = parser.isSet(QStringLiteral("llm"));
    if (action == QLatin1String("check") && parser.isSet(QStringLiteral("offline")) == llm)
        return usageError(parser, io, QStringLiteral("claims check needs one of --offline (the claims from the grounded rows) or --llm PROFILE"));
    if (action == QLatin1String("extract") && !llm)
        return usageError(parser, io, QStringLiteral("claims extract needs --llm PROFILE"));
    if (action == QLatin1String("export") && !parser.isSet(QStringLiteral("out")))
        return usageError(parser, io, QStringLiteral("claims export needs --out F.json"));
    auto project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    auto runId = RunStore(project->database()).idOf(parser.value(QStringLiteral("run")));
    if (!runId)
        return fail(io, runId.error());
    if (llm)
        return checkWithLlm(parser, *project, runId.value(), action == QLatin1String("extract"), io);
    if (action == QLatin1String("check"))
        return check(parser, *project, runId.value(), io);
    if (action == QLatin1String("export"))
        return exportRun(parser, *project, runId.value(), io);
    return analyze(parser, *project, runId.value(), io);
}

int ClaimsCommand::check(QCommandLineParser &parser, Project &project, qint64 runId, CliIo &io)
{
    auto report = OfflineClaimChecker::check(project, runId);
    if (!report)
        return fail(io, report.error());
    const auto &r = report.value();
    if (parser.isSet(QStringLiteral("json"))) {
        io.out << QString::fromStdString(nlohmann::json{{"run", parser.value(QStringLiteral("run")).toStdString()},
                                                        {"checker", OfflineClaimChecker::checker().toStdString()},
                                                        {"items", r.items},
                                                        {"checked", r.checked},
                                                        {"without_facts", r.withoutFacts},
                                                        {"failed", r.failed},
                                                        {"without_response", r.withoutResponse}}
                                                  .dump(2))
               << '\n';
        return ExitOk;
    }
    io.out << r.summary(parser.value(QStringLiteral("run"))) << '\n';
    return ExitOk;
}

int ClaimsCommand::checkWithLlm(QCommandLineParser &parser, Project &project, qint64 runId, bool extractOnly, CliIo &io)
{
    const QString profile = parser.value(QStringLiteral("llm"));
    auto report = LlmClaimChecker::run(project, runId, profile, extractOnly ? LlmClaimChecker::Mode::Extract : LlmClaimChecker::Mode::Check);
    if (!report)
        return fail(io, report.error());
    const auto &r = report.value();
    if (parser.isSet(QStringLiteral("json"))) {
        io.out << QString::fromStdString(nlohmann::json{{"run", parser.value(QStringLiteral("run")).toStdString()},
                                                        {"checker", LlmClaimChecker::checkerOf(profile).toStdString()},
                                                        {"items", r.items},
                                                        {"checked", r.checked},
                                                        {"failed", r.failed},
                                                        {"extraction_failed", r.extractionFailed},
                                                        {"extraction_unread", r.extractionUnread},
                                                        {"without_response", r.withoutResponse},
                                                        {"check_requests", r.checkRequests},
                                                        {"check_failed", r.checkFailed},
                                                        {"check_unread", r.checkUnread},
                                                        {"unknown_checks", r.unknownChecks},
                                                        {"requests", r.usage.requests},
                                                        {"cached", r.usage.cached},
                                                        {"prompt_tokens", r.usage.promptTokens},
                                                        {"completion_tokens", r.usage.completionTokens},
                                                        {"cost", r.usage.unreported > 0 ? nlohmann::json(nullptr) : nlohmann::json(r.usage.cost)},
                                                        {"cost_reported", r.usage.cost},
                                                        {"usage_unknown", r.usage.unreported}}
                                                  .dump(2))
               << '\n';
        return ExitOk;
    }
    io.out << r.summary(parser.value(QStringLiteral("run")), profile, extractOnly) << '\n';
    return ExitOk;
}

int ClaimsCommand::analyze(QCommandLineParser &parser, Project &project, qint64 runId, CliIo &io)
{
    ClaimStore store(project.database());
    const QString run = parser.value(QStringLiteral("run"));
    auto checker = checkerOf(parser, store, runId, run);
    if (!checker)
        return fail(io, checker.error());
    auto figures = ClaimAnalysis::ofRun(store, runId, checker.value());
    if (!figures)
        return fail(io, figures.error());
    if (figures.value().items == 0)
        return fail(io, QStringLiteral("run %1 has no claims of checker %2").arg(run, checker.value()));
    QVector<ClaimAnalysis::Difference> differences;
    QString against;
    if (parser.isSet(QStringLiteral("against"))) {
        against = parser.value(QStringLiteral("against"));
        auto otherId = RunStore(project.database()).idOf(against);
        if (!otherId)
            return fail(io, otherId.error());
        auto other = ClaimAnalysis::ofRun(store, otherId.value(), checker.value());
        if (!other)
            return fail(io, other.error());
        differences = ClaimAnalysis::compare(figures.value(), other.value());
    }
    const auto &f = figures.value();
    auto levels = ClaimAnalysis::ofRunByLevel(project.database(), runId, checker.value());
    if (!levels)
        return fail(io, levels.error());
    const auto metricsJson = [](const ClaimAnalysis::RunFigures &g) {
        nlohmann::json out = nlohmann::json::object();
        for (int m = 0; m < ClaimMetrics::MetricCount; ++m) {
            const ClaimAnalysis::Figure &x = g.figures[m];
            out[ClaimMetrics::key(ClaimMetrics::Metric(m))] = {{"value", points(x.value)}, {"low", points(x.low)}, {"high", points(x.high)}, {"n", x.n},
                                                               {"unknown", x.unknown}, {"not_applicable", x.notApplicable},
                                                               {"coverage", g.items > 0 ? double(x.n) / g.items : 0.0}};
        }
        return out;
    };
    if (parser.isSet(QStringLiteral("json"))) {
        nlohmann::json byLevel = nlohmann::json::object();
        for (const auto &[level, g] : levels.value())
            byLevel[level.isEmpty() ? "none" : level.toStdString()] = {{"items", g.items}, {"metrics", metricsJson(g)}};
        nlohmann::json metrics = nlohmann::json::object();
        for (int m = 0; m < ClaimMetrics::MetricCount; ++m) {
            const auto metric = ClaimMetrics::Metric(m);
            const ClaimAnalysis::Figure &x = f.figures[m];
            nlohmann::json o{{"module", ClaimAnalysis::module(metric).toStdString()}, {"value", points(x.value)}, {"low", points(x.low)},
                             {"high", points(x.high)}, {"n", x.n}, {"unknown", x.unknown}, {"not_applicable", x.notApplicable},
                             {"coverage", f.items > 0 ? double(x.n) / f.items : 0.0}};
            if (!differences.isEmpty()) {
                const GateResult &d = differences[m].result;
                o["against"] = {{"run", against.toStdString()}, {"shared", d.shared}, {"difference", points(d.difference)}, {"low", points(d.low)},
                                {"high", points(d.high)}};
            }
            metrics[ClaimMetrics::key(metric)] = o;
        }
        io.out << QString::fromStdString(nlohmann::json{{"run", run.toStdString()},
                                                        {"checker", checker.value().toStdString()},
                                                        {"items", f.items},
                                                        {"without_response", f.withoutResponse},
                                                        {"unreadable_checks", f.unreadableChecks},
                                                        {"metrics", metrics},
                                                        {"levels", byLevel}}
                                                  .dump(2))
               << '\n';
        return ExitOk;
    }
    io.out << QStringLiteral("Run %1, claims of checker %2: %3 items (%4 without a response), %5 unreadable checks\n")
                  .arg(run, checker.value())
                  .arg(f.items)
                  .arg(f.withoutResponse)
                  .arg(f.unreadableChecks);
    io.out << QStringLiteral("%1 %2 %3  %4 %5 %6 %7%8\n")
                  .arg(QStringLiteral("module"), -10)
                  .arg(QStringLiteral("metric"), -32)
                  .arg(QStringLiteral("value"), 6)
                  .arg(QStringLiteral("95% interval"), -13)
                  .arg(QStringLiteral("n"), 7)
                  .arg(QStringLiteral("unknown"), 8)
                  .arg(QStringLiteral("n/a"), 7)
                  .arg(differences.isEmpty() ? QString() : QStringLiteral("  vs %1 (paired)").arg(against));
    for (int m = 0; m < ClaimMetrics::MetricCount; ++m) {
        const auto metric = ClaimMetrics::Metric(m);
        const ClaimAnalysis::Figure &x = f.figures[m];
        QString line = QStringLiteral("%1 %2 %3  %4 %5 %6 %7")
                           .arg(ClaimAnalysis::module(metric), -10)
                           .arg(ClaimMetrics::label(metric), -32)
                           .arg(pointsText(x.value), 6)
                           .arg(std::isnan(x.low) ? QString() : QStringLiteral("[%1, %2]").arg(pointsText(x.low), pointsText(x.high)), -13)
                           .arg(x.n, 7)
                           .arg(x.unknown, 8)
                           .arg(x.notApplicable, 7);
        if (!differences.isEmpty()) {
            const GateResult &d = differences[m].result;
            if (d.shared == 0 || std::isnan(d.difference))
                line += QStringLiteral("  n/a: no shared item has a value in both runs");
            else
                line += QStringLiteral("  %1%2 [%3, %4] on %5 items")
                        .arg(d.difference >= 0 ? QStringLiteral("+") : QString(), pointsText(d.difference), pointsText(d.low), pointsText(d.high))
                        .arg(d.shared);
        }
        io.out << line << '\n';
    }
    if (levels.value().size() > 1 || (levels.value().size() == 1 && !levels.value().first().first.isEmpty())) {
        io.out << QStringLiteral("By task level (value, n):\n");
        for (const auto &[level, g] : levels.value()) {
            QStringList cells;
            for (int m = 0; m < ClaimMetrics::MetricCount; ++m)
                cells << QStringLiteral("%1 %2 (%3)").arg(QString::fromLatin1(ClaimMetrics::key(ClaimMetrics::Metric(m))), pointsText(g.figures[m].value)).arg(g.figures[m].n);
            io.out << QStringLiteral("  %1, %2 items: %3\n").arg(level.isEmpty() ? QStringLiteral("no level") : level).arg(g.items).arg(cells.join(QStringLiteral(", ")));
        }
    }
    return ExitOk;
}

int ClaimsCommand::exportRun(QCommandLineParser &parser, Project &project, qint64 runId, CliIo &io)
{
    const QString checker = parser.value(QStringLiteral("checker"));
    auto report = RagCheckerExport::write(project.database(), runId, checker, parser.value(QStringLiteral("out")));
    if (!report)
        return fail(io, report.error());
    io.out << QStringLiteral("Wrote %1 items to %2%3\n")
                  .arg(report.value().written)
                  .arg(parser.value(QStringLiteral("out")),
                       checker.isEmpty() ? QStringLiteral(" (RAGChecker's input format)")
                                         : QStringLiteral(" with the claims of checker %1 (%2 items it did not check left out)").arg(checker).arg(report.value().withoutClaims));
    return ExitOk;
}

} // namespace assay
