// Dumps of other databases as knowledge (issue 52's dialect scripts): a mysqldump-style script
// (backticks, backslash escapes, ENGINE=, AUTO_INCREMENT, KEY lines, enum, ALTER TABLE …
// CHANGE COLUMN, ADD CONSTRAINT … FOREIGN KEY) and a pg_dump-style one (SET lines, public.
// names, serial and identity columns, ::casts, COPY … FROM stdin with \N and escapes, E'' and
// $$ strings, ALTER TABLE ONLY … ADD CONSTRAINT) import with their tables, types, keys and
// every value as written; the dialect is told by its marks; what cannot be translated fails
// naming the file and line, and nothing reaches the project.
#include "testmain.h"
#include "cli/clirun.h"
#include "project/project.h"
#include "schema/sqldialecttranslator.h"
#include "schema/sqlscriptreader.h"
#include "testsettings.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

namespace tst_sqldialects {

using namespace assay;

namespace {
QString data(const char *name) { return QStringLiteral(ASSAY_TEST_DATA "/dialects/") + QLatin1String(name); }

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const ImportedTable *table(const ImportedSchema &s, const QString &name)
{
    for (const ImportedTable &t : s.tables)
        if (t.name == name)
            return &t;
    return nullptr;
}

const ImportedColumn *column(const ImportedTable &t, const QString &name)
{
    for (const ImportedColumn &c : t.columns)
        if (c.name == name)
            return &c;
    return nullptr;
}

// The message of reading `script` as `dialect`.
QString failure(const QByteArray &script, SqlDialectTranslator::Dialect dialect)
{
    auto r = SqlScriptReader::read(script, QStringLiteral("dump.sql"), dialect);
    return r ? QStringLiteral("(read)") : r.error();
}
} // namespace

class TestSqlDialects : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::isolateSettings(); }

    void dialectsAreToldByTheirMarks()
    {
        using D = SqlDialectTranslator::Dialect;
        QCOMPARE(SqlDialectTranslator::detect(QString::fromUtf8(readAll(data("mysql_company.sql")))), D::MySql);
        QCOMPARE(SqlDialectTranslator::detect(QString::fromUtf8(readAll(data("pg_company.sql")))), D::Postgres);
        QCOMPARE(SqlDialectTranslator::detect(QStringLiteral("CREATE TABLE t(a INTEGER); INSERT INTO t VALUES (1);")), D::Sqlite);
        // A script SQLite runs as it is is read as it is, backticks and all (Spider's schemas).
        auto spider = SqlScriptReader::readFile(QStringLiteral(ASSAY_TEST_DATA "/spider_company_employee/schema.sql"));
        QVERIFY2(spider.ok(), qPrintable(spider.error()));
        QVERIFY(spider.value().notes.isEmpty());
        QCOMPARE(SqlDialectTranslator::parse(QStringLiteral("MariaDB")).value(), D::MySql);
        QCOMPARE(SqlDialectTranslator::parse(QStringLiteral("postgresql")).value(), D::Postgres);
        QVERIFY(!SqlDialectTranslator::parse(QStringLiteral("oracle")).ok());
    }

    void mysqlDumpImports()
    {
        auto r = SqlScriptReader::readFile(data("mysql_company.sql"));
        QVERIFY2(r.ok(), qPrintable(r.error()));
        const ImportedSchema &s = r.value();
        QCOMPARE(s.tables.size(), 3);
        QCOMPARE(s.notes.first(), QStringLiteral("read as a MySQL dump, translated to SQLite"));
        QVERIFY(s.notes.join(QLatin1Char('\n')).contains(QLatin1String("CHANGE COLUMN renames the column")));
        const ImportedTable *company = table(s, QStringLiteral("company"));
        QVERIFY(company);
        QCOMPARE(company->columns.size(), 6);
        QVERIFY(column(*company, QStringLiteral("Company_ID"))->primaryKey);
        QCOMPARE(column(*company, QStringLiteral("Name"))->type, QStringLiteral("varchar(100)"));
        QCOMPARE(column(*company, QStringLiteral("Industry"))->type, QStringLiteral("TEXT")); // enum(…)
        QCOMPARE(company->rows.size(), 3);
        // Backslash escapes read as MySQL writes them: \' \\ \n.
        QCOMPARE(company->rows[1][1].toString(), QStringLiteral("JPMorgan 'Chase'"));
        QCOMPARE(company->rows[2][1].toString(), QStringLiteral("Tesco \\ Stores\nLtd"));
        QCOMPARE(company->rows[0][4].toDouble(), 433.5);
        // ALTER TABLE … CHANGE COLUMN `Nm` `Name`, then ADD COLUMN … AFTER: the INSERT names them.
        const ImportedTable *people = table(s, QStringLiteral("people"));
        QVERIFY(people && column(*people, QStringLiteral("Name")) && !column(*people, QStringLiteral("Nm")));
        QVERIFY(column(*people, QStringLiteral("Nationality")));
        QCOMPARE(people->rows.size(), 2);
        QCOMPARE(people->rows[0][1].toString(), QStringLiteral("Ann \"Jo\" Lee"));
        QVERIFY(people->rows[1][2].isNull());
        // The foreign keys added by ALTER TABLE joined the CREATE TABLE.
        const ImportedTable *employment = table(s, QStringLiteral("employment"));
        QVERIFY(employment);
        QCOMPARE(column(*employment, QStringLiteral("Company_ID"))->foreignTable, QStringLiteral("company"));
        QCOMPARE(column(*employment, QStringLiteral("People_ID"))->foreignTable, QStringLiteral("people"));
        QVERIFY(column(*employment, QStringLiteral("Company_ID"))->primaryKey && column(*employment, QStringLiteral("People_ID"))->primaryKey);
        // Read as SQLite, the same script stops where the issue saw it, naming the line.
        const QString asSqlite = failure(readAll(data("mysql_company.sql")), SqlDialectTranslator::Dialect::Sqlite);
        QVERIFY2(asSqlite.startsWith(QLatin1String("dump.sql:")), qPrintable(asSqlite));
    }

    void postgresDumpImports()
    {
        auto r = SqlScriptReader::readFile(data("pg_company.sql"));
        QVERIFY2(r.ok(), qPrintable(r.error()));
        const ImportedSchema &s = r.value();
        QCOMPARE(s.tables.size(), 3);
        QCOMPARE(s.notes.first(), QStringLiteral("read as a PostgreSQL dump, translated to SQLite"));
        const ImportedTable *company = table(s, QStringLiteral("company"));
        QVERIFY(company);
        QVERIFY(column(*company, QStringLiteral("company_id"))->primaryKey); // ALTER TABLE ONLY … ADD CONSTRAINT … PRIMARY KEY
        QCOMPARE(column(*company, QStringLiteral("name"))->type, QStringLiteral("character varying(100)"));
        QCOMPARE(company->rows.size(), 3);
        // COPY rows: tabs between fields, \N for NULL, \t \n \\ inside a field.
        QCOMPARE(company->rows[1][1].toString(), QStringLiteral("Tab\there"));
        QVERIFY(company->rows[1][2].isNull());
        QCOMPARE(company->rows[2][1].toString(), QStringLiteral("Line\nbreak \\ back"));
        QCOMPARE(company->rows[0][4].toDouble(), 433.5);
        QCOMPARE(company->rows[0][6].toInt(), 1); // boolean t read as true
        QCOMPARE(company->rows[1][6].toInt(), 0);
        const ImportedTable *people = table(s, QStringLiteral("people"));
        QVERIFY(people);
        QCOMPARE(column(*people, QStringLiteral("people_id"))->type, QStringLiteral("INTEGER")); // bigserial
        QVERIFY(column(*people, QStringLiteral("people_id"))->primaryKey);
        QCOMPARE(column(*people, QStringLiteral("company_id"))->foreignTable, QStringLiteral("company"));
        QCOMPARE(people->rows[0][1].toString(), QStringLiteral("O'Brien"));                    // E'O\'Brien'
        QCOMPARE(people->rows[0][4].toString(), QStringLiteral("x"));                          // 'x'::text
        QCOMPARE(people->rows[1][4].toString(), QStringLiteral("dollar 'quoted'"));            // $$…$$
        QCOMPARE(table(s, QStringLiteral("events"))->rows.size(), 1);                          // OVERRIDING SYSTEM VALUE
    }

    void untranslatableInputNamesTheLine()
    {
        using D = SqlDialectTranslator::Dialect;
        const QString upsert = failure("CREATE TABLE `t` (`a` int);\n\nINSERT INTO `t` VALUES (1) ON DUPLICATE KEY UPDATE a = 2;\n", D::MySql);
        QVERIFY2(upsert.startsWith(QStringLiteral("dump.sql:3: INSERT … ON DUPLICATE KEY UPDATE")), qPrintable(upsert));
        const QString open = failure("CREATE TABLE `t` (`a` text);\nINSERT INTO `t` VALUES ('never\nclosed);\n", D::MySql);
        QVERIFY2(open.startsWith(QLatin1String("dump.sql:2: a string opened here is never closed")), qPrintable(open));
        const QString copy = failure("CREATE TABLE t (a text);\nCOPY t (a) FROM stdin;\nrow\n", D::Postgres);
        QVERIFY2(copy.startsWith(QLatin1String("dump.sql:2: the COPY data")), qPrintable(copy));
        const QString elsewhere = failure("ALTER TABLE ONLY public.other\n    ADD CONSTRAINT other_pkey PRIMARY KEY (id);\n", D::Postgres);
        QVERIFY2(elsewhere.startsWith(QLatin1String("dump.sql:1: ALTER TABLE other adds a constraint")), qPrintable(elsewhere));
        const QString sqliteError = failure("CREATE TABLE `t` (`a` int);\nINSERT INTO `t` VALUES (1, 2);\n", D::MySql);
        QVERIFY2(sqliteError.startsWith(QLatin1String("dump.sql:2: table \"t\" has 1 columns but 2 values")) || sqliteError.startsWith(QLatin1String("dump.sql:2: table t has 1 columns")),
                 qPrintable(sqliteError));
        QVERIFY(failure("SET NAMES utf8;\nLOCK TABLES `t` WRITE;\n", D::MySql).contains(QLatin1String("no tables or rows")));
    }

    void fromTheCommandLine()
    {
        QTemporaryDir dir;
        const QString project = dir.filePath(QStringLiteral("k.assay"));
        QCOMPARE(runCli({QStringLiteral("new"), project}).code, 0);
        CliOutcome o = runCli({QStringLiteral("schema"), QStringLiteral("import"), project, QStringLiteral("--sql"), data("mysql_company.sql"), QStringLiteral("--dialect"),
                               QStringLiteral("mysql")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QVERIFY2(o.err.contains(QLatin1String("note: read as a MySQL dump")) && o.err.contains(QLatin1String("Imported 3 tables, 7 rows")), qPrintable(o.err));
        o = runCli({QStringLiteral("schema"), QStringLiteral("import"), project, QStringLiteral("--sql"), data("pg_company.sql"), QStringLiteral("--dialect"),
                    QStringLiteral("oracle")});
        QCOMPARE(o.code, 2);
        QVERIFY2(o.err.contains(QLatin1String("unknown SQL dialect 'oracle'")), qPrintable(o.err));
        // A failed import leaves the project as it was: the MySQL tables, nothing of the bad one.
        o = runCli({QStringLiteral("schema"), QStringLiteral("import"), project, QStringLiteral("--sql"), data("pg_company.sql"), QStringLiteral("--dialect"),
                    QStringLiteral("mysql"), QStringLiteral("--replace")});
        QVERIFY(o.code != 0);
        auto opened = Project::open(project);
        QVERIFY(opened);
        QCOMPARE(opened.value()->database().scalar(QStringLiteral("SELECT count(*) FROM knowledge_table")).value().toInt(), 3);
        QCOMPARE(opened.value()->database().scalar(QStringLiteral("SELECT count(*) FROM knowledge_table WHERE name = 'company'")).value().toInt(), 1);
    }
};

ASSAY_TEST_GUILESS_MAIN(TestSqlDialects)

} // namespace tst_sqldialects
#include "tst_sqldialects.moc"
