// Knowledge import from SQLite, SQL scripts and CSV folders: round trips, bad input (clear
// message, nothing imported), linking read-only, and the read-only authorizer.
#include "testmain.h"
#include "project/database.h"
#include "project/project.h"
#include "schema/csvschemareader.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeconnection.h"
#include "schema/knowledgeimporter.h"
#include "schema/sqliteschemareader.h"
#include "schema/sqlscriptreader.h"
#include "testsettings.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

namespace tst_schemaimport {

using namespace assay;

namespace {
const char *worldScript = R"sql(
CREATE TABLE teams(team_id INTEGER PRIMARY KEY, name TEXT, founded DATE, rating REAL);
CREATE TABLE players(player_id INTEGER PRIMARY KEY, name TEXT, team_id INTEGER REFERENCES teams(team_id), goals INTEGER, note TEXT);
INSERT INTO teams VALUES (1, 'Harbour Owls', '1999-04-01', 7.25), (2, 'Quarry "Stones"', '2004-10-12', NULL);
INSERT INTO players VALUES (1, 'Ada Lind', 1, 12, 'left foot, fast'), (2, 'Bo Kry', 2, 0, NULL),
                           (3, 'Cé Ørn', 1, 3, 'line one
line two');
)sql";

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

QByteArray hashOf(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

// Every table's rows as text, in order, for comparing two databases.
QStringList dump(const KnowledgeConnection &c, const QStringList &tables)
{
    QStringList out;
    for (const QString &t : tables) {
        auto rows = c.query(QStringLiteral("SELECT * FROM %1").arg(t));
        if (!rows)
            return {rows.error()};
        for (const QVariantList &r : rows.value().rows) {
            QStringList cells;
            for (const QVariant &v : r)
                cells << (v.isNull() ? QStringLiteral("NULL") : QStringLiteral("%1:%2").arg(QString::fromLatin1(v.typeName()), v.toString()));
            out << t + QLatin1Char('|') + cells.join(QLatin1Char('|'));
        }
    }
    return out;
}
} // namespace

class TestSchemaImport : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    int m_serial = 0;

    std::unique_ptr<Project> newProject()
    {
        auto p = Project::create(m_dir.filePath(QStringLiteral("p%1.assay").arg(++m_serial)));
        return p ? p.take() : nullptr;
    }
    QString makeSqlite(const QString &name)
    {
        const QString path = m_dir.filePath(name);
        auto db = Database::open(path, Database::Mode::ReadWriteCreate);
        if (!db.value().exec(QString::fromUtf8(worldScript)))
            return {};
        return path;
    }

private slots:
    void initTestCase() { test::isolateSettings(); }

    void sqliteRoundTrip()
    {
        const QString source = makeSqlite(QStringLiteral("world.sqlite"));
        auto schema = SqliteSchemaReader::readFile(source);
        QVERIFY2(schema.ok(), qPrintable(schema.error()));
        auto project = newProject();
        auto report = KnowledgeImporter::import(*project, schema.value(), {});
        QVERIFY2(report.ok(), qPrintable(report.error()));
        QCOMPARE(report.value().tables, 2);
        QCOMPARE(report.value().rows, qint64(5));

        const KnowledgeBase *kb = project->service<KnowledgeBase>();
        const KnowledgeTable *players = kb->tableNamed(QStringLiteral("players"));
        QVERIFY(players);
        QCOMPARE(players->columns.size(), 5);
        QVERIFY(players->columnNamed(QStringLiteral("player_id"))->primaryKey);
        QCOMPARE(kb->qualifiedName(players->columnNamed(QStringLiteral("team_id"))->foreignKey), QStringLiteral("teams.team_id"));
        // Surrogate ids are not meaningful for questions; names and numbers are.
        QVERIFY(!players->columnNamed(QStringLiteral("team_id"))->meaningful);
        QVERIFY(players->columnNamed(QStringLiteral("goals"))->meaningful);

        auto original = KnowledgeConnection::openLinked(source);
        auto imported = KnowledgeConnection::open(*kb);
        QVERIFY2(imported.ok(), qPrintable(imported.error()));
        const QStringList tables{QStringLiteral("teams"), QStringLiteral("players")};
        QCOMPARE(dump(imported.value(), tables), dump(original.value(), tables));
        QCOMPARE(dump(imported.value(), tables).size(), 5);

        // Reopening the project gives the same knowledge.
        const QString path = project->path();
        project.reset();
        auto reopened = Project::open(path);
        QCOMPARE(dump(KnowledgeConnection::open(*reopened.value()->service<KnowledgeBase>()).value(), tables), dump(original.value(), tables));
    }

    void sqlScriptRoundTripAndReexport()
    {
        auto schema = SqlScriptReader::read(QByteArray(worldScript), QStringLiteral("world.sql"));
        QVERIFY2(schema.ok(), qPrintable(schema.error()));
        auto first = newProject();
        QVERIFY(KnowledgeImporter::import(*first, schema.value(), {}).ok());
        auto c1 = KnowledgeConnection::open(*first->service<KnowledgeBase>());
        // Export, read the export back as a schema and import it again: nothing changes.
        const QString exported = m_dir.filePath(QStringLiteral("exported.sqlite"));
        QVERIFY(c1.value().exportTo(exported).ok());
        auto again = SqliteSchemaReader::readFile(exported);
        QVERIFY2(again.ok(), qPrintable(again.error()));
        auto second = newProject();
        QVERIFY(KnowledgeImporter::import(*second, again.value(), {}).ok());
        const QStringList tables{QStringLiteral("teams"), QStringLiteral("players")};
        QCOMPARE(dump(KnowledgeConnection::open(*second->service<KnowledgeBase>()).value(), tables), dump(c1.value(), tables));
        const KnowledgeTable *players = second->service<KnowledgeBase>()->tableNamed(QStringLiteral("players"));
        QVERIFY(players->columnNamed(QStringLiteral("player_id"))->primaryKey);
        QCOMPARE(second->service<KnowledgeBase>()->qualifiedName(players->columnNamed(QStringLiteral("team_id"))->foreignKey),
                 QStringLiteral("teams.team_id"));
    }

    void csvRoundTripWithInferredTypesAndKeys()
    {
        const QString dir = m_dir.filePath(QStringLiteral("csv"));
        QDir().mkpath(dir);
        writeFile(dir + QStringLiteral("/teams.csv"),
                  "team_id,name,founded,rating\r\n1,Harbour Owls,1999-04-01,7.25\r\n2,\"Quarry \"\"Stones\"\"\",2004-10-12,\r\n");
        writeFile(dir + QStringLiteral("/players.csv"),
                  "\xEF\xBB\xBFplayer_id,name,team_id,goals,note\n1,Ada Lind,1,12,\"left foot, fast\"\n2,Bo Kry,2,0,\n"
                  "3,Cé Ørn,1,3,\"line one\nline two\"\n");
        auto schema = CsvSchemaReader::readFolder(dir);
        QVERIFY2(schema.ok(), qPrintable(schema.error()));
        const ImportedTable &teams = schema.value().tables[1];
        QCOMPARE(teams.name, QStringLiteral("teams"));
        QCOMPARE(teams.columns[0].type, QStringLiteral("INTEGER"));
        QCOMPARE(teams.columns[1].type, QStringLiteral("TEXT"));
        QCOMPARE(teams.columns[2].type, QStringLiteral("DATE"));
        QCOMPARE(teams.columns[3].type, QStringLiteral("REAL"));
        QVERIFY(teams.columns[0].primaryKey);
        const ImportedTable &players = schema.value().tables[0];
        QCOMPARE(players.columns[2].foreignTable, QStringLiteral("teams"));

        auto project = newProject();
        QVERIFY(KnowledgeImporter::import(*project, schema.value(), {}).ok());
        auto csv = KnowledgeConnection::open(*project->service<KnowledgeBase>());
        auto sqlite = KnowledgeConnection::openLinked(makeSqlite(QStringLiteral("csvref.sqlite")));
        const QStringList tables{QStringLiteral("teams"), QStringLiteral("players")};
        QCOMPARE(dump(csv.value(), tables), dump(sqlite.value(), tables));
    }

    void csvSchemaJsonOverridesConventions()
    {
        const QString dir = m_dir.filePath(QStringLiteral("csvjson"));
        QDir().mkpath(dir);
        writeFile(dir + QStringLiteral("/city.csv"), "code,label\nOSL,Oslo\nLYS,Lyon\n");
        writeFile(dir + QStringLiteral("/site.csv"), "name,city_code,zip\nDock,OSL,0150\n");
        writeFile(dir + QStringLiteral("/schema.json"),
                  R"({"tables": {"city": {"primary_key": "code", "description": "cities"},
                                 "site": {"foreign_keys": {"city_code": "city.code"}, "types": {"zip": "TEXT"},
                                          "columns": {"zip": "postal code"}}}})");
        auto schema = CsvSchemaReader::readFolder(dir);
        QVERIFY2(schema.ok(), qPrintable(schema.error()));
        auto project = newProject();
        QVERIFY(KnowledgeImporter::import(*project, schema.value(), {}).ok());
        const KnowledgeTable *site = project->service<KnowledgeBase>()->tableNamed(QStringLiteral("site"));
        QCOMPARE(project->service<KnowledgeBase>()->qualifiedName(site->columnNamed(QStringLiteral("city_code"))->foreignKey),
                 QStringLiteral("city.code"));
        QCOMPARE(site->columnNamed(QStringLiteral("zip"))->description, QStringLiteral("postal code"));
        // The leading zero survives because schema.json declared the column TEXT.
        auto zip = KnowledgeConnection::open(*project->service<KnowledgeBase>()).value().query(QStringLiteral("SELECT zip FROM site"));
        QCOMPARE(zip.value().rows[0][0].toString(), QStringLiteral("0150"));
    }

    void badInputIsReportedAndNothingImported_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("csv unterminated quote") << "csv" << QByteArray("a,b\n1,\"open\n2,3\n") << "x.csv:2: a quoted field is never closed";
        QTest::newRow("csv field count") << "csv" << QByteArray("a,b\n1,2\n3\n") << "x.csv:3: 1 fields, but the header has 2";
        QTest::newRow("csv stray quote") << "csv" << QByteArray("a,b\n1,ab\"c\n") << "x.csv:2: a quote inside an unquoted field";
        QTest::newRow("csv duplicate header") << "csv" << QByteArray("a,A\n1,2\n") << "x.csv:1: the header names column 'A' twice";
        QTest::newRow("sql syntax") << "sql" << QByteArray("CREATE TABLE a(x);\n\nINSERT INTO a VALUES (1;\n") << "bad.sql:3:";
        QTest::newRow("sql missing fk table")
            << "sql" << QByteArray("CREATE TABLE a(id INTEGER PRIMARY KEY, b_id INTEGER REFERENCES nowhere(id));\n")
            << "foreign key references missing table 'nowhere'";
        QTest::newRow("sql attach") << "sql" << QByteArray("ATTACH 'other.db' AS o;\n") << "bad.sql:1: not authorized";
        QTest::newRow("sql duplicate table") << "sql" << QByteArray("CREATE TABLE a(x);\nCREATE TABLE A(y);\n") << "bad.sql:2: table A already exists";
        // Found by fuzzing: SQLite stops reading at a NUL byte, and the reader used to stand still.
        QTest::newRow("sql NUL byte") << "sql" << QByteArray("CREATE TABLE a(x);\nINSERT INTO a VALUES (1)\0\0;\n", 47) << "bad.sql:2: a NUL byte";
    }

    void badInputIsReportedAndNothingImported()
    {
        QFETCH(QString, kind);
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        Result<ImportedSchema> schema = Result<ImportedSchema>::failure(QString());
        if (kind == QLatin1String("csv")) {
            const QString dir = m_dir.filePath(QStringLiteral("bad%1").arg(++m_serial));
            QDir().mkpath(dir);
            writeFile(dir + QStringLiteral("/x.csv"), content);
            schema = CsvSchemaReader::readFolder(dir);
        } else {
            const QString file = m_dir.filePath(QStringLiteral("bad.sql"));
            writeFile(file, content);
            schema = SqlScriptReader::readFile(file);
        }
        auto project = newProject();
        QString error = schema.ok() ? QString() : schema.error();
        if (schema.ok()) {
            auto r = KnowledgeImporter::import(*project, schema.value(), {});
            QVERIFY(!r.ok());
            error = r.error();
        }
        QVERIFY2(error.contains(expected), qPrintable(error));
        QCOMPARE(project->counts().value().value(QStringLiteral("knowledge_tables")), 0);
        QCOMPARE(project->counts().value().value(QStringLiteral("knowledge_rows")), 0);
    }

    void unknownFilesAreNamed()
    {
        const QString missing = m_dir.filePath(QStringLiteral("missing"));
        QVERIFY(SqliteSchemaReader::readFile(missing + QStringLiteral(".sqlite")).error().contains(QLatin1String("no such file")));
        QVERIFY(SqlScriptReader::readFile(missing + QStringLiteral(".sql")).error().contains(QLatin1String("no such file")));
        QVERIFY(CsvSchemaReader::readFolder(missing).error().contains(QLatin1String("no such folder")));
        const QString text = m_dir.filePath(QStringLiteral("notes.sqlite"));
        writeFile(text, "not a database at all, just words");
        QVERIFY(SqliteSchemaReader::readFile(text).error().contains(QLatin1String("not an SQLite database")));
    }

    void duplicateTablesAreRefusedAtomically()
    {
        auto project = newProject();
        QVERIFY(KnowledgeImporter::import(*project, SqlScriptReader::read("CREATE TABLE players(x); INSERT INTO players VALUES (1);", QStringLiteral("a.sql")).value(), {}).ok());
        auto second = SqlScriptReader::read(QByteArray(worldScript), QStringLiteral("world.sql"));
        auto r = KnowledgeImporter::import(*project, second.value(), {});
        QVERIFY(!r.ok());
        QVERIFY2(r.error().contains(QLatin1String("duplicate table name")), qPrintable(r.error()));
        // Nothing of the second import arrived, not even its first table (teams).
        QCOMPARE(project->service<KnowledgeBase>()->tables().size(), 1);
        QVERIFY(!project->service<KnowledgeBase>()->tableNamed(QStringLiteral("teams")));
        QCOMPARE(project->counts().value().value(QStringLiteral("knowledge_rows")), 1);
        // With replace, the new schema takes the place of the old one.
        KnowledgeImporter::Options replace;
        replace.replace = true;
        QVERIFY(KnowledgeImporter::import(*project, second.value(), replace).ok());
        QCOMPARE(project->service<KnowledgeBase>()->tables().size(), 2);
        QCOMPARE(project->counts().value().value(QStringLiteral("knowledge_rows")), 5);
    }

    void linkedDatabaseIsReadOnly()
    {
        const QString source = makeSqlite(QStringLiteral("linked.sqlite"));
        const QByteArray before = hashOf(source);
        auto schema = SqliteSchemaReader::readFile(source, false);
        auto project = newProject();
        KnowledgeImporter::Options link;
        link.linkPath = source;
        QVERIFY(KnowledgeImporter::import(*project, schema.value(), link).ok());
        KnowledgeBase *kb = project->service<KnowledgeBase>();
        QVERIFY(kb->isLinked());
        QCOMPARE(project->counts().value().value(QStringLiteral("knowledge_rows")), 0); // rows stay in the user's file
        QCOMPARE(kb->rowCount(kb->tableNamed(QStringLiteral("players"))->id).value(), qint64(3));
        auto conn = KnowledgeConnection::open(*kb);
        QCOMPARE(conn.value().query(QStringLiteral("SELECT count(*) FROM players")).value().rows[0][0].toInt(), 3);
        QVERIFY(!conn.value().query(QStringLiteral("DELETE FROM players")).ok());
        // Editing rows or structure is refused with a reason.
        const Status edit = kb->setCell(kb->tableNamed(QStringLiteral("players"))->id, 1,
                                        kb->tableNamed(QStringLiteral("players"))->columns[1].id, QStringLiteral("X"));
        QVERIFY(!edit.ok());
        QVERIFY(edit.error().contains(QLatin1String("linked read-only")));
        QVERIFY(!kb->addTable(QStringLiteral("extra")).ok());
        QCOMPARE(hashOf(source), before);
    }

    void authorizerRefusesAllButReads_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::newRow("drop table") << "DROP TABLE teams";
        QTest::newRow("attach") << "ATTACH DATABASE 'x.db' AS x";
        QTest::newRow("pragma writable_schema") << "PRAGMA writable_schema = 1";
        QTest::newRow("pragma query_only off") << "PRAGMA query_only = 0";
        QTest::newRow("multi statement") << "SELECT 1; DROP TABLE teams";
        QTest::newRow("insert") << "INSERT INTO teams VALUES (9, 'x', NULL, NULL)";
        QTest::newRow("update") << "UPDATE teams SET name = 'x'";
        QTest::newRow("delete") << "DELETE FROM players";
        QTest::newRow("create temp table") << "CREATE TEMP TABLE t(x)";
        QTest::newRow("create view") << "CREATE VIEW v AS SELECT 1";
        QTest::newRow("begin") << "BEGIN";
    }

    void authorizerRefusesAllButReads()
    {
        QFETCH(QString, sql);
        for (bool linked : {false, true}) {
            const QString source = makeSqlite(QStringLiteral("auth%1.sqlite").arg(++m_serial));
            const QByteArray before = hashOf(source);
            auto project = newProject();
            KnowledgeImporter::Options options;
            if (linked)
                options.linkPath = source;
            QVERIFY(KnowledgeImporter::import(*project, SqliteSchemaReader::readFile(source, !linked).value(), options).ok());
            auto conn = KnowledgeConnection::open(*project->service<KnowledgeBase>());
            QVERIFY2(conn.ok(), qPrintable(conn.error()));
            auto r = conn.value().query(sql);
            QVERIFY2(!r.ok(), qPrintable(sql));
            QCOMPARE(conn.value().query(QStringLiteral("SELECT count(*) FROM teams")).value().rows[0][0].toInt(), 2);
            QCOMPARE(hashOf(source), before);
        }
    }

    void readsAreAllowed()
    {
        auto project = newProject();
        QVERIFY(KnowledgeImporter::import(*project, SqlScriptReader::read(QByteArray(worldScript), QStringLiteral("w.sql")).value(), {}).ok());
        auto conn = KnowledgeConnection::open(*project->service<KnowledgeBase>());
        auto r = conn.value().query(QStringLiteral("WITH g AS (SELECT team_id, sum(goals) AS s FROM players GROUP BY team_id) "
                                                   "SELECT t.name, g.s FROM teams t JOIN g ON g.team_id = t.team_id WHERE t.name = ?"),
                                    {QStringLiteral("Harbour Owls")});
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.value().rows.size(), 1);
        QCOMPARE(r.value().rows[0][1].toInt(), 15);
    }
};

ASSAY_TEST_GUILESS_MAIN(TestSchemaImport)

} // namespace tst_schemaimport
#include "tst_schemaimport.moc"
