#include "schemacommand.h"

#include "report/projectsummary.h"
#include "project/project.h"
#include "schema/csvschemareader.h"
#include "schema/knowledgeimporter.h"
#include "schema/sqliteschemareader.h"
#include "schema/sqlscriptreader.h"

namespace assay {

int SchemaCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("import"), QStringLiteral("The action (import)."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project to import into."));
    const QCommandLineOption sqlite(QStringLiteral("sqlite"), QStringLiteral("Import an SQLite database."), QStringLiteral("DB"));
    const QCommandLineOption csv(QStringLiteral("csv"), QStringLiteral("Import a folder with one CSV file per table."), QStringLiteral("DIR"));
    const QCommandLineOption sql(QStringLiteral("sql"), QStringLiteral("Import an SQL script (DDL + INSERTs): SQLite's, or a MySQL/MariaDB (mysqldump) or PostgreSQL (pg_dump) dump, translated."), QStringLiteral("FILE"));
    const QCommandLineOption dialect(QStringLiteral("dialect"), QStringLiteral("With --sql: the script's dialect, auto (by its marks, the default), sqlite, mysql or postgres."),
                                     QStringLiteral("D"), QStringLiteral("auto"));
    const QCommandLineOption link(QStringLiteral("link"), QStringLiteral("With --sqlite: link the database read-only instead of copying it."));
    const QCommandLineOption replace(QStringLiteral("replace"), QStringLiteral("Replace the project's current knowledge tables."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the resulting schema as JSON."));
    parser.addOptions({sqlite, csv, sql, dialect, link, replace, json});
    if (!parse(parser, args, io, 2, 2))
        return stopped(parser);
    if (parser.positionalArguments().constFirst() != QLatin1String("import"))
        return usageError(parser, io, QStringLiteral("unknown action '%1' (expected: import)").arg(parser.positionalArguments().constFirst()));
    const int sources = int(parser.isSet(sqlite)) + int(parser.isSet(csv)) + int(parser.isSet(sql));
    if (sources != 1)
        return usageError(parser, io, QStringLiteral("give exactly one of --sqlite, --csv, --sql"));
    if (parser.isSet(link) && !parser.isSet(sqlite))
        return usageError(parser, io, QStringLiteral("--link goes with --sqlite"));
    if (parser.isSet(dialect) && !parser.isSet(sql))
        return usageError(parser, io, QStringLiteral("--dialect goes with --sql"));
    auto scriptDialect = SqlDialectTranslator::parse(parser.value(dialect));
    if (!scriptDialect)
        return usageError(parser, io, scriptDialect.error());

    Result<ImportedSchema> schema = parser.isSet(sqlite) ? SqliteSchemaReader::readFile(parser.value(sqlite), !parser.isSet(link))
                                    : parser.isSet(csv)  ? CsvSchemaReader::readFolder(parser.value(csv))
                                                         : SqlScriptReader::readFile(parser.value(sql), scriptDialect.value());
    if (!schema)
        return fail(io, schema.error());
    for (const QString &note : schema.value().notes)
        io.err << QStringLiteral("note: %1\n").arg(note);
    auto project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    KnowledgeImporter::Options options;
    options.replace = parser.isSet(replace);
    if (parser.isSet(link))
        options.linkPath = parser.value(sqlite);
    auto report = KnowledgeImporter::import(*project, schema.value(), options);
    if (!report)
        return fail(io, report.error());
    io.err << QStringLiteral("Imported %1 tables, %2 rows%3\n")
                  .arg(report.value().tables)
                  .arg(report.value().rows)
                  .arg(options.linkPath.isEmpty() ? QString() : QStringLiteral(" (linked read-only)"));
    auto summary = ProjectSummary::render(*project, parser.isSet(json));
    if (!summary)
        return fail(io, summary.error());
    io.out << summary.value();
    return ExitOk;
}

} // namespace assay
