#include "corpuscommand.h"

#include "commands/setdocumentkeyscommand.h"
#include "commands/setgroundlinkscommand.h"
#include "commands/setvaluealiasescommand.h"
#include "grounding/absentanswers.h"
#include "grounding/aliasstore.h"
#include "grounding/documentkeystore.h"
#include "grounding/keytruth.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeconnection.h"
#include "schema/knowledgevalue.h"
#include "generation/semanticgroup.h"
#include "grounding/autolinker.h"
#include "grounding/groundlinkstore.h"
#include "grounding/linksfile.h"
#include "grounding/linktiers.h"
#include "io/filewriter.h"
#include "project/project.h"
#include "retrieval/corpusimporter.h"

#include <nlohmann/json.hpp>

namespace assay {

int CorpusCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "corpus import FILE.assay PATH... [--format dir|jsonl|grammar|auto] [--chunk SPEC] documents into the corpus\n"
        "corpus link FILE.assay --auto [--min-confidence C]                           propose ground-truth links\n"
        "corpus link FILE.assay --file LINKS [--format csv|json]                      read them from a links file\n"
        "corpus links FILE.assay [--json]                                             list the links\n"
        "corpus aliases FILE.assay [--json] [--accept-proposals]                      answers no document states, and value aliases\n"
        "corpus aliases FILE.assay --column T.C --value V --add|--remove ALIAS         say how the documents write a value\n"
        "corpus link FILE.assay --sample-tier T [--count N] [--seed S] --out F.csv     spot-check a tier: fill in F.csv's verdicts, then link --file F.csv\n"
        "corpus link FILE.assay --accept-tier T                                       accept every proposal of a tier, recording its spot-check estimate\n"
        "corpus key FILE.assay --table T --column C [--match id|name]                 a table's rows are documents\n"
        "corpus key FILE.assay --list | --remove T                                    list or remove document keys\n"
        "corpus truth FILE.assay [--json]                                             every group's true documents and their source"));
    parser.addPositionalArgument(QStringLiteral("action"), QStringLiteral("import, link, links, aliases, key or truth."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    parser.addPositionalArgument(QStringLiteral("PATH"), QStringLiteral("import: folders or files to import."), QStringLiteral("[PATH...]"));
    const QCommandLineOption format(QStringLiteral("format"),
                                    QStringLiteral("import: dir (.txt/.md files), jsonl, grammar ({id: text} or {id: [texts]}) or auto (either JSON format; "
                                                   "default: dir for folders, auto for .json files, jsonl otherwise); "
                                                   "link --file: csv or json (default: from the file's suffix)."),
                                    QStringLiteral("FORMAT"));
    const QCommandLineOption chunk(QStringLiteral("chunk"), QStringLiteral("import: whole, sentences:N or tokens:N[:OVERLAP] (whole)."), QStringLiteral("SPEC"), QStringLiteral("whole"));
    const QCommandLineOption automatic(QStringLiteral("auto"), QStringLiteral("link: propose links from the chunks that state a group's answer with its values."));
    const QCommandLineOption minConfidence(QStringLiteral("min-confidence"), QStringLiteral("link --auto: accept proposals at or above C; the rest wait for review (0.6)."),
                                           QStringLiteral("C"), QStringLiteral("0.6"));
    const QCommandLineOption file(QStringLiteral("file"), QStringLiteral("link: a links file (CSV or JSON: doc_id with group, or with table and key; facts.json)."), QStringLiteral("LINKS"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("links, aliases, truth: print JSON."));
    const QCommandLineOption add(QStringLiteral("add"), QStringLiteral("aliases: store ALIAS, how the documents write --value of --column."), QStringLiteral("ALIAS"));
    const QCommandLineOption remove(QStringLiteral("remove"), QStringLiteral("aliases: delete ALIAS of --value of --column; key: the key of table T."),
                                    QStringLiteral("ALIAS|T"));
    const QCommandLineOption column(QStringLiteral("column"), QStringLiteral("aliases: the knowledge column, as TABLE.COLUMN; key: the key column."), QStringLiteral("T.C|C"));
    const QCommandLineOption value(QStringLiteral("value"), QStringLiteral("aliases --add/--remove: the value as the database holds it."), QStringLiteral("V"));
    const QCommandLineOption acceptProposals(QStringLiteral("accept-proposals"), QStringLiteral("aliases: store the first proposed alias of every absent answer."));
    const QCommandLineOption table(QStringLiteral("table"), QStringLiteral("key: the knowledge table whose rows are documents."), QStringLiteral("T"));
    const QCommandLineOption match(QStringLiteral("match"), QStringLiteral("key: id (a document's id is the row's value in the column) or name (its title or first line names the value) (id)."),
                                   QStringLiteral("MATCH"), QStringLiteral("id"));
    const QCommandLineOption list(QStringLiteral("list"), QStringLiteral("key: list the document keys."));
    const QCommandLineOption claim(QStringLiteral("claim"),
                                   QStringLiteral("key: the keyed table that claims a document named by rows of several (repeatable; TABLE empty: the default, the one named first in its title)."),
                                   QStringLiteral("DOC=TABLE"));
    const QCommandLineOption sampleTier(QStringLiteral("sample-tier"), QStringLiteral("link: draw a spot check of the proposals of tier T (its confidence, e.g. 0.40)."), QStringLiteral("T"));
    const QCommandLineOption count(QStringLiteral("count"), QStringLiteral("link --sample-tier: how many links to draw (20)."), QStringLiteral("N"), QStringLiteral("20"));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("link --sample-tier: the random draw's seed (1)."), QStringLiteral("S"), QStringLiteral("1"));
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("link --sample-tier: the spot-check file to write (CSV)."), QStringLiteral("F.csv"));
    const QCommandLineOption acceptTier(QStringLiteral("accept-tier"), QStringLiteral("link: accept every unchecked proposal of tier T."), QStringLiteral("T"));
    parser.addOptions({format, chunk, automatic, minConfidence, file, json, add, remove, column, value, acceptProposals, table, match, list, claim, sampleTier, count, seed, out, acceptTier});
    if (!parse(parser, args, io, 2, 1000))
        return stopped(parser);
    const QString action = parser.positionalArguments().at(0);
    if (action == QLatin1String("link"))
        return link(parser, io);
    if (action == QLatin1String("links"))
        return listLinks(parser, io);
    if (action == QLatin1String("aliases"))
        return aliases(parser, io);
    if (action == QLatin1String("key"))
        return key(parser, io);
    if (action == QLatin1String("truth"))
        return truth(parser, io);
    if (action != QLatin1String("import"))
        return usageError(parser, io, QStringLiteral("unknown action '%1' (expected: import, link, links, aliases, key or truth)").arg(action));
    if (parser.positionalArguments().size() < 3)
        return usageError(parser, io, QStringLiteral("import: name at least one folder or file to import"));
    Chunker::Options chunking;
    QString error;
    if (!Chunker::parse(parser.value(chunk), chunking, &error))
        return usageError(parser, io, error);
    QVector<CorpusImporter::Document> documents;
    for (const QString &path : parser.positionalArguments().mid(2)) {
        auto f = parser.isSet(format) ? CorpusImporter::formatOf(parser.value(format)) : Result<CorpusImporter::Format>(CorpusImporter::defaultFor(path));
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
    const bool sample = parser.isSet(QStringLiteral("sample-tier")), accept = parser.isSet(QStringLiteral("accept-tier"));
    if (int(automatic) + int(fromFile) + int(sample) + int(accept) != 1)
        return usageError(parser, io, QStringLiteral("link: give one of --auto, --file LINKS, --sample-tier T or --accept-tier T"));
    if (sample || accept)
        return tier(parser, io);
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
        auto proposed = AutoLinker::propose(*project, options);
        if (!proposed)
            return fail(io, proposed.error());
        links = proposed.value().links;
        const auto accepted = std::count_if(links.begin(), links.end(), [](const GroundLink &l) { return l.state == GroundLink::State::Accepted; });
        said = QStringLiteral("Searched %1 groups without true documents whose answer has three characters or more; %2 of them got links: %3 links, %4 accepted "
                              "(confidence >= %5), %6 waiting for review\n")
                   .arg(proposed.value().groupsSearched)
                   .arg(proposed.value().groupsLinked)
                   .arg(links.size())
                   .arg(accepted)
                   .arg(min, 0, 'f', 2)
                   .arg(links.size() - accepted);
        if (!proposed.value().joinPathsSkipped.isEmpty())
            io.err << QStringLiteral("warning: the join paths were not searched: %1\n").arg(proposed.value().joinPathsSkipped);
    } else {
        auto resolved = LinksFile::resolve(project->database(), project->path(), entries);
        if (!resolved)
            return fail(io, resolved.error());
        links = resolved.value().links;
        said = QStringLiteral("%1 links from %2 entries\n").arg(links.size()).arg(resolved.value().entries);
        if (resolved.value().skipped > 0)
            said += QStringLiteral("%1 spot-check lines left unchecked (no verdict, or skip)\n").arg(resolved.value().skipped);
        for (const QString &u : resolved.value().unmatched)
            io.err << QStringLiteral("not linked: %1\n").arg(u);
    }
    if (!links.isEmpty()) {
        SetGroundLinksCommand command(project.get(), QStringLiteral("link"), links);
        command.redo();
        if (!command.error().isEmpty())
            return fail(io, command.error());
        // Verdicts read: each tier they touched, with its estimate now.
        QStringList touched;
        for (const GroundLink &l : std::as_const(links))
            if (l.check != GroundLink::Check::None && !touched.contains(LinkTiers::tierOf(l.confidence)))
                touched << LinkTiers::tierOf(l.confidence);
        if (!touched.isEmpty()) {
            auto stored = GroundLinkStore(project->database()).links();
            if (!stored)
                return fail(io, stored.error());
            for (const QString &t : std::as_const(touched))
                if (const auto tier = LinkTiers::find(stored.value(), t))
                    said += QStringLiteral("tier %1: %2; %3 waiting\n").arg(t, LinkTiers::estimateText(*tier)).arg(tier->waiting);
        }
    }
    io.out << said;
    return ExitOk;
}

// corpus link --sample-tier / --accept-tier: the Ground Truth tab's spot check of a tier.
int CorpusCommand::tier(QCommandLineParser &parser, CliIo &io)
{
    const bool sample = parser.isSet(QStringLiteral("sample-tier"));
    const QString name = LinkTiers::tierOf(parser.value(sample ? QStringLiteral("sample-tier") : QStringLiteral("accept-tier")).toDouble());
    bool countOk = false, seedOk = false;
    const int count = parser.value(QStringLiteral("count")).toInt(&countOk);
    const quint32 seed = parser.value(QStringLiteral("seed")).toUInt(&seedOk);
    if (sample && (!countOk || count < 1 || !seedOk || !parser.isSet(QStringLiteral("out"))))
        return usageError(parser, io, QStringLiteral("link --sample-tier: give --out F.csv, a --count of 1 or more and a whole-number --seed"));
    if (parser.positionalArguments().size() != 2)
        return usageError(parser, io, QStringLiteral("link takes the project alone"));
    auto project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    auto links = GroundLinkStore(project->database()).links();
    if (!links)
        return fail(io, links.error());
    const auto found = LinkTiers::find(links.value(), name);
    if (!found)
        return fail(io, QStringLiteral("no automatic link has confidence %1 (tiers: %2)").arg(name, [&] {
            QStringList names;
            for (const auto &t : LinkTiers::of(links.value()))
                names << t.name;
            return names.isEmpty() ? QStringLiteral("none; run corpus link --auto first") : names.join(QStringLiteral(", "));
        }()));
    if (sample) {
        const auto drawn = LinkTiers::sample(links.value(), name, count, seed);
        if (auto w = FileWriter::write(parser.value(QStringLiteral("out")), LinkTiers::sampleCsv(drawn)); !w)
            return fail(io, w.error());
        io.out << QStringLiteral("Drew %1 of the %2 unchecked proposals of tier %3 into %4: fill in each verdict (right, wrong or skip), then run corpus link %5 --file %4\n")
                      .arg(drawn.size()).arg(found->waiting).arg(name, parser.value(QStringLiteral("out")), parser.positionalArguments().at(1));
        return ExitOk;
    }
    if (found->checked() == 0)
        return fail(io, QStringLiteral("tier %1 has no spot check yet: draw one with --sample-tier %1 --out F.csv, fill in the verdicts, "
                                       "read them with --file F.csv, then accept the tier").arg(name));
    const auto accepted = LinkTiers::acceptTier(links.value(), name);
    if (!accepted.isEmpty()) {
        SetGroundLinksCommand command(project.get(), QStringLiteral("accept tier"), accepted);
        command.redo();
        if (!command.error().isEmpty())
            return fail(io, command.error());
    }
    io.out << QStringLiteral("Accepted %1 links of tier %2 (%3)\n").arg(accepted.size()).arg(name, LinkTiers::estimateText(*found));
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
                            {"evidence", l.evidence.toStdString()},
                            {"checked", GroundLink::checkText(l.check).toStdString()},
                            {"estimate", l.estimate.toStdString()}});
        const auto &c = coverage.value();
        const nlohmann::json out{{"groups_with_answer", c.groups}, {"groups_with_true_documents", c.grounded}, {"accepted", c.accepted},
                                 {"proposed", c.proposed}, {"rejected", c.rejected},   {"tiers", LinkTiers::toJson(LinkTiers::of(links.value()))},
                                 {"links", list}};
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
    for (const LinkTiers::Tier &t : LinkTiers::of(links.value()))
        io.err << QStringLiteral("tier %1 (%6): %2 waiting, %3 accepted, %4 rejected; %5\n").arg(t.name).arg(t.waiting).arg(t.accepted + t.right).arg(t.rejected + t.wrong).arg(LinkTiers::estimateText(t), LinkTiers::evidenceOf(t.confidence));
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
        if (!parser.isSet(QStringLiteral("column")))
            return usageError(parser, io, QStringLiteral("aliases: give --column TABLE.COLUMN, the column whose value the alias is"));
        if (dot <= 0 || dot + 1 >= col.size())
            return usageError(parser, io, QStringLiteral("aliases: --column takes TABLE.COLUMN, not '%1'").arg(col));
        const QString given = parser.value(adding ? QStringLiteral("add") : QStringLiteral("remove")).trimmed();
        if (!parser.isSet(QStringLiteral("value")) || given.isEmpty())
            return usageError(parser, io, QStringLiteral("aliases: give --value V and the alias after --%1").arg(adding ? QStringLiteral("add") : QStringLiteral("remove")));
        // The column and the value must exist: an alias of nothing would never be used.
        const KnowledgeTable *table = project->service<KnowledgeBase>()->tableNamed(col.left(dot));
        if (!table)
            return fail(io, QStringLiteral("aliases: the knowledge base has no table '%1'").arg(col.left(dot)));
        const KnowledgeColumn *column = table->columnNamed(col.mid(dot + 1));
        if (!column)
            return fail(io, QStringLiteral("aliases: table %1 has no column '%2'").arg(table->name, col.mid(dot + 1)));
        const QString name = table->name + QLatin1Char('.') + column->name;
        ValueAlias a{table->name, column->name, parser.value(QStringLiteral("value")).trimmed(), given, ValueAlias::Source::User, QString()};
        auto there = AliasStore(project->database()).existing({a});
        if (!there)
            return fail(io, there.error());
        if (removing && there.value().isEmpty())
            return fail(io, QStringLiteral("%1 \"%2\" has no alias \"%3\" (corpus aliases FILE lists them)").arg(name, a.value, a.alias));
        if (adding && !there.value().isEmpty()) {
            io.out << QStringLiteral("%1 \"%2\" → \"%3\" is already stored\n").arg(name, a.value, a.alias);
            return ExitOk;
        }
        if (adding) {
            auto connection = KnowledgeConnection::open(*project->service<KnowledgeBase>());
            if (!connection)
                return fail(io, connection.error());
            auto found = connection.value().query(QStringLiteral("SELECT %1 FROM %2 WHERE CAST(%1 AS TEXT) = ?1 OR %1 = ?1 LIMIT 1")
                                                      .arg(Database::quoteIdentifier(column->name), Database::quoteIdentifier(table->name)),
                                                  {a.value});
            if (!found)
                return fail(io, found.error());
            if (found.value().rows.isEmpty())
                return fail(io, QStringLiteral("aliases: %1 holds no value \"%2\"").arg(name, a.value));
            a.value = KnowledgeValue::displayText(found.value().rows.front().value(0)); // as the answers write it
        }
        if (const QString e = adding ? store({a}, {}) : store({}, {a}); !e.isEmpty())
            return fail(io, e);
        io.out << QStringLiteral("%1 %2 \"%3\" → \"%4\"%5\n")
                      .arg(adding ? QStringLiteral("Added") : QStringLiteral("Removed"), name, a.value, a.alias)
                      .arg(adding ? QStringLiteral("; score the runs again for the judges to use it") : QString());
        return ExitOk;
    }
    if (parser.isSet(QStringLiteral("column")) || parser.isSet(QStringLiteral("value")))
        return usageError(parser, io, QStringLiteral("aliases: --column and --value go with --add ALIAS or --remove ALIAS"));
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
                              {"proposals", proposals}, {"stated_elsewhere", v.elsewhere}, {"group_ids", v.groupIds}});
        }
        for (const ValueAlias &a : stored.value())
            list.push_back({{"table", a.table.toStdString()}, {"column", a.column.toStdString()}, {"value", a.value.toStdString()}, {"alias", a.alias.toStdString()},
                            {"source", ValueAlias::sourceText(a.source).toStdString()}, {"reason", a.reason.toStdString()}});
        const nlohmann::json out{{"chunks", r.chunks}, {"groups_checked", r.groupsChecked}, {"groups_absent", r.groupsAbsent},
                                 {"groups_unstated", r.groupsUnstated}, {"groups_computed", r.groupsComputed},
                                 {"values_checked", r.valuesChecked}, {"absent", absent}, {"aliases", list}};
        io.out << QString::fromStdString(out.dump(2)) << "\n";
        return ExitOk;
    }
    if (r.chunks == 0) {
        io.err << "The corpus is empty: import documents first (corpus import)\n";
        return ExitOk;
    }
    io.err << QStringLiteral("%1 of %2 groups whose answer is a column's value have an answer no chunk states (%3 values)%4\n")
                  .arg(r.groupsAbsent)
                  .arg(r.groupsChecked)
                  .arg(r.absentValues())
                  .arg(r.groupsComputed > 0 ? QStringLiteral("; %1 answers the SQL computes (counts, sums) are not checked").arg(r.groupsComputed) : QString());
    if (r.groupsUnstated > 0)
        io.err << QStringLiteral("%1 more groups have true documents none of which states their answer (stated elsewhere in the corpus: listed as such)\n").arg(r.groupsUnstated);
    io.out << "column\tvalue\tgroups\tproposed aliases\n";
    for (const AbsentAnswers::Value &v : r.values) {
        QStringList proposals;
        for (const AliasProposer::Proposal &p : v.proposals)
            proposals << QStringLiteral("%1 (%2, %3 chunk%4)").arg(p.alias, p.reason).arg(p.chunks).arg(p.chunks == 1 ? QString() : QStringLiteral("s"));
        io.out << QStringLiteral("%1.%2\t%3\t%4\t%5\n").arg(v.table, v.column, v.value).arg(v.groups)
                          .arg(v.elsewhere ? QStringLiteral("(stated elsewhere in the corpus, not in these groups' true documents)") : proposals.join(QStringLiteral("; ")));
    }
    if (!stored.value().isEmpty()) {
        io.out << "\nalias of\tvalue\talias\tsource\n";
        for (const ValueAlias &a : stored.value())
            io.out << QStringLiteral("%1.%2\t%3\t%4\t%5\n").arg(a.table, a.column, a.value, a.alias, ValueAlias::sourceText(a.source));
    }
    return ExitOk;
}

// corpus key: the Schema page's "Rows are documents" through the same command; the truth
// the keys give is computed first.
int CorpusCommand::key(QCommandLineParser &parser, CliIo &io)
{
    if (parser.positionalArguments().size() != 2)
        return usageError(parser, io, QStringLiteral("key takes the project alone"));
    const bool listing = parser.isSet(QStringLiteral("list")), removing = parser.isSet(QStringLiteral("remove"));
    const bool claiming = parser.isSet(QStringLiteral("claim"));
    if (int(listing) + int(removing) + int(parser.isSet(QStringLiteral("table"))) != 1 && !(claiming && !listing && !removing && !parser.isSet(QStringLiteral("table"))))
        return usageError(parser, io, QStringLiteral("key: give one of --table T --column C, --list, --remove T or --claim DOC=TABLE"));
    auto project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    auto stored = DocumentKeyStore(project->database()).keys();
    if (!stored)
        return fail(io, stored.error());
    if (listing) {
        for (const DocumentKey &k : stored.value())
            io.out << QStringLiteral("%1.%2\t%3\n").arg(k.table, k.column, DocumentKey::matchText(k.match));
        if (stored.value().isEmpty())
            io.err << "No document keys: corpus key FILE --table T --column C [--match id|name] declares one\n";
        return ExitOk;
    }
    QVector<DocumentKey> keys = stored.value();
    QString said = QStringLiteral("Claims stored");
    // The user's choices of which keyed table claims a document (docs/METHODS.md §1.6.3).
    QHash<QString, QString> claims = KeyTruth::claimsFrom(project->property(QString::fromLatin1(KeyTruth::ClaimsProperty)));
    for (const QString &c : parser.values(QStringLiteral("claim"))) {
        const qsizetype eq = c.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return usageError(parser, io, QStringLiteral("key: --claim takes DOC=TABLE, not '%1'").arg(c));
        const QString doc = c.left(eq).trimmed(), tableName = c.mid(eq + 1).trimmed();
        if (tableName.isEmpty()) {
            claims.remove(doc);
            continue;
        }
        if (std::none_of(keys.begin(), keys.end(), [&](const DocumentKey &k) { return k.table.compare(tableName, Qt::CaseInsensitive) == 0; })
            && parser.value(QStringLiteral("table")).compare(tableName, Qt::CaseInsensitive) != 0)
            return fail(io, QStringLiteral("key: --claim %1: table %2 has no document key (corpus key FILE --list lists them)").arg(c, tableName));
        claims.insert(doc, tableName);
    }
    if (removing) {
        const QString table = parser.value(QStringLiteral("remove"));
        const auto before = keys.size();
        keys.erase(std::remove_if(keys.begin(), keys.end(), [&](const DocumentKey &k) { return k.table.compare(table, Qt::CaseInsensitive) == 0; }), keys.end());
        if (keys.size() == before)
            return fail(io, QStringLiteral("table %1 has no document key (corpus key FILE --list lists them)").arg(table));
        said = QStringLiteral("Removed the document key of %1").arg(table);
    } else if (parser.isSet(QStringLiteral("table"))) {
        const QString tableName = parser.value(QStringLiteral("table")), columnName = parser.value(QStringLiteral("column"));
        const QString matchName = parser.value(QStringLiteral("match"));
        if (columnName.isEmpty())
            return usageError(parser, io, QStringLiteral("key: give --column C, the column whose values name the documents"));
        if (matchName != QLatin1String("id") && matchName != QLatin1String("name"))
            return usageError(parser, io, QStringLiteral("key: --match takes id or name, not '%1'").arg(matchName));
        const KnowledgeTable *table = project->service<KnowledgeBase>()->tableNamed(tableName);
        if (!table)
            return fail(io, QStringLiteral("key: the knowledge base has no table '%1'").arg(tableName));
        const KnowledgeColumn *column = table->columnNamed(columnName);
        if (!column)
            return fail(io, QStringLiteral("key: table %1 has no column '%2'").arg(table->name, columnName));
        keys.erase(std::remove_if(keys.begin(), keys.end(), [&](const DocumentKey &k) { return k.table.compare(table->name, Qt::CaseInsensitive) == 0; }), keys.end());
        keys.append({table->name, column->name, DocumentKey::matchFrom(matchName)});
        said = QStringLiteral("Rows of %1 are documents by %2 (%1.%3)").arg(table->name, matchName, column->name);
    }
    auto outcome = KeyTruth::compute(*project, keys, nullptr, &claims);
    if (!outcome)
        return fail(io, outcome.error());
    SetDocumentKeysCommand command(project.get(), QStringLiteral("key"), keys, outcome.value().rows,
                                   claiming ? std::optional<QString>(KeyTruth::claimsToJson(claims)) : std::nullopt);
    command.redo();
    if (!command.error().isEmpty())
        return fail(io, command.error());
    const KeyTruth::Outcome &o = outcome.value();
    io.out << QStringLiteral("%1: %2 of %3 groups with an answer have documents from keys\n").arg(said).arg(o.grounded).arg(o.groups);
    if (o.proposals > 0)
        io.out << QStringLiteral("%1 key document(s) of rows on a join path do not state their group's answer: proposed for a spot check (tier %2, Corpus → Ground Truth), not truth; "
                                 "%3 group(s) have only such proposals\n")
                      .arg(o.proposals)
                      .arg(LinkTiers::tierOf(KeyProposalConfidence))
                      .arg(o.proposedGroups);
    for (auto it = o.rowsWithoutDocument.cbegin(); it != o.rowsWithoutDocument.cend(); ++it)
        io.err << QStringLiteral("%1: %2 rows name no document\n").arg(it.key()).arg(it.value());
    // What the keys claim beyond one document per row, before anyone relies on it.
    for (const QString &line : o.conflictLines(20))
        io.out << QStringLiteral("  %1\n").arg(line);
    return ExitOk;
}

// corpus truth: every group with an answer, its true documents and where each came from.
int CorpusCommand::truth(QCommandLineParser &parser, CliIo &io)
{
    if (parser.positionalArguments().size() != 2)
        return usageError(parser, io, QStringLiteral("truth takes the project alone"));
    auto project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    GroundLinkStore store(project->database());
    auto groups = store.groups();
    auto sources = store.sources();
    if (!groups || !sources)
        return fail(io, !groups ? groups.error() : sources.error());
    const QStringList names{QStringLiteral("key"), QStringLiteral("file"), QStringLiteral("auto"), QStringLiteral("sql")};
    QHash<QString, qint64> bySource;
    qint64 withAnswer = 0, grounded = 0;
    nlohmann::json list = nlohmann::json::array();
    QStringList lines;
    for (const GroundLinkStore::Group &g : groups.value()) {
        if (g.answer.trimmed().isEmpty())
            continue;
        ++withAnswer;
        grounded += !g.trueDocs.isEmpty();
        QStringList docs = g.trueDocs, from;
        docs.sort();
        for (const auto &[doc, source] : sources.value().value(g.id))
            if (!from.contains(source))
                from << source;
        for (const QString &f : from)
            ++bySource[f];
        const QStringList values = SemanticGroup{SemanticGroup::valuesFromJson(g.values), {}, 0, {}}.valueTexts();
        nlohmann::json ids = nlohmann::json::array(), vals = nlohmann::json::array();
        for (const QString &d : docs)
            ids.push_back(d.toStdString());
        for (const QString &v : values)
            vals.push_back(v.toStdString());
        list.push_back({{"group", QStringLiteral("g%1").arg(g.id).toStdString()}, {"answer", g.answer.toStdString()}, {"values", vals},
                        {"doc_ids", ids}, {"source", from.join(QLatin1Char('+')).toStdString()}});
        lines << QStringLiteral("g%1\t%2\t%3\t%4\t%5").arg(g.id).arg(g.answer, values.join(QStringLiteral(", ")), docs.join(QLatin1Char(',')), from.join(QLatin1Char('+')));
    }
    nlohmann::json by = nlohmann::json::object();
    for (const QString &n : names)
        by[n.toStdString()] = bySource.value(n);
    const nlohmann::json coverage{{"groups", withAnswer}, {"grounded", grounded}, {"by_source", by}};
    // The answers no document states (docs/METHODS.md §1.6.2): their groups' items are judged
    // wrong whatever a run retrieves.
    auto absent = AbsentAnswers::find(project->database(), false);
    if (!absent)
        return fail(io, absent.error());
    if (parser.isSet(QStringLiteral("json"))) {
        nlohmann::json values = nlohmann::json::array();
        for (const AbsentAnswers::Value &v : absent.value().values)
            values.push_back({{"table", v.table.toStdString()}, {"column", v.column.toStdString()}, {"value", v.value.toStdString()}, {"groups", v.groups}});
        io.out << QString::fromStdString(nlohmann::json{{"groups", list}, {"coverage", coverage}, {"absent_answers", values}}.dump(2)) << "\n";
        return ExitOk;
    }
    if (!absent.value().values.isEmpty())
        io.err << QStringLiteral("%1 groups have an answer no document states (%2 values; corpus aliases lists them with proposed aliases)\n")
                      .arg(absent.value().groupsAbsent)
                      .arg(absent.value().values.size());
    io.err << QStringLiteral("%1 of %2 groups with an answer have true documents; by source: keys %3, links file %4, automatic links %5, projected by SQL %6\n")
                  .arg(grounded).arg(withAnswer).arg(bySource.value(names[0])).arg(bySource.value(names[1])).arg(bySource.value(names[2])).arg(bySource.value(names[3]));
    io.out << "group\tanswer\tvalues\tdoc_ids\tsource\n";
    for (const QString &l : lines)
        io.out << l << "\n";
    return ExitOk;
}

} // namespace assay
