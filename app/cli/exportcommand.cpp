#include "exportcommand.h"

#include "report/analysisexport.h"
#include "generation/generationstore.h"
#include "generation/grammarjson.h"
#include "project/project.h"
#include "runs/runexporter.h"
#include "runs/runstore.h"

namespace assay {

int ExportCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("queries|plots|results"), QStringLiteral("What to export."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("queries: jsonl (one file) or grammar (a folder); plots: svg,png,pdf (default svg,png)."),
                                    QStringLiteral("FORMAT"), QStringLiteral("jsonl"));
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("Output file (jsonl) or folder (grammar, plots)."), QStringLiteral("PATH"));
    const QCommandLineOption runs(QStringLiteral("runs"), QStringLiteral("plots: the runs (comma separated; default: every scored run)."), QStringLiteral("R1,R2,..."));
    const QCommandLineOption run(QStringLiteral("run"), QStringLiteral("results: the run whose items (answers, contexts, agent traces) are written as JSONL."), QStringLiteral("R"));
    const QCommandLineOption judge(QStringLiteral("judge"), QStringLiteral("plots: the judge whose verdicts are drawn; results: the judge whose verdicts are written."),
                                   QStringLiteral("NAME"));
    const QCommandLineOption dpi(QStringLiteral("dpi"), QStringLiteral("plots: PNG resolution (144)."), QStringLiteral("N"), QStringLiteral("144"));
    const QCommandLineOption closed(QStringLiteral("closed-domain"), QStringLiteral("plots: auto (default: on for runs with a reader, off for retrieval-only runs), on or off."), QStringLiteral("auto|on|off"), QStringLiteral("auto"));
    parser.addOptions({format, out, runs, run, judge, dpi, closed});
    if (!parse(parser, args, io, 2, 2))
        return stopped(parser);
    const QString what = parser.positionalArguments().at(0);
    if (what != QLatin1String("queries") && what != QLatin1String("plots") && what != QLatin1String("results"))
        return usageError(parser, io, QStringLiteral("unknown export '%1' (expected: queries, plots or results)").arg(what));
    if (!parser.isSet(out))
        return usageError(parser, io, QStringLiteral("--out is required"));
    if (what == QLatin1String("results")) {
        if (!parser.isSet(run))
            return usageError(parser, io, QStringLiteral("results: --run is required"));
        auto project = openProject(parser.positionalArguments().at(1), io);
        if (!project)
            return ExitFailure;
        auto id = RunStore(project->database()).idOf(parser.value(run));
        if (!id)
            return fail(io, id.error());
        auto n = RunExporter::writeJsonl(project->database(), id.value(), parser.value(out), parser.value(judge));
        if (!n)
            return fail(io, n.error());
        io.err << QStringLiteral("Wrote %1 items of %2 to %3\n").arg(n.value()).arg(parser.value(run), parser.value(out));
        return ExitOk;
    }
    if (what == QLatin1String("plots")) {
        const QStringList formats = parser.isSet(format) ? parser.value(format).split(QLatin1Char(','), Qt::SkipEmptyParts) : QStringList{QStringLiteral("svg"), QStringLiteral("png")};
        for (const QString &f : formats)
            if (f != QLatin1String("svg") && f != QLatin1String("png") && f != QLatin1String("pdf"))
                return usageError(parser, io, QStringLiteral("--format: '%1' is not svg, png or pdf").arg(f));
        bool ok = false;
        const int resolution = parser.value(dpi).toInt(&ok);
        if (!ok || resolution < 24 || resolution > 1200)
            return usageError(parser, io, QStringLiteral("--dpi takes a number from 24 to 1200"));
        auto closedDomain = ClosedDomain::parse(parser.value(closed));
        if (!closedDomain)
            return usageError(parser, io, closedDomain.error());
        auto project = openProject(parser.positionalArguments().at(1), io);
        if (!project)
            return ExitFailure;
        auto analyses = AnalysisExport::analyses(project->database(), parser.value(runs).split(QLatin1Char(','), Qt::SkipEmptyParts), parser.value(judge),
                                                 closedDomain.value());
        if (!analyses)
            return fail(io, analyses.error());
        auto files = AnalysisExport::writePlots(analyses.value(), parser.value(out), formats, resolution, &project->database());
        if (!files)
            return fail(io, files.error());
        for (const QString &f : files.value())
            io.out << f << '\n';
        return ExitOk;
    }
    const QString f = parser.value(format);
    if (f != QLatin1String("jsonl") && f != QLatin1String("grammar"))
        return usageError(parser, io, QStringLiteral("--format is jsonl or grammar"));
    auto project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    GenerationStore store(project->database());
    if (f == QLatin1String("jsonl")) {
        auto n = GrammarJson::writeQueriesJsonl(store, parser.value(out));
        if (!n)
            return fail(io, n.error());
        io.err << QStringLiteral("Wrote %1 text queries to %2\n").arg(n.value()).arg(parser.value(out));
    } else if (auto s = GrammarJson::writeGrammarFolder(store, parser.value(out)); !s) {
        return fail(io, s.error());
    }
    return ExitOk;
}

} // namespace assay
