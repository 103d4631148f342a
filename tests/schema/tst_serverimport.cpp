// Issue 52: knowledge imported from a real PostgreSQL and a real MariaDB, started by the test
// (tests/testservers.h), loaded with Spider's company_employee. The import must hold what the
// SQLite script's import holds (tables, types, keys, rows), carry generation and a
// retrieval-only run end to end, name every failure with the server and leave the project as
// it was, and never store the password.
#include "cli/clirun.h"
#include "project/project.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeconnection.h"
#include "schema/knowledgeimporter.h"
#include "schema/knowledgevalue.h"
#include "schema/serverschemareader.h"
#include "schema/sqlscriptreader.h"
#include "testmain.h"
#include "testservers.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QtTest>

namespace tst_serverimport {
using namespace assay;

class TestServerImport : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    test::PostgresServer m_postgres;
    test::MariaDbServer m_mariadb;
    QString m_postgresProblem, m_mariadbProblem;
    ImportedSchema m_spider;
    QString m_reference; // a project with the script's import
    QString m_scriptAnswers; // generationAndRunEndToEnd on the script's import

    QString data() const { return QStringLiteral(ASSAY_TEST_DATA "/spider_company_employee/"); }

    test::TestServer *server(const QString &name, QString *problem)
    {
        *problem = name == QLatin1String("postgres") ? m_postgresProblem : m_mariadbProblem;
        return name == QLatin1String("postgres") ? static_cast<test::TestServer *>(&m_postgres) : &m_mariadb;
    }

    CliOutcome cli(const QStringList &args, const QString &password = QString::fromLatin1(test::TestServer::Password))
    {
        qputenv("ASSAY_DB_PASSWORD", password.toUtf8());
        const CliOutcome o = runCli(args);
        qunsetenv("ASSAY_DB_PASSWORD");
        return o;
    }

    // The knowledge as text: tables in order, columns with type, key and reference, then every
    // row's values as displayed, in key order.
    static QString knowledgeText(const QString &path)
    {
        auto project = Project::open(path);
        if (!project)
            return project.error();
        const KnowledgeBase *kb = project.value()->service<KnowledgeBase>();
        auto connection = KnowledgeConnection::open(*kb);
        if (!connection)
            return connection.error();
        QStringList out;
        QStringList names;
        for (const KnowledgeTable &t : kb->tables())
            names << t.name;
        names.sort(Qt::CaseInsensitive);
        for (const QString &name : names) {
            const KnowledgeTable *t = kb->tableNamed(name);
            QStringList columns;
            for (const KnowledgeColumn &c : t->columns) {
                const KnowledgeColumn *target = c.foreignKey ? kb->column(c.foreignKey) : nullptr;
                columns << QStringLiteral("%1 %2%3%4").arg(c.name, KnowledgeValue::affinity(c.type) == KnowledgeValue::Affinity::Text ? QStringLiteral("text") : QStringLiteral("number"),
                                                            c.primaryKey ? QStringLiteral(" pk") : QString(),
                                                            target ? QStringLiteral(" -> %1.%2").arg(kb->table(target->tableId)->name, target->name) : QString());
            }
            out << name + QStringLiteral(": ") + columns.join(QStringLiteral(", "));
            auto rows = connection.value().query(QStringLiteral("SELECT * FROM \"%1\" ORDER BY 1, 2").arg(name));
            if (!rows)
                return rows.error();
            for (const QVariantList &row : rows.value().rows) {
                QStringList values;
                for (const QVariant &v : row)
                    values << (v.isNull() ? QStringLiteral("NULL") : QString::number(v.toDouble(), 'g', 12) + QLatin1Char('|') + KnowledgeValue::displayText(v));
                out << QStringLiteral("  ") + values.join(QStringLiteral("; "));
            }
        }
        return out.join(QLatin1Char('\n'));
    }

    QString newProject(const QString &name)
    {
        const QString path = m_dir.filePath(name + QStringLiteral(".assay"));
        QFile::remove(path);
        const CliOutcome o = runCli({QStringLiteral("new"), path});
        return o.code == 0 ? path : QString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        auto spider = SqlScriptReader::readFile(data() + QStringLiteral("schema.sql"));
        QVERIFY2(spider.ok(), qPrintable(spider.error()));
        m_spider = spider.take();
        m_reference = newProject(QStringLiteral("reference"));
        QVERIFY(!m_reference.isEmpty());
        const CliOutcome o = runCli({QStringLiteral("schema"), QStringLiteral("import"), m_reference, QStringLiteral("--sql"), data() + QStringLiteral("schema.sql")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        for (test::TestServer *s : {static_cast<test::TestServer *>(&m_postgres), static_cast<test::TestServer *>(&m_mariadb)}) {
            QString problem = s->start();
            if (problem.isEmpty() && !s->createDatabase(QStringLiteral("company")))
                problem = QStringLiteral("cannot create the database");
            if (problem.isEmpty())
                problem = s->load(QStringLiteral("company"), m_spider);
            // Binaries missing: a skip; installed but not starting: a failure.
            QVERIFY2(problem.isEmpty() || s->missingBinaries(), qPrintable(problem));
            (s == &m_postgres ? m_postgresProblem : m_mariadbProblem) = problem;
        }
    }

    void locationsParse()
    {
        using D = ServerLocation::Dialect;
        auto a = ServerLocation::parse(QStringLiteral("postgresql://ann:pw%40x@db.example:6543/sales?schema=crm"), D::Postgres);
        QVERIFY2(a.ok(), qPrintable(a.error()));
        QCOMPARE(a.value().user, QStringLiteral("ann"));
        QCOMPARE(a.value().password, QStringLiteral("pw@x"));
        QCOMPARE(a.value().host, QStringLiteral("db.example"));
        QCOMPARE(a.value().port, 6543);
        QCOMPARE(a.value().database, QStringLiteral("sales"));
        QCOMPARE(a.value().effectiveSchema(), QStringLiteral("crm"));
        QVERIFY(!a.value().describe().contains(QStringLiteral("pw")));
        auto b = ServerLocation::parse(QStringLiteral("postgresql://ann@%2Ftmp%2Fpg/sales"), D::Postgres);
        QVERIFY2(b.ok(), qPrintable(b.error()));
        QCOMPARE(b.value().socket, QStringLiteral("/tmp/pg"));
        QCOMPARE(b.value().effectivePort(), 5432);
        auto c = ServerLocation::parse(QStringLiteral("mysql://bob@localhost/shop?socket=/run/mysqld/mysqld.sock"), D::MySql);
        QVERIFY2(c.ok(), qPrintable(c.error()));
        QCOMPARE(c.value().socket, QStringLiteral("/run/mysqld/mysqld.sock"));
        QCOMPARE(c.value().effectiveSchema(), QStringLiteral("shop"));
        QCOMPARE(c.value().effectivePort(), 3306);
        auto d = ServerLocation::parse(QStringLiteral("mysql://bob@localhost"), D::MySql);
        QVERIFY(!d.ok());
        QVERIFY2(d.error().contains(QStringLiteral("name the database")), qPrintable(d.error()));
        auto e = ServerLocation::parse(QStringLiteral("mysql://bob@localhost/x"), D::Postgres);
        QVERIFY2(!e.ok() && e.error().contains(QStringLiteral("postgresql://")), qPrintable(e.error()));
        auto f = ServerLocation::parse(QStringLiteral("postgresql://localhost/x?sslmode=require"), D::Postgres);
        QVERIFY(!f.ok());
    }

    void importsWhatTheScriptHolds_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("postgres") << QStringLiteral("postgres");
        QTest::newRow("mariadb") << QStringLiteral("mariadb");
    }
    void importsWhatTheScriptHolds()
    {
        QFETCH(QString, name);
        QString problem;
        test::TestServer *s = server(name, &problem);
        if (!problem.isEmpty())
            QSKIP(qPrintable(problem));
        const QString project = newProject(name);
        const QString option = name == QLatin1String("postgres") ? QStringLiteral("--postgres") : QStringLiteral("--mysql");
        const CliOutcome o = cli({QStringLiteral("schema"), QStringLiteral("import"), project, option, s->uri(QStringLiteral("company"))});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QVERIFY2(o.err.contains(QStringLiteral("Imported 3 tables, 31 rows")), qPrintable(o.err));
        // The type mapping is shown, and progress ends at all rows.
        QVERIFY2(o.err.contains(QStringLiteral("note: Column types: ")) && o.err.contains(QStringLiteral("→ INTEGER")) && o.err.contains(QStringLiteral("→ REAL")),
                 qPrintable(o.err));
        QVERIFY2(o.err.contains(QStringLiteral("[31/31 rows]")), qPrintable(o.err));
        const QString imported = knowledgeText(project), reference = knowledgeText(m_reference);
        QVERIFY2(imported.count(QLatin1Char('\n')) >= 17, qPrintable(imported));
        QCOMPARE(imported, reference);

        // Picked tables only: a key to a table left out stays a plain column, and is noted.
        const QString some = newProject(name + QStringLiteral("-some"));
        const CliOutcome p = cli({QStringLiteral("schema"), QStringLiteral("import"), some, option, s->uri(QStringLiteral("company")), QStringLiteral("--tables"),
                                  QStringLiteral("employment,people")});
        QVERIFY2(p.code == 0, qPrintable(p.err));
        QVERIFY2(p.err.contains(QStringLiteral("Imported 2 tables, 12 rows")), qPrintable(p.err));
        QVERIFY2(p.err.contains(QStringLiteral("employment.Company_ID refers to")) && p.err.contains(QStringLiteral("company, which is not imported")), qPrintable(p.err));
    }

    // Each kind of server column arrives as the type and value the user guide says: integers,
    // reals, decimals, booleans 0/1, dates and timestamps as ISO text, text (arrays, enums,
    // json as their text), bytes, NULLs.
    void typesAndValues_data() { importsWhatTheScriptHolds_data(); }
    void typesAndValues()
    {
        QFETCH(QString, name);
        QString problem;
        test::TestServer *s = server(name, &problem);
        if (!problem.isEmpty())
            QSKIP(qPrintable(problem));
        const bool pg = name == QLatin1String("postgres");
        const QString db = QStringLiteral("kinds");
        QVERIFY(s->createDatabase(db));
        {
            QSqlDatabase d = s->connect(db, QStringLiteral("kinds-load"));
            QSqlQuery q(d);
            const QStringList sql = pg
                ? QStringList{QStringLiteral("CREATE TABLE kinds (id bigint PRIMARY KEY, small smallint, ratio real, price numeric(10,2), active boolean, "
                                             "born date, seen timestamp, label varchar(20), tags text[], doc jsonb, raw bytea, at time)"),
                              QStringLiteral("INSERT INTO kinds VALUES (1, -3, 0.5, 1234.56, true, '2024-02-29', '2024-02-29 13:45:01', 'Ålesund', "
                                             "'{a,b}', '{\"k\": 1}', '\\x00ff', '08:30:00'), (2, NULL, NULL, NULL, false, NULL, NULL, NULL, NULL, NULL, NULL, NULL)")}
                : QStringList{QStringLiteral("CREATE TABLE kinds (id bigint PRIMARY KEY, small smallint, ratio double, price decimal(10,2), active tinyint(1), "
                                             "born date, seen datetime, label varchar(20), tags set('a','b'), doc json, raw blob, at time) CHARACTER SET utf8mb4"),
                              QStringLiteral("INSERT INTO kinds VALUES (1, -3, 0.5, 1234.56, 1, '2024-02-29', '2024-02-29 13:45:01', 'Ålesund', "
                                             "'a,b', '{\"k\": 1}', X'00ff', '08:30:00'), (2, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL)")};
            for (const QString &statement : sql)
                QVERIFY2(q.exec(statement), qPrintable(q.lastError().text()));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("kinds-load"));
        auto read = ServerSchemaReader::read(s->location(db));
        QVERIFY2(read.ok(), qPrintable(read.error()));
        QCOMPARE(read.value().tables.size(), 1);
        const ImportedTable &t = read.value().tables.constFirst();
        QStringList types;
        for (const ImportedColumn &c : t.columns)
            types << c.name + QLatin1Char('=') + c.type;
        QCOMPARE(types.join(QLatin1Char(' ')), QStringLiteral("id=INTEGER small=INTEGER ratio=REAL price=NUMERIC active=BOOLEAN born=DATE seen=DATETIME "
                                                              "label=TEXT tags=TEXT doc=TEXT raw=BLOB at=TEXT"));
        QVERIFY(t.columns[0].primaryKey);
        QCOMPARE(t.rows.size(), 2);
        const QVariantList &a = t.rows[0], &b = t.rows[1];
        QCOMPARE(a[0], QVariant(qlonglong(1)));
        QCOMPARE(a[1], QVariant(qlonglong(-3)));
        QCOMPARE(a[2].toDouble(), 0.5);
        QCOMPARE(a[3].toDouble(), 1234.56);
        QCOMPARE(a[4], QVariant(qlonglong(1)));
        QCOMPARE(b[4], QVariant(qlonglong(0)));
        QCOMPARE(a[5], QVariant(QStringLiteral("2024-02-29")));
        QCOMPARE(a[6], QVariant(QStringLiteral("2024-02-29 13:45:01")));
        QCOMPARE(a[7], QVariant(QStringLiteral("Ålesund")));
        QCOMPARE(a[8], QVariant(pg ? QStringLiteral("{a,b}") : QStringLiteral("a,b")));
        QVERIFY2(a[9].toString().remove(QLatin1Char(' ')) == QStringLiteral("{\"k\":1}"), qPrintable(a[9].toString()));
        QCOMPARE(a[10].toByteArray(), QByteArray("\x00\xff", 2));
        QCOMPARE(a[11], QVariant(QStringLiteral("08:30:00")));
        for (int i = 1; i < b.size(); ++i)
            if (i != 4)
                QVERIFY2(b[i].isNull(), qPrintable(t.columns[i].name));

        // Bytes survive the project: stored, materialised for SQL, shown as hex.
        const QString project = newProject(QStringLiteral("kinds-") + name);
        {
            auto opened = Project::open(project);
            QVERIFY2(opened.ok(), qPrintable(opened.error()));
            auto imported = KnowledgeImporter::import(*opened.value(), read.value(), {});
            QVERIFY2(imported.ok(), qPrintable(imported.error()));
        }
        auto reopened = Project::open(project);
        QVERIFY(reopened.ok());
        const KnowledgeBase *kb = reopened.value()->service<KnowledgeBase>();
        auto rows = kb->rows(kb->tableNamed(QStringLiteral("kinds"))->id);
        QVERIFY2(rows.ok(), qPrintable(rows.error()));
        const qint64 rawColumn = kb->tableNamed(QStringLiteral("kinds"))->columns[10].id;
        QCOMPARE(rows.value().constFirst().values.value(rawColumn).toByteArray(), QByteArray("\x00\xff", 2));
        QCOMPARE(KnowledgeValue::displayText(rows.value().constFirst().values.value(rawColumn)), QStringLiteral("0x00ff"));
        auto connection = KnowledgeConnection::open(*kb);
        QVERIFY2(connection.ok(), qPrintable(connection.error()));
        auto raw = connection.value().query(QStringLiteral("SELECT typeof(raw), hex(raw) FROM kinds WHERE id = 1"));
        QVERIFY2(raw.ok(), qPrintable(raw.error()));
        QCOMPARE(raw.value().rows.constFirst(), (QVariantList{QStringLiteral("blob"), QStringLiteral("00FF")}));

        // What only one server has: PostgreSQL's money (in the server's locale) and MySQL's
        // unsigned bigint and bit(n), and decimals with more digits than a double holds.
        {
            QSqlDatabase d = s->connect(db, QStringLiteral("kinds-extra"));
            QSqlQuery q(d);
            const QStringList sql = pg
                ? QStringList{QStringLiteral("CREATE TABLE extra (id integer PRIMARY KEY, m money, big numeric(30,10))"),
                              QStringLiteral("INSERT INTO extra VALUES (1, 12.34, 12345678901234567890.0123456789)")}
                : QStringList{QStringLiteral("CREATE TABLE extra (id integer PRIMARY KEY, u bigint unsigned, b bit(3), big decimal(30,10))"),
                              QStringLiteral("INSERT INTO extra VALUES (1, 18446744073709551615, b'101', 12345678901234567890.0123456789)")};
            for (const QString &statement : sql)
                QVERIFY2(q.exec(statement), qPrintable(q.lastError().text()));
        }
        QSqlDatabase::removeDatabase(QStringLiteral("kinds-extra"));
        auto extra = ServerSchemaReader::read(s->location(db), {QStringLiteral("extra")});
        QVERIFY2(extra.ok(), qPrintable(extra.error()));
        const ImportedTable &e = extra.value().tables.constFirst();
        const QVariantList &x = e.rows.constFirst();
        if (pg) {
            QCOMPARE(e.columns[1].type, QStringLiteral("NUMERIC"));
            QCOMPARE(x[1], QVariant(12.34));
        } else {
            QCOMPARE(e.columns[1].type, QStringLiteral("NUMERIC"));
            QCOMPARE(x[1], QVariant(QStringLiteral("18446744073709551615")));
            QCOMPARE(e.columns[2].type, QStringLiteral("INTEGER"));
            QCOMPARE(x[2], QVariant(qlonglong(5)));
        }
        QCOMPARE(x.constLast(), QVariant(QStringLiteral("12345678901234567890.0123456789")));
    }

    // A table name the project has already fails before any row is read.
    void takenNameFailsBeforeTheRows()
    {
        QString problem;
        test::TestServer *s = server(QStringLiteral("postgres"), &problem);
        if (!problem.isEmpty())
            QSKIP(qPrintable(problem));
        const QString project = m_dir.filePath(QStringLiteral("taken.assay"));
        QFile::remove(project);
        QVERIFY(QFile::copy(m_reference, project));
        QFile::setPermissions(project, QFile::ReadOwner | QFile::WriteOwner);
        const CliOutcome o = cli({QStringLiteral("schema"), QStringLiteral("import"), project, QStringLiteral("--postgres"), s->uri(QStringLiteral("company"))});
        QVERIFY(o.code != 0);
        QVERIFY2(o.err.contains(QStringLiteral("the project already has a table")), qPrintable(o.err));
        QVERIFY2(!o.err.contains(QStringLiteral(" rows]")), qPrintable(o.err));
    }

    // Generation and a retrieval-only run, end to end, on the server's import: the same
    // templates give the same answers as on the script's import.
    void generationAndRunEndToEnd_data() { importsWhatTheScriptHolds_data(); }
    void generationAndRunEndToEnd()
    {
        QFETCH(QString, name);
        QString problem;
        test::TestServer *s = server(name, &problem);
        if (!problem.isEmpty())
            QSKIP(qPrintable(problem));
        QStringList answers;
        // The script's pipeline runs once for both servers.
        const QStringList sources = m_scriptAnswers.isEmpty() ? QStringList{name, QStringLiteral("script")} : QStringList{name};
        for (const QString &source : sources) {
            const QString project = newProject(QStringLiteral("e2e-") + source);
            const QStringList importArgs = source == QLatin1String("script")
                ? QStringList{QStringLiteral("--sql"), data() + QStringLiteral("schema.sql")}
                : QStringList{name == QLatin1String("postgres") ? QStringLiteral("--postgres") : QStringLiteral("--mysql"), s->uri(QStringLiteral("company"))};
            const QList<QStringList> steps{
                QStringList{QStringLiteral("schema"), QStringLiteral("import"), project} + importArgs,
                {QStringLiteral("generate"), QStringLiteral("sql-templates"), project, QStringLiteral("--rules")},
                {QStringLiteral("generate"), QStringLiteral("text-templates"), project, QStringLiteral("--offline"), QStringLiteral("--forms"), QStringLiteral("short")},
                {QStringLiteral("generate"), QStringLiteral("queries"), project},
                {QStringLiteral("corpus"), QStringLiteral("import"), project, data() + QStringLiteral("profiles")},
                {QStringLiteral("run"), project, QStringLiteral("--name"), QStringLiteral("bm25"), QStringLiteral("--pipeline"), QStringLiteral("retriever=bm25,k=3,reader=none")},
                {QStringLiteral("score"), project, QStringLiteral("--run"), QStringLiteral("bm25"), QStringLiteral("--judge"), QStringLiteral("contains")},
            };
            for (const QStringList &args : steps) {
                const CliOutcome o = cli(args);
                QVERIFY2(o.code == 0, qPrintable(source + QStringLiteral(": ") + args.join(QLatin1Char(' ')) + QStringLiteral(": ") + o.out + o.err));
            }
            const CliOutcome info = cli({QStringLiteral("info"), project, QStringLiteral("--json")});
            QVERIFY2(info.code == 0, qPrintable(info.err));
            const auto j = nlohmann::json::parse(info.out.toStdString(), nullptr, false);
            QVERIFY2(!j.is_discarded(), qPrintable(info.out));
            // The generated work as counts (templates, groups, queries) and the run's score.
            QString counts;
            for (const char *key : {"sqlTemplates", "textTemplates", "groups", "queries"})
                if (j.contains("counts") && j["counts"].contains(key))
                    counts += QStringLiteral("%1=%2 ").arg(QLatin1String(key)).arg(QString::fromStdString(j["counts"][key].dump()));
            QVERIFY2(!counts.isEmpty(), qPrintable(info.out));
            const CliOutcome a = cli({QStringLiteral("analyze"), QStringLiteral("grammar"), project, QStringLiteral("--run"), QStringLiteral("bm25"), QStringLiteral("--json")});
            QVERIFY2(a.code == 0, qPrintable(a.err));
            answers << counts + QString::fromStdString(nlohmann::json::parse(a.out.toStdString(), nullptr, false).dump());
        }
        if (m_scriptAnswers.isEmpty())
            m_scriptAnswers = answers.value(1);
        QVERIFY2(answers[0].contains(QStringLiteral("queries=")), qPrintable(answers[0]));
        QCOMPARE(answers[0], m_scriptAnswers);
    }

    void failuresNameTheServerAndChangeNothing_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("expected");
        for (const QString &n : {QStringLiteral("postgres"), QStringLiteral("mariadb")}) {
            QTest::addRow("%s wrong password", qPrintable(n)) << n << QStringLiteral("password") << QStringLiteral("check the user and password");
            QTest::addRow("%s unknown database", qPrintable(n)) << n << QStringLiteral("database") << QStringLiteral("check the database's name");
            QTest::addRow("%s unknown table", qPrintable(n)) << n << QStringLiteral("table") << QStringLiteral("no table 'staff' (tables: company, employment, people)");
            QTest::addRow("%s no server", qPrintable(n)) << n << QStringLiteral("socket") << QStringLiteral("check that the server runs");
        }
        QTest::addRow("postgres unknown schema") << QStringLiteral("postgres") << QStringLiteral("schema") << QStringLiteral("the database has no schema 'crm'");
    }
    void failuresNameTheServerAndChangeNothing()
    {
        QFETCH(QString, name);
        QFETCH(QString, what);
        QFETCH(QString, expected);
        QString problem;
        test::TestServer *s = server(name, &problem);
        if (!problem.isEmpty())
            QSKIP(qPrintable(problem));
        const QString project = m_dir.filePath(QStringLiteral("fail.assay"));
        QFile::remove(project);
        QVERIFY(QFile::copy(m_reference, project));
        QFile::setPermissions(project, QFile::ReadOwner | QFile::WriteOwner);
        const QString before = knowledgeText(project);
        QString uri = s->uri(what == QLatin1String("database") ? QStringLiteral("nowhere") : QStringLiteral("company"));
        if (what == QLatin1String("socket"))
            uri.replace(QString::fromUtf8(QUrl::toPercentEncoding(s->folder(), "/")), QString::fromUtf8(QUrl::toPercentEncoding(m_dir.filePath(QStringLiteral("none")), "/")));
        QStringList args{QStringLiteral("schema"), QStringLiteral("import"), project, name == QLatin1String("postgres") ? QStringLiteral("--postgres") : QStringLiteral("--mysql"),
                         uri, QStringLiteral("--replace")};
        if (what == QLatin1String("table"))
            args << QStringLiteral("--tables") << QStringLiteral("company,staff");
        if (what == QLatin1String("schema"))
            args << QStringLiteral("--schema") << QStringLiteral("crm");
        const CliOutcome o = cli(args, what == QLatin1String("password") ? QStringLiteral("not-the-password") : QString::fromLatin1(test::TestServer::Password));
        QVERIFY2(o.code != 0, qPrintable(o.err));
        QVERIFY2(o.err.contains(expected), qPrintable(o.err));
        QVERIFY2(o.err.contains(name == QLatin1String("postgres") ? QStringLiteral("PostgreSQL assay@") : QStringLiteral("MySQL/MariaDB assay@")), qPrintable(o.err));
        QVERIFY2(!o.err.contains(QLatin1String(test::TestServer::Password)), qPrintable(o.err));
        QCOMPARE(knowledgeText(project), before);
    }

    // The connection ends while rows stream in: a failure naming the table and the rows read,
    // never a partial schema.
    void droppedConnectionMidImport_data() { importsWhatTheScriptHolds_data(); }
    void droppedConnectionMidImport()
    {
        QFETCH(QString, name);
        QString problem;
        test::TestServer *s = server(name, &problem);
        if (!problem.isEmpty())
            QSKIP(qPrintable(problem));
        const QString db = QStringLiteral("big");
        {
            QVERIFY(s->createDatabase(db));
            QSqlDatabase d = s->connect(db, QStringLiteral("big-load"));
            QVERIFY2(d.isOpen(), qPrintable(d.lastError().text()));
            QSqlQuery q(d);
            QVERIFY2(q.exec(QStringLiteral("CREATE TABLE facts (id integer PRIMARY KEY, label varchar(40), amount double precision)")), qPrintable(q.lastError().text()));
            const QString fill = name == QLatin1String("postgres")
                ? QStringLiteral("INSERT INTO facts SELECT i, 'fact ' || i, i * 0.5 FROM generate_series(1, 300000) AS i")
                : QStringLiteral("INSERT INTO facts SELECT seq, concat('fact ', seq), seq * 0.5 FROM seq_1_to_300000");
            QVERIFY2(q.exec(fill), qPrintable(q.lastError().text()));
            d = QSqlDatabase();
            QSqlDatabase::removeDatabase(QStringLiteral("big-load"));
        }
        bool dropped = false;
        qint64 all = 0;
        auto read = ServerSchemaReader::read(s->location(db), {}, [&](qint64 done, qint64 total, const QString &) {
            all = total;
            if (done > 0 && !dropped) {
                dropped = true;
                if (!s->terminateOthers(db))
                    qWarning("could not end the import's connection");
            }
            return true;
        });
        QVERIFY(dropped);
        QCOMPARE(all, qint64(300000));
        QVERIFY2(!read.ok(), "the import read on after its connection ended");
        QVERIFY2(read.error().contains(QStringLiteral("reading table facts stopped after")), qPrintable(read.error()));
        QVERIFY2(read.error().contains(QStringLiteral("the connection was lost")), qPrintable(read.error()));
        qInfo("%s", qPrintable(read.error()));
    }

    // The password reaches the server and nothing else: not the project file, not its WAL, not
    // what info prints.
    void passwordIsNeverStored()
    {
        QString problem;
        test::TestServer *s = server(QStringLiteral("postgres"), &problem);
        if (!problem.isEmpty())
            QSKIP(qPrintable(problem));
        const QString project = newProject(QStringLiteral("secret"));
        const CliOutcome o = cli({QStringLiteral("schema"), QStringLiteral("import"), project, QStringLiteral("--postgres"), s->uri(QStringLiteral("company"))});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        const CliOutcome info = cli({QStringLiteral("info"), project});
        QVERIFY2(info.code == 0, qPrintable(info.err));
        // Where the knowledge came from is said, without the password.
        QVERIFY2(info.out.contains(QStringLiteral("Knowledge:      imported from PostgreSQL assay@")), qPrintable(info.out));
        bool described = false;
        for (const QString &text : {o.out, o.err, info.out, info.err})
            QVERIFY(!text.contains(QLatin1String(test::TestServer::Password)));
        for (const QString &file : {project, project + QStringLiteral("-wal")}) {
            QFile f(file);
            if (!f.open(QIODevice::ReadOnly))
                continue;
            const QByteArray bytes = f.readAll();
            QVERIFY2(!bytes.contains(test::TestServer::Password), qPrintable(file));
            QVERIFY2(!bytes.contains(QByteArray(test::TestServer::Password).toBase64()), qPrintable(file));
            described = described || bytes.contains("PostgreSQL assay@");
        }
        QVERIFY2(described, "the import's origin (the server, without the password) is not in the project");
    }
};

ASSAY_TEST_GUILESS_MAIN(TestServerImport)

} // namespace tst_serverimport
#include "tst_serverimport.moc"
