#include "schema/schemaimporters.h"

#include "schema/csvschemareader.h"
#include "schema/sqliteschemareader.h"
#include "schema/sqlscriptreader.h"

namespace assay {

namespace {

// A server's importer: the GUI reads it through ServerImportDialog, the CLI through its URI.
SchemaImporters::Importer server(const QString &id, const QString &label, const QString &name, ServerLocation::Dialect dialect,
                                 const QString &uri, const QString &passwordVariable)
{
    SchemaImporters::Importer i;
    i.id = id;
    i.label = label;
    i.toolTip = QStringLiteral("Copies tables, keys and rows from a %1 server; the password stays in memory or in the OS keychain").arg(name);
    i.cliHelp = QStringLiteral("Import from a %1 server: %2. The password: ASSAY_DB_PASSWORD or %3.").arg(name, uri, passwordVariable);
    i.cliValue = QStringLiteral("URI");
    i.pick = SchemaImporters::Pick::Server;
    i.linkable = true;
    i.dialect = dialect;
    return i;
}

QVector<SchemaImporters::Importer> builtIn()
{
    using P = SchemaImporters::Pick;
    QVector<SchemaImporters::Importer> out;
    SchemaImporters::Importer sqlite;
    sqlite.id = QStringLiteral("sqlite");
    sqlite.label = QStringLiteral("&SQLite Database");
    sqlite.cliHelp = QStringLiteral("Import an SQLite database.");
    sqlite.cliValue = QStringLiteral("DB");
    sqlite.fileFilter = QStringLiteral("SQLite databases (*.sqlite *.sqlite3 *.db);;All files (*)");
    sqlite.linkable = true;
    sqlite.linkLabel = QStringLiteral("&Link SQLite Database (read-only)");
    sqlite.read = [](const QString &path, bool withRows, SqlDialectTranslator::Dialect) { return SqliteSchemaReader::readFile(path, withRows); };
    out << sqlite;

    SchemaImporters::Importer csv;
    csv.id = QStringLiteral("csv");
    csv.label = QStringLiteral("&CSV Folder");
    csv.cliHelp = QStringLiteral("Import a folder with one CSV file per table.");
    csv.cliValue = QStringLiteral("DIR");
    csv.pick = P::Folder;
    csv.read = [](const QString &path, bool, SqlDialectTranslator::Dialect) { return CsvSchemaReader::readFolder(path); };
    out << csv;

    SchemaImporters::Importer sql;
    sql.id = QStringLiteral("sql");
    sql.label = QStringLiteral("SQL &Script or Dump");
    sql.toolTip = QStringLiteral("An SQLite script, or a MySQL/MariaDB (mysqldump) or PostgreSQL (pg_dump) dump: the dialect is told by its marks and translated");
    sql.cliHelp = QStringLiteral("Import an SQL script (DDL + INSERTs): SQLite's, or a MySQL/MariaDB (mysqldump) or PostgreSQL (pg_dump) dump, translated.");
    sql.cliValue = QStringLiteral("FILE");
    sql.fileFilter = QStringLiteral("SQL scripts and dumps (SQLite, MySQL, PostgreSQL) (*.sql *.dump);;All files (*)");
    sql.read = [](const QString &path, bool, SqlDialectTranslator::Dialect dialect) { return SqlScriptReader::readFile(path, dialect); };
    out << sql;

    out << server(QStringLiteral("postgres"), QStringLiteral("&PostgreSQL"), QStringLiteral("PostgreSQL"), ServerLocation::Dialect::Postgres,
                  QStringLiteral("postgresql://USER@HOST[:PORT]/DB (a socket folder as the host, percent-encoded, or ?host=/folder)"),
                  QStringLiteral("PGPASSWORD"));
    out << server(QStringLiteral("mysql"), QStringLiteral("&MySQL/MariaDB"), QStringLiteral("MySQL or MariaDB"), ServerLocation::Dialect::MySql,
                  QStringLiteral("mysql://USER@HOST[:PORT]/DB (?socket=/path for a Unix socket)"), QStringLiteral("MYSQL_PWD"));
    return out;
}

} // namespace

const QVector<SchemaImporters::Importer> &SchemaImporters::all()
{
    static const QVector<Importer> importers = builtIn();
    return importers;
}

const SchemaImporters::Importer *SchemaImporters::find(const QString &id)
{
    for (const Importer &i : all())
        if (i.id == id)
            return &i;
    return nullptr;
}

} // namespace assay
