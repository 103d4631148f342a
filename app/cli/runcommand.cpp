#include "runcommand.h"

#include "core/job.h"
#include "project/project.h"
#include "runs/pipelinegrid.h"
#include "runs/runexecutor.h"
#include "runs/runstore.h"
#include "runs/testsetstore.h"
#include "readers/pipelinespec.h"
#include "readers/readerregistry.h"
#include "retrieval/retrieverregistry.h"

#include <QElapsedTimer>

#include <nlohmann/json.hpp>

#include <csignal>

namespace assay {

namespace {
// One line per reader of ReaderRegistry, with the options it reads.
QString readerHelp()
{
    QStringList lines;
    for (const ReaderKind *kind : ReaderRegistry::instance().kinds()) {
        QStringList keys;
        for (const auto &[key, what] : kind->options)
            keys << key + QLatin1Char('=');
        // The options once: in the description when it names them, else after it.
        const bool named = !keys.isEmpty() && kind->description.contains(keys.first());
        lines << QStringLiteral("%1: %2%3").arg(kind->synopsis(), kind->description,
                                                 keys.isEmpty() || named ? QString() : QStringLiteral(" [%1]").arg(keys.join(QStringLiteral(", "))));
    }
    return lines.join(QLatin1Char('\n'));
}

// One line per retriever of RetrieverRegistry.
QString retrieverHelp()
{
    QStringList lines;
    for (const RetrieverKind *kind : RetrieverRegistry::instance().kinds())
        lines << QStringLiteral("%1: %2%3").arg(kind->name, kind->description, kind->needsEmbedder && !kind->description.contains(QLatin1String("embedder=")) ? QStringLiteral(" [embedder=]") : QString());
    return lines.join(QLatin1Char('\n'));
}
} // namespace

namespace {
Job *activeJob = nullptr;
void stopOnSignal(int)
{
    if (activeJob)
        activeJob->cancel(); // the loop stops after the current item; the run is resumable
}
} // namespace

int RunCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    const QCommandLineOption name(QStringLiteral("name"), QStringLiteral("The run's name (a grid's runs are named NAME/…); an unfinished run of that name is continued."), QStringLiteral("R"));
    const QCommandLineOption pipeline(QStringLiteral("pipeline"),
                                      QStringLiteral("retriever=NAME,k=K,reader=READER[,options]; 'a|b' lists alternatives (a grid).\n\nReaders:\n%1\n\nRetrievers:\n%2")
                                          .arg(readerHelp(), retrieverHelp()),
                                      QStringLiteral("SPEC"), QStringLiteral("retriever=bm25,k=3,reader=none"));
    const QCommandLineOption set(QStringLiteral("set"), QStringLiteral("Query set: a form (short, long, ...); all forms when absent."), QStringLiteral("FORM"));
    const QCommandLineOption retryFailed(QStringLiteral("retry-failed"),
                                         QStringLiteral("Execute again the items of the run(s) that ended in an error (and any still pending); done items are kept."));
    const QCommandLineOption testset(QStringLiteral("testset"), QStringLiteral("Run on this frozen test-set version (its form), not on the working set."), QStringLiteral("V"));
    parser.addOptions({name, pipeline, set, testset, retryFailed});
    if (!parse(parser, args, io, 1, 1))
        return stopped(parser);
    if (!parser.isSet(name))
        return usageError(parser, io, QStringLiteral("--name is required"));
    auto specs = PipelineGrid::expand(parser.value(pipeline));
    if (!specs)
        return usageError(parser, io, specs.error());
    auto project = openProject(parser.positionalArguments().constFirst(), io);
    if (!project)
        return ExitFailure;
    RunStore store(project->database());
    qint64 versionId = 0;
    if (parser.isSet(testset)) {
        if (parser.isSet(set))
            return usageError(parser, io, QStringLiteral("--set and --testset exclude each other: a version has its form"));
        auto version = TestSetStore(project->database()).info(parser.value(testset));
        if (!version)
            return fail(io, version.error());
        versionId = version.value().id;
    }
    QVector<QPair<QString, qint64>> runs;
    for (const auto &[runName, spec] : PipelineGrid::named(parser.value(name), specs.value())) {
        auto runId = store.openOrCreate(runName, spec, parser.value(set), versionId);
        if (!runId)
            return fail(io, runId.error());
        if (parser.isSet(retryFailed)) {
            auto reset = store.retryFailed(runId.value());
            if (!reset)
                return fail(io, QStringLiteral("run %1: %2").arg(runName, reset.error()));
            io.out << QStringLiteral("Run %1: %2 failed items to execute again\n").arg(runName).arg(reset.value());
        }
        runs.append({runName, runId.value()});
    }
    qint64 failedItems = 0;
    for (const auto &[runName, runId] : runs) {
        QElapsedTimer clock;
        clock.start();
        RunExecutor::Report report;
        Job job(QStringLiteral("Run %1").arg(runName), [&, id = runId](Job &j) {
            auto r = RunExecutor::execute(project->database(), id, &j);
            if (!r)
                return Status::failure(r.error());
            report = r.value();
            return Status();
        });
        activeJob = &job;
        std::signal(SIGINT, stopOnSignal);
        std::signal(SIGTERM, stopOnSignal);
        const Status s = job.runHere();
        activeJob = nullptr;
        if (!s && !report.executed && !s.isCancelled())
            return fail(io, QStringLiteral("run %1: %2").arg(runName, s.error()));
        // Unknown usage is not free: the figures are then a lower bound, and say so.
        const QString atLeast = report.usageUnknown > 0 ? QStringLiteral("at least ") : QString();
        io.out << QStringLiteral("Run %1: %2 items executed (%3 errors) in %4 s, %5 tokens, cost %6; %7\n")
                      .arg(runName).arg(report.executed).arg(report.errors).arg(clock.elapsed() / 1000.0, 0, 'f', 2)
                      .arg(atLeast + QString::number(report.promptTokens + report.completionTokens), atLeast + QString::number(report.cost, 'f', 4))
                      .arg(report.finished ? QStringLiteral("done") : QStringLiteral("paused, run again to continue"));
        if (report.usageUnknown > 0)
            io.out << QStringLiteral("Run %1: the endpoint reported no token usage for %2 of the answers; the tokens and cost above leave them out\n")
                          .arg(runName)
                          .arg(report.usageUnknown);
        if (report.unserved > 0)
            io.out << QStringLiteral("Run %1: the oracle had no true documents for %2 of the %3 items (their groups have none), so it returned "
                                     "nothing for them; their retrieval is not judged. Link documents: assay-cli corpus link, or Corpus → Ground Truth\n")
                          .arg(runName)
                          .arg(report.unserved)
                          .arg(report.executed);
        if (report.errors > 0) {
            auto classes = store.errorClasses(runId);
            if (!classes)
                return fail(io, classes.error());
            QStringList parts;
            for (const auto &[klass, count] : classes.value())
                parts << QStringLiteral("%1 %2").arg(klass).arg(count);
            io.out << QStringLiteral("Run %1: failed items by class: %2 (run again with --retry-failed to execute them again)\n").arg(runName, parts.join(QStringLiteral(", ")));
            if (!report.lastError.isEmpty())
                io.out << QStringLiteral("Run %1: the last error: %2\n").arg(runName, report.lastError);
        }
        // What the run holds, not only what this call executed: a finished run asked to run
        // again says how many of its items failed before.
        auto held = store.errorClasses(runId);
        if (!held)
            return fail(io, held.error());
        qint64 failedHere = 0;
        for (const auto &klass : held.value())
            failedHere += klass.second;
        if (failedHere > 0) {
            failedItems += failedHere;
            io.err << QStringLiteral("Run %1: %2 items failed: run again with --retry-failed\n").arg(runName).arg(failedHere);
        }
        io.out.flush();
        if (!report.finished)
            break; // interrupted: the remaining runs wait for the next call
    }
    return failedItems > 0 ? ExitItemsFailed : ExitOk;
}

int RunsCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Machine-readable JSON."));
    parser.addOption(json);
    int exitCode = ExitOk;
    auto project = parseAndOpen(parser, args, io, 0, 1, 1, &exitCode);
    if (!project)
        return exitCode;
    auto read = RunStore(project->database()).runs();
    if (!read)
        return fail(io, read.error());
    const auto runs = read.take();
    if (parser.isSet(json)) {
        nlohmann::json out = nlohmann::json::array();
        RunStore store(project->database());
        for (const RunSummary &r : runs) {
            auto classes = store.errorClasses(r.id);
            if (!classes)
                return fail(io, classes.error());
            nlohmann::json byClass = nlohmann::json::object();
            for (const auto &[klass, count] : classes.value())
                byClass[klass.toStdString()] = count;
            out.push_back({{"name", r.name.toStdString()}, {"pipeline", r.pipeline.toStdString()}, {"query_set", r.querySet.toStdString()}, {"version", r.version.toStdString()},
                           {"status", r.status.toStdString()}, {"source", r.source.toStdString()}, {"items", r.total}, {"done", r.done},
                           {"errors", r.errors}, {"errors_by_class", byClass}, {"created_at", r.createdAt.toStdString()},
                           {"finished_at", r.finishedAt.toStdString()}});
        }
        io.out << QString::fromStdString(out.dump(2)) << '\n';
        return ExitOk;
    }
    for (const RunSummary &r : runs)
        io.out << QStringLiteral("%1  %2  %3%4  %5/%6 done, %7 errors\n")
                      .arg(r.name, r.pipeline, r.status, r.version.isEmpty() ? QString() : QStringLiteral("  version %1").arg(r.version))
                      .arg(r.done).arg(r.total).arg(r.errors);
    return ExitOk;
}

} // namespace assay
