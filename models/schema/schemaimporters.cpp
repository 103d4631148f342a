#include "schema/schemaimporters.h"

#include "schema/csvschemareader.h"
#include "schema/sqliteschemareader.h"
#include "schema/sqlscriptreader.h"

namespace assay {

namespace {

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

    SchemaImporters::Importer postgres;
    postgres.id = QStringLiteral("postgres");
    postgres.label = QStringLiteral("&PostgreSQL");
    postgres.toolTip = QStringLiteral("Copies tables, keys and rows from a PostgreSQL server; the password stays in memory or in the OS keychain");
    postgres.cliHelp = QStringLiteral("Import from a PostgreSQL server: postgresql://USER@HOST[:PORT]/DB (a socket folder as the host, "
                                      "percent-encoded, or ?host=/folder). The password: ASSAY_DB_PASSWORD or PGPASSWORD.");
    postgres.cliValue = QStringLiteral("URI");
    postgres.pick = P::Server;
    postgres.linkable = true;
    postgres.dialect = ServerLocation::Dialect::Postgres;
    out << postgres;

    SchemaImporters::Importer mysql;
    mysql.id = QStringLiteral("mysql");
    mysql.label = QStringLiteral("&MySQL/MariaDB");
    mysql.toolTip = QStringLiteral("Copies tables, keys and rows from a MySQL or MariaDB server; the password stays in memory or in the OS keychain");
    mysql.cliHelp = QStringLiteral("Import from a MySQL or MariaDB server: mysql://USER@HOST[:PORT]/DB (?socket=/path for a "
                                   "Unix socket). The password: ASSAY_DB_PASSWORD or MYSQL_PWD.");
    mysql.cliValue = QStringLiteral("URI");
    mysql.pick = P::Server;
    mysql.linkable = true;
    mysql.dialect = ServerLocation::Dialect::MySql;
    out << mysql;
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
