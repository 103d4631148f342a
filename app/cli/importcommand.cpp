#include "importcommand.h"

#include "generation/generationworkflow.h"
#include "grounding/keytruth.h"
#include "project/project.h"
#include "runs/resultsimporter.h"

namespace assay {

int ImportCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("grammar|results|ragchecker"),
                                 QStringLiteral("What to import: GRAMMAR's templates, a system's results, or a RAGChecker file (results with its claims)."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    parser.addPositionalArgument(QStringLiteral("[PATH]"), QStringLiteral("results: the results file."));
    const QCommandLineOption sql(QStringLiteral("sql-templates"), QStringLiteral("grammar: GRAMMAR's SQL-template JSON."), QStringLiteral("F.json"));
    const QCommandLineOption texts(QStringLiteral("text-templates"), QStringLiteral("grammar: FORM=FILE pairs, comma separated."), QStringLiteral("LIST"));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("results: grammar, reval, jsonl, ragchecker or ragas (default: guessed from the file)."), QStringLiteral("F"));
    const QCommandLineOption name(QStringLiteral("name"), QStringLiteral("results: the new run's name."), QStringLiteral("R"));
    const QCommandLineOption set(QStringLiteral("set"), QStringLiteral("results: the query set (form) the results answer."), QStringLiteral("FORM"));
    const QCommandLineOption threshold(QStringLiteral("threshold"),
                                       QStringLiteral("grammar: singular-answer rate below which an imported SQL template is flagged for review (0.95)."),
                                       QStringLiteral("RATE"), QStringLiteral("0.95"));
    parser.addOptions({sql, texts, format, name, set, threshold});
    if (!parse(parser, args, io, 2, 3))
        return stopped(parser);
    const QString kind = parser.positionalArguments().at(0);
    if (kind == QLatin1String("results") || kind == QLatin1String("ragchecker"))
        return importResults(parser, io);
    if (kind != QLatin1String("grammar"))
        return usageError(parser, io, QStringLiteral("unknown import '%1' (expected: grammar, results or ragchecker)").arg(kind));
    if (parser.positionalArguments().size() != 2)
        return usageError(parser, io, QStringLiteral("import grammar takes the project file only"));
    if (!parser.isSet(sql))
        return usageError(parser, io, QStringLiteral("--sql-templates is required"));
    QMap<QString, QString> forms;
    for (const QString &pair : parser.value(texts).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto eq = pair.indexOf(QLatin1Char('='));
        if (eq <= 0 || eq == pair.size() - 1)
            return usageError(parser, io, QStringLiteral("--text-templates: '%1' is not FORM=FILE").arg(pair));
        forms.insert(pair.left(eq).trimmed(), pair.mid(eq + 1).trimmed());
    }
    bool rateOk = false;
    const double rate = parser.value(threshold).toDouble(&rateOk);
    if (!rateOk || rate < 0 || rate > 1)
        return usageError(parser, io, QStringLiteral("--threshold takes a rate between 0 and 1"));
    auto project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    auto summary = GenerationWorkflow::importGrammar(*project, parser.value(sql), forms, nullptr, rate);
    if (!summary)
        return fail(io, summary.error());
    io.out << summary.value() << '\n';
    auto keyed = KeyTruth::refresh(*project); // the document keys' truth for the imported groups
    if (!keyed)
        return fail(io, keyed.error());
    if (!keyed.value().isEmpty())
        io.out << keyed.value() << '\n';
    return ExitOk;
}

int ImportCommand::importResults(QCommandLineParser &parser, CliIo &io)
{
    if (parser.positionalArguments().size() != 3)
        return usageError(parser, io, QStringLiteral("import %1 FILE PATH: the results file is missing").arg(parser.positionalArguments().at(0)));
    if (!parser.isSet(QStringLiteral("name")))
        return usageError(parser, io, QStringLiteral("--name is required"));
    const QString path = parser.positionalArguments().at(2);
    Result<ResultsImporter::Format> format = ResultsImporter::guessFormat(path);
    if (parser.positionalArguments().at(0) == QLatin1String("ragchecker"))
        format = ResultsImporter::Format::RagChecker;
    else if (parser.isSet(QStringLiteral("format")))
        format = ResultsImporter::formatFromName(parser.value(QStringLiteral("format")));
    if (!format)
        return usageError(parser, io, format.error());
    auto project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    auto report = ResultsImporter::import(project->database(), format.value(), path, parser.value(QStringLiteral("name")),
                                          parser.value(QStringLiteral("set")));
    if (!report)
        return fail(io, report.error());
    io.out << QStringLiteral("Run %1: %2 items imported, %3 answer verdicts and %4 retrieval verdicts (judge \"imported\")\n")
                  .arg(parser.value(QStringLiteral("name"))).arg(report.value().items).arg(report.value().answerVerdicts).arg(report.value().retrievalVerdicts);
    if (!report.value().claimNote.isEmpty())
        io.out << QStringLiteral("Claims: %1\n").arg(report.value().claimNote);
    return ExitOk;
}

} // namespace assay
