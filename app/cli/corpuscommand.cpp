#include "corpuscommand.h"

#include "project/project.h"
#include "retrieval/corpusimporter.h"

#include <QFileInfo>

namespace assay {

int CorpusCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("import"), QStringLiteral("The action (import)."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    parser.addPositionalArgument(QStringLiteral("PATH"), QStringLiteral("Folders or files to import."), QStringLiteral("PATH..."));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("dir (.txt/.md files), jsonl or grammar (default: dir for folders, jsonl otherwise)."), QStringLiteral("FORMAT"));
    const QCommandLineOption chunk(QStringLiteral("chunk"), QStringLiteral("whole, sentences:N or tokens:N[:OVERLAP] (whole)."), QStringLiteral("SPEC"), QStringLiteral("whole"));
    parser.addOptions({format, chunk});
    if (!parse(parser, args, io, 3, 1000))
        return stopped(parser);
    if (parser.positionalArguments().at(0) != QLatin1String("import"))
        return usageError(parser, io, QStringLiteral("unknown action '%1' (expected: import)").arg(parser.positionalArguments().at(0)));
    Chunker::Options chunking;
    QString error;
    if (!Chunker::parse(parser.value(chunk), chunking, &error))
        return usageError(parser, io, error);
    QVector<CorpusImporter::Document> documents;
    for (const QString &path : parser.positionalArguments().mid(2)) {
        auto f = CorpusImporter::formatOf(parser.isSet(format) ? parser.value(format)
                                          : QFileInfo(path).isDir() ? QStringLiteral("dir") : QStringLiteral("jsonl"));
        if (!f)
            return usageError(parser, io, f.error());
        auto read = CorpusImporter::read(path, f.value());
        if (!read)
            return fail(io, read.error());
        documents += read.value();
    }
    auto project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    auto report = CorpusImporter::import(*project, documents, chunking);
    if (!report)
        return fail(io, report.error());
    io.out << QStringLiteral("Imported %1 documents as %2 chunks\n").arg(report.value().documents).arg(report.value().chunks);
    return ExitOk;
}

} // namespace assay
