#include "exportcommand.h"

#include "generation/generationstore.h"
#include "io/grammarjson.h"
#include "project/project.h"

namespace assay {

int ExportCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("queries"), QStringLiteral("What to export (queries)."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("jsonl (one file) or grammar (a folder)."), QStringLiteral("FORMAT"), QStringLiteral("jsonl"));
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("Output file (jsonl) or folder (grammar)."), QStringLiteral("PATH"));
    parser.addOptions({format, out});
    if (!parse(parser, args, io, 2, 2))
        return parser.isSet(QStringLiteral("help")) ? ExitOk : ExitUsage;
    if (parser.positionalArguments().at(0) != QLatin1String("queries"))
        return usageError(parser, io, QStringLiteral("unknown export '%1' (expected: queries)").arg(parser.positionalArguments().at(0)));
    const QString f = parser.value(format);
    if (f != QLatin1String("jsonl") && f != QLatin1String("grammar"))
        return usageError(parser, io, QStringLiteral("--format is jsonl or grammar"));
    if (!parser.isSet(out))
        return usageError(parser, io, QStringLiteral("--out is required"));
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
