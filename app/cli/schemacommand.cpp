#include "schemacommand.h"

#include "project/project.h"
#include "report/projectsummary.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeimporter.h"
#include "schema/linkcheck.h"
#include "schema/serverpasswords.h"
#include "schema/serverschemareader.h"
#include "schema/schemaimporters.h"

#include <QElapsedTimer>

namespace assay {

namespace {

// "--a, --b or --c".
QString orList(const QStringList &flags)
{
    if (flags.size() < 2)
        return flags.join(QString());
    return flags.mid(0, flags.size() - 1).join(QStringLiteral(", ")) + QStringLiteral(" or ") + flags.constLast();
}

} // namespace

Result<ImportedSchema> SchemaCommand::readServer(ServerLocation::Dialect dialect, const QString &uri, const QString &schema,
                                                const QString &tables, const Project *project, bool replace, CliIo &io, QString *linkUri)
{
    auto location = ServerLocation::parse(uri, dialect);
    if (!location)
        return Result<ImportedSchema>::failure(location);
    if (!schema.isEmpty())
        location.value().schema = schema;
    location.value().takePasswordFromEnvironment();
    QStringList picked;
    for (const QString &t : tables.split(QLatin1Char(','), Qt::SkipEmptyParts))
        picked << t.trimmed();
    const auto withPasswordHint = [&](Result<ImportedSchema> r) {
        if (!r && r.error().contains(QLatin1String("check the user and password")))
            return Result<ImportedSchema>::failure(r.error() + QStringLiteral(": the command line takes it from ASSAY_DB_PASSWORD or %1, or the URI")
                                                                   .arg(dialect == ServerLocation::Dialect::Postgres ? QStringLiteral("PGPASSWORD") : QStringLiteral("MYSQL_PWD")));
        return r;
    };
    // The tables, columns and keys first: a name the project has already fails before the rows
    // stream in.
    auto structure = withPasswordHint(ServerSchemaReader::read(location.value(), picked, {}, false));
    if (!structure)
        return structure;
    if (linkUri) {
        // Linked: the structure only; the rows stay on the server. The URI is stored without
        // the password; this process keeps it for the check that follows.
        *linkUri = location.value().uri();
        ServerPasswords::remember(location.value());
        return structure;
    }
    if (project) {
        KnowledgeImporter::Options options;
        options.replace = replace;
        if (auto s = KnowledgeImporter::precheck(*project, structure.value(), options); !s)
            return Result<ImportedSchema>::failure(s.error());
    }
    QElapsedTimer clock;
    clock.start();
    qint64 shownAt = -1;
    return withPasswordHint(ServerSchemaReader::read(location.value(), picked, [&](qint64 done, qint64 total, const QString &table) {
        // A line a second at most: rows read, of all, and the table being read.
        if (shownAt < 0 || clock.elapsed() - shownAt >= 1000 || done == total) {
            io.err << QStringLiteral("[%1/%2 rows] %3\n").arg(done).arg(total).arg(table.isEmpty() ? QStringLiteral("catalog read") : table);
            io.err.flush();
            shownAt = clock.elapsed();
        }
        return true;
    }));
}

int SchemaCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("import"), QStringLiteral("The action (import)."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project to import into."));
    // One option per importer (SchemaImporters, which the GUI's menu lists too).
    QVector<QCommandLineOption> sources;
    QStringList sourceFlags, linkFlags;
    for (const SchemaImporters::Importer &from : SchemaImporters::all()) {
        sources << QCommandLineOption(from.id, from.cliHelp, from.cliValue);
        sourceFlags << QStringLiteral("--") + from.id;
        if (from.linkable)
            linkFlags << QStringLiteral("--") + from.id;
    }
    const QCommandLineOption dialect(QStringLiteral("dialect"), QStringLiteral("With --sql: the script's dialect, auto (by its marks, the default), sqlite, mysql or postgres."),
                                     QStringLiteral("D"), QStringLiteral("auto"));
    const QCommandLineOption schemaName(QStringLiteral("schema"), QStringLiteral("With --postgres: the schema to read (default public)."), QStringLiteral("NAME"));
    const QCommandLineOption tables(QStringLiteral("tables"), QStringLiteral("With --postgres or --mysql: the tables to import, comma-separated (default all)."),
                                    QStringLiteral("T1,T2"));
    const QCommandLineOption link(QStringLiteral("link"), QStringLiteral("With %1: link the database read-only instead of copying its rows "
                                                                         "(a server's SQL templates then run on the server).")
                                                              .arg(orList(linkFlags)));
    const QCommandLineOption replace(QStringLiteral("replace"), QStringLiteral("Replace the project's current knowledge tables."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the resulting schema as JSON."));
    for (const QCommandLineOption &o : std::as_const(sources))
        parser.addOption(o);
    parser.addOptions({schemaName, tables, dialect, link, replace, json});
    if (!parse(parser, args, io, 2, 2))
        return stopped(parser);
    if (parser.positionalArguments().constFirst() != QLatin1String("import"))
        return usageError(parser, io, QStringLiteral("unknown action '%1' (expected: import)").arg(parser.positionalArguments().constFirst()));
    const SchemaImporters::Importer *from = nullptr;
    int given = 0;
    for (const SchemaImporters::Importer &i : SchemaImporters::all())
        if (parser.isSet(i.id)) {
            from = &i;
            ++given;
        }
    if (given != 1)
        return usageError(parser, io, QStringLiteral("give exactly one of %1").arg(sourceFlags.join(QStringLiteral(", "))));
    const bool server = from->pick == SchemaImporters::Pick::Server;
    const bool postgres = server && from->dialect == ServerLocation::Dialect::Postgres;
    if (parser.isSet(link) && !from->linkable)
        return usageError(parser, io, QStringLiteral("--link goes with %1").arg(orList(linkFlags)));
    if (parser.isSet(schemaName) && !postgres)
        return usageError(parser, io, QStringLiteral("--schema goes with --postgres"));
    if (parser.isSet(tables) && !server)
        return usageError(parser, io, QStringLiteral("--tables goes with --postgres or --mysql"));
    if (parser.isSet(dialect) && from->id != QLatin1String("sql"))
        return usageError(parser, io, QStringLiteral("--dialect goes with --sql"));
    auto scriptDialect = SqlDialectTranslator::parse(parser.value(dialect));
    if (!scriptDialect)
        return usageError(parser, io, scriptDialect.error());

    // A server's rows are read after the project is open and its structure checked against it.
    std::unique_ptr<Project> project;
    if (server) {
        project = openProject(parser.positionalArguments().at(1), io);
        if (!project)
            return ExitFailure;
    }
    QString linkUri;
    const QString where = parser.value(from->id);
    Result<ImportedSchema> schema = server ? readServer(from->dialect, where, parser.value(schemaName), parser.value(tables), project.get(),
                                                        parser.isSet(replace), io, parser.isSet(link) ? &linkUri : nullptr)
                                           : from->read(where, !parser.isSet(link), scriptDialect.value());
    if (!schema)
        return fail(io, schema.error());
    for (const QString &note : schema.value().notes)
        io.err << QStringLiteral("note: %1\n").arg(note);
    if (!project)
        project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    KnowledgeImporter::Options options;
    options.replace = parser.isSet(replace);
    if (parser.isSet(link))
        options.linkPath = server ? linkUri : where;
    auto report = KnowledgeImporter::import(*project, schema.value(), options);
    if (!report)
        return fail(io, report.error());
    const QString tablesText = report.value().tables == 1 ? QStringLiteral("1 table") : QStringLiteral("%1 tables").arg(report.value().tables);
    if (options.linkPath.isEmpty())
        io.err << QStringLiteral("Imported %1, %2\n").arg(tablesText, report.value().rows == 1 ? QStringLiteral("1 row") : QStringLiteral("%1 rows").arg(report.value().rows));
    else
        io.err << QStringLiteral("Linked %1 read-only; the rows stay in %2\n").arg(tablesText, server ? QStringLiteral("the server") : options.linkPath);
    if (server && parser.isSet(link)) {
        const LinkCheck::State state = LinkCheck::runFor(*project->service<KnowledgeBase>());
        if (!state.reachable())
            io.err << QStringLiteral("warning: %1\n").arg(state.error);
    }
    auto summary = ProjectSummary::render(*project, parser.isSet(json));
    if (!summary)
        return fail(io, summary.error());
    io.out << summary.value();
    return ExitOk;
}

} // namespace assay
