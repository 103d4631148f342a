#include "corpuscommand.h"

#include "commands/setgroundlinkscommand.h"
#include "generation/semanticgroup.h"
#include "grounding/autolinker.h"
#include "grounding/groundlinkstore.h"
#include "grounding/linksfile.h"
#include "project/project.h"
#include "retrieval/corpusimporter.h"

#include <QFileInfo>

#include <nlohmann/json.hpp>

namespace assay {

int CorpusCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "corpus import FILE.assay PATH... [--format dir|jsonl|grammar] [--chunk SPEC]   documents into the corpus\n"
        "corpus link FILE.assay --auto [--min-confidence C]                           propose ground-truth links\n"
        "corpus link FILE.assay --file LINKS [--format csv|json]                      read them from a links file\n"
        "corpus links FILE.assay [--json]                                             list the links"));
    parser.addPositionalArgument(QStringLiteral("action"), QStringLiteral("import, link or links."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    parser.addPositionalArgument(QStringLiteral("PATH"), QStringLiteral("import: folders or files to import."), QStringLiteral("[PATH...]"));
    const QCommandLineOption format(QStringLiteral("format"),
                                    QStringLiteral("import: dir (.txt/.md files), jsonl or grammar (default: dir for folders, jsonl otherwise); "
                                                   "link --file: csv or json (default: from the file's suffix)."),
                                    QStringLiteral("FORMAT"));
    const QCommandLineOption chunk(QStringLiteral("chunk"), QStringLiteral("import: whole, sentences:N or tokens:N[:OVERLAP] (whole)."), QStringLiteral("SPEC"), QStringLiteral("whole"));
    const QCommandLineOption automatic(QStringLiteral("auto"), QStringLiteral("link: propose links from the chunks that state a group's answer with its values."));
    const QCommandLineOption minConfidence(QStringLiteral("min-confidence"), QStringLiteral("link --auto: accept proposals at or above C; the rest wait for review (0.6)."),
                                           QStringLiteral("C"), QStringLiteral("0.6"));
    const QCommandLineOption file(QStringLiteral("file"), QStringLiteral("link: a links file (CSV or JSON: doc_id with group, or with table and key; facts.json)."), QStringLiteral("LINKS"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("links: print JSON."));
    parser.addOptions({format, chunk, automatic, minConfidence, file, json});
    if (!parse(parser, args, io, 2, 1000))
        return stopped(parser);
    const QString action = parser.positionalArguments().at(0);
    if (action == QLatin1String("link"))
        return link(parser, io);
    if (action == QLatin1String("links"))
        return listLinks(parser, io);
    if (action != QLatin1String("import"))
        return usageError(parser, io, QStringLiteral("unknown action '%1' (expected: import, link or links)").arg(action));
    if (parser.positionalArguments().size() < 3)
        return usageError(parser, io, QStringLiteral("import: name at least one folder or file to import"));
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

// corpus link: the same links the Corpus page's Ground Truth tab writes, through the same
// undo command (so the write is one transaction).
int CorpusCommand::link(QCommandLineParser &parser, CliIo &io)
{
    const bool automatic = parser.isSet(QStringLiteral("auto"));
    const bool fromFile = parser.isSet(QStringLiteral("file"));
    if (automatic == fromFile)
        return usageError(parser, io, QStringLiteral("link: give either --auto or --file LINKS"));
    if (parser.positionalArguments().size() != 2)
        return usageError(parser, io, QStringLiteral("link takes the project alone"));
    bool ok = false;
    const double min = parser.value(QStringLiteral("min-confidence")).toDouble(&ok);
    if (!ok || min < 0 || min > 1)
        return usageError(parser, io, QStringLiteral("--min-confidence: \"%1\" is not a number from 0 to 1").arg(parser.value(QStringLiteral("min-confidence"))));
    auto format = LinksFile::formatNamed(parser.value(QStringLiteral("format")));
    if (!format)
        return usageError(parser, io, format.error());
    QVector<LinksFile::Entry> entries;
    if (fromFile) {
        auto read = LinksFile::read(parser.value(QStringLiteral("file")), format.value());
        if (!read)
            return fail(io, read.error());
        entries = read.take();
    }
    auto project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    QVector<GroundLink> links;
    QString said;
    if (automatic) {
        AutoLinker::Options options;
        options.minConfidence = min;
        auto proposed = AutoLinker::propose(project->database(), options);
        if (!proposed)
            return fail(io, proposed.error());
        links = proposed.value().links;
        const auto accepted = std::count_if(links.begin(), links.end(), [](const GroundLink &l) { return l.state == GroundLink::State::Accepted; });
        said = QStringLiteral("Searched %1 groups without true documents; %2 of them got links: %3 links, %4 accepted (confidence >= %5), %6 waiting for review\n")
                   .arg(proposed.value().groupsSearched)
                   .arg(proposed.value().groupsLinked)
                   .arg(links.size())
                   .arg(accepted)
                   .arg(min, 0, 'f', 2)
                   .arg(links.size() - accepted);
    } else {
        auto resolved = LinksFile::resolve(project->database(), project->path(), entries);
        if (!resolved)
            return fail(io, resolved.error());
        links = resolved.value().links;
        said = QStringLiteral("%1 links from %2 entries\n").arg(links.size()).arg(resolved.value().entries);
        for (const QString &u : resolved.value().unmatched)
            io.err << QStringLiteral("not linked: %1\n").arg(u);
    }
    if (!links.isEmpty()) {
        SetGroundLinksCommand command(project.get(), QStringLiteral("link"), links);
        command.redo();
        if (!command.error().isEmpty())
            return fail(io, command.error());
    }
    io.out << said;
    return ExitOk;
}

int CorpusCommand::listLinks(QCommandLineParser &parser, CliIo &io)
{
    if (parser.positionalArguments().size() != 2)
        return usageError(parser, io, QStringLiteral("links takes the project alone"));
    auto project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    GroundLinkStore store(project->database());
    auto links = store.links();
    auto coverage = store.coverage();
    if (!links || !coverage)
        return fail(io, !links ? links.error() : coverage.error());
    if (parser.isSet(QStringLiteral("json"))) {
        nlohmann::json list = nlohmann::json::array();
        for (const GroundLink &l : links.value())
            list.push_back({{"group", l.groupId ? nlohmann::json(l.groupId) : nlohmann::json()},
                            {"sql_template_id", l.sqlTemplateId},
                            {"values", nlohmann::json::parse(l.values.toStdString(), nullptr, false)},
                            {"answer", l.answer.toStdString()},
                            {"doc_id", l.docId.toStdString()},
                            {"source", GroundLink::sourceText(l.source).toStdString()},
                            {"confidence", l.confidence},
                            {"state", GroundLink::stateText(l.state).toStdString()},
                            {"evidence", l.evidence.toStdString()}});
        const auto &c = coverage.value();
        const nlohmann::json out{{"groups_with_answer", c.groups}, {"groups_with_true_documents", c.grounded}, {"accepted", c.accepted},
                                 {"proposed", c.proposed}, {"rejected", c.rejected}, {"links", list}};
        io.out << QString::fromStdString(out.dump(2)) << "\n";
        return ExitOk;
    }
    const auto &c = coverage.value();
    // The summary to stderr; stdout holds the table alone (tab-separated, with a header).
    io.err << QStringLiteral("%1 of %2 groups with an answer have true documents; links: %3 accepted, %4 proposed, %5 rejected\n")
                  .arg(c.grounded)
                  .arg(c.groups)
                  .arg(c.accepted)
                  .arg(c.proposed)
                  .arg(c.rejected);
    io.out << "group\tdoc_id\tstate\tconfidence\tsource\tanswer\n";
    for (const GroundLink &l : links.value())
        io.out << QStringLiteral("%1\t%2\t%3\t%4\t%5\t%6\n")
                      .arg(l.groupId ? QStringLiteral("g%1").arg(l.groupId) : QStringLiteral("-"), l.docId, GroundLink::stateText(l.state))
                      .arg(l.confidence, 0, 'f', 2)
                      .arg(GroundLink::sourceText(l.source), l.answer);
    return ExitOk;
}

} // namespace assay
