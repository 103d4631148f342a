#include "corpuscommand.h"

#include "commands/setgroundlinkscommand.h"
#include "commands/setvaluealiasescommand.h"
#include "grounding/absentanswers.h"
#include "grounding/aliasstore.h"
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
        "corpus links FILE.assay [--json]                                             list the links\n"
        "corpus aliases FILE.assay [--json] [--accept-proposals]                      answers no document states, and value aliases\n"
        "corpus aliases FILE.assay --add|--remove --column T.C --value V --alias A    say how the documents write a value"));
    parser.addPositionalArgument(QStringLiteral("action"), QStringLiteral("import, link, links or aliases."));
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
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("links, aliases: print JSON."));
    const QCommandLineOption add(QStringLiteral("add"), QStringLiteral("aliases: store the alias given by --column, --value and --alias."));
    const QCommandLineOption remove(QStringLiteral("remove"), QStringLiteral("aliases: delete the alias given by --column, --value and --alias."));
    const QCommandLineOption column(QStringLiteral("column"), QStringLiteral("aliases --add/--remove: the knowledge column, as TABLE.COLUMN."), QStringLiteral("T.C"));
    const QCommandLineOption value(QStringLiteral("value"), QStringLiteral("aliases --add/--remove: the value as the database holds it."), QStringLiteral("V"));
    const QCommandLineOption alias(QStringLiteral("alias"), QStringLiteral("aliases --add/--remove: the value as the documents write it."), QStringLiteral("A"));
    const QCommandLineOption acceptProposals(QStringLiteral("accept-proposals"), QStringLiteral("aliases: store the first proposed alias of every absent answer."));
    parser.addOptions({format, chunk, automatic, minConfidence, file, json, add, remove, column, value, alias, acceptProposals});
    if (!parse(parser, args, io, 2, 1000))
        return stopped(parser);
    const QString action = parser.positionalArguments().at(0);
    if (action == QLatin1String("link"))
        return link(parser, io);
    if (action == QLatin1String("links"))
        return listLinks(parser, io);
    if (action == QLatin1String("aliases"))
        return aliases(parser, io);
    if (action != QLatin1String("import"))
        return usageError(parser, io, QStringLiteral("unknown action '%1' (expected: import, link, links or aliases)").arg(action));
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

// corpus aliases: the absent-answer diagnostic of the Ground Truth tab, and the aliases its
// Absent Answers dialog stores, through the same command.
int CorpusCommand::aliases(QCommandLineParser &parser, CliIo &io)
{
    if (parser.positionalArguments().size() != 2)
        return usageError(parser, io, QStringLiteral("aliases takes the project alone"));
    const bool adding = parser.isSet(QStringLiteral("add")), removing = parser.isSet(QStringLiteral("remove"));
    if (adding && removing)
        return usageError(parser, io, QStringLiteral("aliases: give --add or --remove, not both"));
    auto project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    const auto store = [&](const QVector<ValueAlias> &put, const QVector<ValueAlias> &drop) {
        SetValueAliasesCommand command(project.get(), QStringLiteral("aliases"), put, drop);
        command.redo();
        return command.error();
    };
    if (adding || removing) {
        const QString col = parser.value(QStringLiteral("column"));
        const qsizetype dot = col.indexOf(QLatin1Char('.'));
        if (dot <= 0 || dot + 1 >= col.size())
            return usageError(parser, io, QStringLiteral("aliases: --column takes TABLE.COLUMN, not '%1'").arg(col));
        if (!parser.isSet(QStringLiteral("value")) || parser.value(QStringLiteral("alias")).trimmed().isEmpty())
            return usageError(parser, io, QStringLiteral("aliases: give --value V and --alias A"));
        const ValueAlias a{col.left(dot), col.mid(dot + 1), parser.value(QStringLiteral("value")).trimmed(), parser.value(QStringLiteral("alias")).trimmed(),
                           ValueAlias::Source::User, QString()};
        if (removing) {
            auto there = AliasStore(project->database()).existing({a});
            if (!there)
                return fail(io, there.error());
            if (there.value().isEmpty())
                return fail(io, QStringLiteral("%1 \"%2\" has no alias \"%3\"").arg(col, a.value, a.alias));
        }
        if (const QString e = adding ? store({a}, {}) : store({}, {a}); !e.isEmpty())
            return fail(io, e);
        io.out << QStringLiteral("%1 %2 \"%3\" → \"%4\"\n").arg(adding ? QStringLiteral("Added") : QStringLiteral("Removed"), col, a.value, a.alias);
        return ExitOk;
    }
    auto report = AbsentAnswers::find(project->database(), true);
    if (!report)
        return fail(io, report.error());
    if (parser.isSet(QStringLiteral("accept-proposals"))) {
        QVector<ValueAlias> put;
        for (const AbsentAnswers::Value &v : report.value().values)
            if (!v.proposals.isEmpty())
                put.append({v.table, v.column, v.value, v.proposals.front().alias, ValueAlias::Source::Proposal, v.proposals.front().reason});
        if (!put.isEmpty())
            if (const QString e = store(put, {}); !e.isEmpty())
                return fail(io, e);
        io.err << QStringLiteral("Stored %1 proposed aliases\n").arg(put.size());
        report = AbsentAnswers::find(project->database(), true); // what is still absent with them
        if (!report)
            return fail(io, report.error());
    }
    const AbsentAnswers::Report &r = report.value();
    auto stored = AliasStore(project->database()).aliases();
    if (!stored)
        return fail(io, stored.error());
    if (parser.isSet(QStringLiteral("json"))) {
        nlohmann::json absent = nlohmann::json::array(), list = nlohmann::json::array();
        for (const AbsentAnswers::Value &v : r.values) {
            nlohmann::json proposals = nlohmann::json::array();
            for (const AliasProposer::Proposal &p : v.proposals)
                proposals.push_back({{"alias", p.alias.toStdString()}, {"reason", p.reason.toStdString()}, {"chunks", p.chunks}});
            absent.push_back({{"table", v.table.toStdString()}, {"column", v.column.toStdString()}, {"value", v.value.toStdString()}, {"groups", v.groups},
                              {"proposals", proposals}});
        }
        for (const ValueAlias &a : stored.value())
            list.push_back({{"table", a.table.toStdString()}, {"column", a.column.toStdString()}, {"value", a.value.toStdString()}, {"alias", a.alias.toStdString()},
                            {"source", ValueAlias::sourceText(a.source).toStdString()}, {"reason", a.reason.toStdString()}});
        const nlohmann::json out{{"chunks", r.chunks}, {"groups_checked", r.groupsChecked}, {"groups_absent", r.groupsAbsent}, {"groups_computed", r.groupsComputed},
                                 {"values_checked", r.valuesChecked}, {"absent", absent}, {"aliases", list}};
        io.out << QString::fromStdString(out.dump(2)) << "\n";
        return ExitOk;
    }
    if (r.chunks == 0) {
        io.err << "The corpus is empty: import documents first (corpus import)\n";
        return ExitOk;
    }
    io.err << QStringLiteral("%1 of %2 groups whose answer is a column's value have an answer no chunk states (%3 values); %4 computed answers not checked\n")
                  .arg(r.groupsAbsent)
                  .arg(r.groupsChecked)
                  .arg(r.values.size())
                  .arg(r.groupsComputed);
    io.out << "column\tvalue\tgroups\tproposed aliases\n";
    for (const AbsentAnswers::Value &v : r.values) {
        QStringList proposals;
        for (const AliasProposer::Proposal &p : v.proposals)
            proposals << QStringLiteral("%1 (%2, %3 chunks)").arg(p.alias, p.reason).arg(p.chunks);
        io.out << QStringLiteral("%1.%2\t%3\t%4\t%5\n").arg(v.table, v.column, v.value).arg(v.groups).arg(proposals.join(QStringLiteral("; ")));
    }
    if (!stored.value().isEmpty()) {
        io.out << "\nalias of\tvalue\talias\tsource\n";
        for (const ValueAlias &a : stored.value())
            io.out << QStringLiteral("%1.%2\t%3\t%4\t%5\n").arg(a.table, a.column, a.value, a.alias, ValueAlias::sourceText(a.source));
    }
    return ExitOk;
}

} // namespace assay
