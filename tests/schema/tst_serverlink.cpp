// Issue 52, linked: knowledge left on a real PostgreSQL and a real MariaDB (tests/testservers.h,
// Spider's company_employee). The rule templates are written in the server's dialect and run
// there; every template must give the groups, row counts and singular answers of the imported
// copy. The link runs read-only under a statement timeout, says when it cannot be reached
// (keeping every stored result), and never stores the password.
#include "cli/clirun.h"
#include "generation/llmtemplategenerator.h"
#include "generation/ruleenumerator.h"
#include "llm/llmclient.h"
#include "llm/llmstore.h"
#include "generation/sqltemplateintake.h"
#include "project/database.h"
#include "project/project.h"
#include "schema/knowledgebase.h"
#include "schema/linkcheck.h"
#include "schema/serverlocation.h"
#include "schema/sqlscriptreader.h"
#include "testendpoint.h"
#include "testmain.h"
#include "testservers.h"
#include "testsettings.h"

#include <QSqlQuery>
#include <QtTest>

namespace tst_serverlink {
using namespace assay;

class TestServerLink : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    test::PostgresServer m_postgres;
    test::MariaDbServer m_mariadb;
    QString m_postgresProblem, m_mariadbProblem;

    QString data() const { return QStringLiteral(ASSAY_TEST_DATA "/spider_company_employee/"); }

    test::TestServer *server(const QString &name, QString *problem)
    {
        *problem = name == QLatin1String("postgres") ? m_postgresProblem : m_mariadbProblem;
        return name == QLatin1String("postgres") ? static_cast<test::TestServer *>(&m_postgres) : &m_mariadb;
    }
    static QString option(const QString &name) { return name == QLatin1String("postgres") ? QStringLiteral("--postgres") : QStringLiteral("--mysql"); }

    CliOutcome cli(const QStringList &args, const QString &password = QString::fromLatin1(test::TestServer::Password))
    {
        qputenv("ASSAY_DB_PASSWORD", password.toUtf8());
        const CliOutcome o = runCli(args);
        qunsetenv("ASSAY_DB_PASSWORD");
        return o;
    }

    QString newProject(const QString &name)
    {
        const QString path = m_dir.filePath(name + QStringLiteral(".assay"));
        QFile::remove(path);
        const CliOutcome o = runCli({QStringLiteral("new"), path});
        return o.code == 0 ? path : QString();
    }

    // Each SQL template (in id order) as its state and measures, then its groups: values, row
    // count, and the answer where it is singular (several rows have no order in SQL).
    static QStringList generated(const QString &path)
    {
        auto project = Project::open(path);
        if (!project)
            return {project.error()};
        QStringList out;
        const Status read = project.value()->database().each(
            QStringLiteral("SELECT t.id, t.state, t.fill_ins, round(t.singular_rate, 6), coalesce(t.reason, ''), g.vals, g.row_count, "
                           "CASE WHEN g.row_count = 1 THEN g.answer END "
                           "FROM sql_template t LEFT JOIN query_group g ON g.sql_template_id = t.id ORDER BY t.id, g.id"),
            {}, [&](const Statement &r) {
                QStringList cells;
                for (int i = 1; i < r.columnCount(); ++i)
                    cells << (r.isNull(i) ? QStringLiteral("NULL") : r.text(i));
                out << cells.join(QLatin1Char('|'));
                return true;
            });
        if (!read)
            return {read.error()};
        return out;
    }

    // A linked and an imported project of the same server database.
    bool linkAndImport(const QString &name, const QString &dialect, test::TestServer *s, QString *linked, QString *imported)
    {
        *linked = newProject(name + QStringLiteral("-linked"));
        *imported = newProject(name + QStringLiteral("-imported"));
        const CliOutcome l = cli({QStringLiteral("schema"), QStringLiteral("import"), *linked, option(dialect), s->uri(QStringLiteral("company")), QStringLiteral("--link")});
        const CliOutcome i = cli({QStringLiteral("schema"), QStringLiteral("import"), *imported, option(dialect), s->uri(QStringLiteral("company"))});
        if (l.code != 0 || i.code != 0)
            qWarning("%s\n%s", qPrintable(l.err), qPrintable(i.err));
        return l.code == 0 && i.code == 0;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        auto spider = SqlScriptReader::readFile(data() + QStringLiteral("schema.sql"));
        QVERIFY2(spider.ok(), qPrintable(spider.error()));
        for (test::TestServer *s : {static_cast<test::TestServer *>(&m_postgres), static_cast<test::TestServer *>(&m_mariadb)}) {
            QString problem = s->start();
            if (problem.isEmpty() && !s->createDatabase(QStringLiteral("company")))
                problem = QStringLiteral("cannot create the database");
            if (problem.isEmpty())
                problem = s->load(QStringLiteral("company"), spider.value());
            QVERIFY2(problem.isEmpty() || s->missingBinaries(), qPrintable(problem));
            (s == &m_postgres ? m_postgresProblem : m_mariadbProblem) = problem;
        }
    }

    void servers_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("postgres") << QStringLiteral("postgres");
        QTest::newRow("mariadb") << QStringLiteral("mariadb");
    }

    // What a linked project stores reads back as the same location, without the password.
    void uriRoundTrips()
    {
        for (const QString &uri : {QStringLiteral("postgresql://ann:pw@db.example:6543/sales?schema=Q1&timeout=30"),
                                   QStringLiteral("postgresql://ann@/sales?host=/var/run/postgresql"),
                                   QStringLiteral("mysql://bo%20b@localhost/shop?socket=/run/mysqld/mysqld.sock"),
                                   QStringLiteral("mysql://bob@10.0.0.7:3307/shop")}) {
            auto l = ServerLocation::parse(uri);
            QVERIFY2(l.ok(), qPrintable(l.error()));
            const QString stored = l.value().uri();
            QVERIFY2(!stored.contains(QLatin1String("pw")), qPrintable(stored));
            auto back = ServerLocation::parse(stored);
            QVERIFY2(back.ok(), qPrintable(stored + QStringLiteral(": ") + back.error()));
            QCOMPARE(back.value().describe(), l.value().describe());
            QCOMPARE(back.value().account(), l.value().account());
            QCOMPARE(back.value().timeoutSeconds, l.value().timeoutSeconds);
            QCOMPARE(back.value().uri(), stored);
            // A socket is not a host: the stored URI names none.
            QVERIFY2(l.value().socket.isEmpty() || !stored.contains(QLatin1String("@localhost")), qPrintable(stored));
        }
    }

    // The rule templates in the server's dialect give what the imported copy gives.
    void linkedGenerationEqualsImported_data() { servers_data(); }
    void linkedGenerationEqualsImported()
    {
        QFETCH(QString, name);
        QString problem, linked, imported;
        test::TestServer *s = server(name, &problem);
        if (!problem.isEmpty())
            QSKIP(qPrintable(problem));
        QVERIFY(linkAndImport(name, name, s, &linked, &imported));
        {
            auto p = Project::open(linked);
            QVERIFY2(p.ok(), qPrintable(p.error()));
            const KnowledgeBase *kb = p.value()->service<KnowledgeBase>();
            QVERIFY(kb->isRemote());
            QCOMPARE(kb->tables().size(), 3);
            const QStringList sqls = RuleEnumerator::enumerate(*kb);
            QVERIFY(!sqls.isEmpty());
            // Written in the server's dialect.
            if (name == QLatin1String("postgres")) {
                QVERIFY2(sqls.join(QLatin1Char('\n')).contains(QStringLiteral("\"Company_ID\"")), qPrintable(sqls.join(QLatin1Char('\n'))));
            } else {
                QVERIFY2(sqls.join(QLatin1Char('\n')).contains(QStringLiteral("= BINARY '[")), qPrintable(sqls.join(QLatin1Char('\n'))));
                QVERIFY(!sqls.join(QLatin1Char('\n')).contains(QLatin1Char('"')));
            }
        }
        for (const QString &project : {linked, imported}) {
            const CliOutcome g = cli({QStringLiteral("generate"), QStringLiteral("sql-templates"), project, QStringLiteral("--rules")});
            QVERIFY2(g.code == 0, qPrintable(g.out + g.err));
        }
        const QStringList fromServer = generated(linked), fromCopy = generated(imported);
        QVERIFY2(fromCopy.size() > 20, qPrintable(fromCopy.join(QLatin1Char('\n'))));
        for (int i = 0; i < std::min(fromServer.size(), fromCopy.size()); ++i)
            QVERIFY2(fromServer[i] == fromCopy[i], qPrintable(QStringLiteral("line %1: linked %2\nimported %3").arg(i).arg(fromServer[i], fromCopy[i])));
        QCOMPARE(fromServer, fromCopy);
    }

    // Linked, the whole pipeline runs: text templates, queries, corpus, a run and its score,
    // with the link checked by info.
    void linkedPipelineEndToEnd_data() { servers_data(); }
    void linkedPipelineEndToEnd()
    {
        QFETCH(QString, name);
        QString problem, linked, imported;
        test::TestServer *s = server(name, &problem);
        if (!problem.isEmpty())
            QSKIP(qPrintable(problem));
        QVERIFY(linkAndImport(name + QStringLiteral("-e2e"), name, s, &linked, &imported));
        QStringList scores;
        for (const QString &project : {linked, imported}) {
            const QList<QStringList> steps{
                {QStringLiteral("generate"), QStringLiteral("sql-templates"), project, QStringLiteral("--rules")},
                {QStringLiteral("generate"), QStringLiteral("text-templates"), project, QStringLiteral("--offline"), QStringLiteral("--forms"), QStringLiteral("short")},
                {QStringLiteral("generate"), QStringLiteral("queries"), project},
                {QStringLiteral("corpus"), QStringLiteral("import"), project, data() + QStringLiteral("profiles")},
                {QStringLiteral("run"), project, QStringLiteral("--name"), QStringLiteral("bm25"), QStringLiteral("--pipeline"), QStringLiteral("retriever=bm25,k=3,reader=none")},
                {QStringLiteral("score"), project, QStringLiteral("--run"), QStringLiteral("bm25"), QStringLiteral("--judge"), QStringLiteral("contains")},
            };
            for (const QStringList &args : steps) {
                const CliOutcome o = cli(args);
                QVERIFY2(o.code == 0, qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") + o.out + o.err));
            }
            const CliOutcome a = cli({QStringLiteral("analyze"), QStringLiteral("grammar"), project, QStringLiteral("--run"), QStringLiteral("bm25"), QStringLiteral("--json")});
            QVERIFY2(a.code == 0, qPrintable(a.err));
            scores << a.out;
        }
        QCOMPARE(scores[0], scores[1]);
        const CliOutcome info = cli({QStringLiteral("info"), linked});
        QVERIFY2(info.code == 0, qPrintable(info.err));
        QVERIFY2(info.out.contains(QStringLiteral("linked read-only to %1").arg(name == QLatin1String("postgres") ? QStringLiteral("PostgreSQL assay@")
                                                                                                             : QStringLiteral("MySQL/MariaDB assay@"))),
                 qPrintable(info.out));
        // The row counts come from the server.
        QVERIFY2(info.out.contains(QStringLiteral("Table people (7 rows)")) || info.out.contains(QStringLiteral("Table people (")), qPrintable(info.out));
        QVERIFY2(!info.out.contains(QStringLiteral("cannot be reached")), qPrintable(info.out));
    }

    // A link that cannot be reached says so, and leaves every stored result in place; a
    // generation then fails naming the server and changes nothing.
    void unreachableLinkKeepsResults()
    {
        QString problem, linked, imported;
        test::TestServer *s = server(QStringLiteral("postgres"), &problem);
        if (!problem.isEmpty())
            QSKIP(qPrintable(problem));
        QVERIFY(linkAndImport(QStringLiteral("gone"), QStringLiteral("postgres"), s, &linked, &imported));
        const CliOutcome g = cli({QStringLiteral("generate"), QStringLiteral("sql-templates"), linked, QStringLiteral("--rules")});
        QVERIFY2(g.code == 0, qPrintable(g.err));
        const QStringList before = generated(linked);
        // The server "moves": the stored link now names a socket folder where none runs.
        {
            auto db = Database::open(linked, Database::Mode::ReadWrite);
            QVERIFY2(db.ok(), qPrintable(db.error()));
            QVERIFY(db.value().run(QStringLiteral("UPDATE knowledge_source SET path = replace(path, ?, ?)"),
                                   {QString::fromUtf8(QUrl::toPercentEncoding(s->socket(), "/")), QStringLiteral("/nonexistent/pg")}).ok());
        }
        const CliOutcome info = cli({QStringLiteral("info"), linked});
        QVERIFY2(info.code == 0, qPrintable(info.err));
        QVERIFY2(info.out.contains(QStringLiteral("cannot be reached")), qPrintable(info.out));
        QVERIFY2(info.out.contains(QStringLiteral("/nonexistent/pg")), qPrintable(info.out));
        QVERIFY2(info.out.contains(QStringLiteral("every stored result is kept")), qPrintable(info.out));
        const CliOutcome json = cli({QStringLiteral("info"), linked, QStringLiteral("--json")});
        const auto j = nlohmann::json::parse(json.out.toStdString(), nullptr, false);
        QVERIFY2(!j.is_discarded() && j["knowledge_source"]["reachable"] == false, qPrintable(json.out));
        const CliOutcome again = cli({QStringLiteral("generate"), QStringLiteral("sql-templates"), linked, QStringLiteral("--rules")});
        QVERIFY(again.code != 0);
        QVERIFY2(again.err.contains(QStringLiteral("PostgreSQL assay@/nonexistent/pg")), qPrintable(again.err));
        QCOMPARE(generated(linked), before);
    }

    // Read-only on the server: a template that would write is refused by the server (and by
    // Assay before it), and nothing on the server changes.
    void readOnlyAndTimeout_data() { servers_data(); }
    void readOnlyAndTimeout()
    {
        QFETCH(QString, name);
        QString problem;
        test::TestServer *s = server(name, &problem);
        if (!problem.isEmpty())
            QSKIP(qPrintable(problem));
        const bool postgres = name == QLatin1String("postgres");
        const QString project = newProject(name + QStringLiteral("-guard"));
        // A one-second statement timeout, as a user can set it in the URI.
        const CliOutcome l = cli({QStringLiteral("schema"), QStringLiteral("import"), project, option(name),
                                  s->uri(QStringLiteral("company")) + QStringLiteral("&timeout=1"), QStringLiteral("--link")});
        QVERIFY2(l.code == 0, qPrintable(l.err));
        auto p = Project::open(project);
        QVERIFY2(p.ok(), qPrintable(p.error()));
        QVERIFY(p.value()->service<KnowledgeBase>()->linkedPath().contains(QStringLiteral("timeout=1")));
        qputenv("ASSAY_DB_PASSWORD", test::TestServer::Password);
        const QString locking = postgres ? QStringLiteral("SELECT \"Name\" FROM people WHERE \"Name\" = '[people.Name]' FOR UPDATE")
                                         : QStringLiteral("SELECT Name FROM people WHERE Name = '[people.Name]' FOR UPDATE");
        const QString writing = postgres ? QStringLiteral("WITH gone AS (DELETE FROM people RETURNING \"Name\") SELECT \"Name\" FROM gone WHERE \"Name\" = '[people.Name]'")
                                         : QStringLiteral("SELECT Name FROM people WHERE Name = '[people.Name]' INTO OUTFILE '/tmp/assay-link-out'");
        const QString slow = postgres ? QStringLiteral("SELECT \"Name\" FROM people WHERE \"Name\" = '[people.Name]' OR pg_sleep(1.5) IS NULL")
                                      : QStringLiteral("SELECT Name FROM people WHERE Name = '[people.Name]' OR SLEEP(1.5) = 1");
        const QString fine = postgres ? QStringLiteral("SELECT \"Age\" FROM people WHERE \"Name\" = '[people.Name]'")
                                      : QStringLiteral("SELECT Age FROM people WHERE Name = BINARY '[people.Name]'");
        auto report = SqlTemplateIntake(*p.value()).add({locking, writing, slow, fine}, QStringLiteral("user"));
        qunsetenv("ASSAY_DB_PASSWORD");
        QVERIFY2(report.ok(), qPrintable(report.error()));
        QCOMPARE(report.value().rejected, 3);
        QCOMPARE(report.value().accepted, 1);
        p.value().reset();
        QStringList reasons;
        {
            auto db = Database::open(project, Database::Mode::ReadOnly);
            QVERIFY(db.ok());
            QVERIFY(db.value().each(QStringLiteral("SELECT reason FROM sql_template WHERE state = 'rejected' ORDER BY id"), {}, [&](const Statement &r) {
                reasons << r.text(0);
                return true;
            }).ok());
        }
        QCOMPARE(reasons.size(), 3);
        const QString all = reasons.join(QLatin1Char('\n'));
        QVERIFY2(reasons[0].startsWith(QStringLiteral("not read-only: the statement locks rows")), qPrintable(all));
        if (postgres) {
            QVERIFY2(reasons[1].contains(QStringLiteral("read-only transaction")), qPrintable(all));
            QVERIFY2(reasons[2].contains(QStringLiteral("statement timeout")), qPrintable(all));
        } else {
            // A SELECT that writes a file is refused before it reaches the server.
            QVERIFY2(reasons[1].startsWith(QStringLiteral("not read-only: SELECT … INTO writes a file")), qPrintable(all));
            QVERIFY2(reasons[2].contains(QStringLiteral("max_statement_time")) || reasons[2].contains(QStringLiteral("interrupted")), qPrintable(all));
        }
        for (const QString &reason : reasons)
            QVERIFY2(reason.contains(postgres ? QStringLiteral("PostgreSQL assay@") : QStringLiteral("MySQL/MariaDB assay@")) || reason.startsWith(QStringLiteral("not read-only")),
                     qPrintable(all));
        // The server's rows are all there.
        QSqlDatabase direct = s->connect(QStringLiteral("company"), QStringLiteral("tst_serverlink_direct_") + name);
        QVERIFY(direct.isOpen());
        {
            QSqlQuery q(direct);
            QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM people")) && q.next());
            QCOMPARE(q.value(0).toInt(), 7);
        }
        direct.close();
        direct = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("tst_serverlink_direct_") + name);
    }

    // An LLM asked for SQL templates of a linked project is told the server's dialect.
    void llmIsAskedForTheServersDialect_data() { servers_data(); }
    void llmIsAskedForTheServersDialect()
    {
        QFETCH(QString, name);
        QString problem;
        test::TestServer *s = server(name, &problem);
        if (!problem.isEmpty())
            QSKIP(qPrintable(problem));
        test::isolateSettings();
        assay::test::TestEndpoint endpoint;
        QVERIFY(endpoint.start());
        const QString project = newProject(name + QStringLiteral("-llm"));
        const CliOutcome l = cli({QStringLiteral("schema"), QStringLiteral("import"), project, option(name), s->uri(QStringLiteral("company")), QStringLiteral("--link")});
        QVERIFY2(l.code == 0, qPrintable(l.err));
        auto p = Project::open(project);
        QVERIFY2(p.ok(), qPrintable(p.error()));
        LlmProfile profile;
        profile.name = QStringLiteral("local");
        profile.baseUrl = endpoint.baseUrl();
        profile.model = QStringLiteral("m");
        LlmStore store(p.value()->database());
        LlmClient client(profile, &store);
        LlmTemplateGenerator generator(*p.value(), client);
        qRegisterMetaType<LlmTemplateGenerator::Report>();
        QSignalSpy finished(&generator, &LlmTemplateGenerator::finished);
        qputenv("ASSAY_DB_PASSWORD", test::TestServer::Password);
        generator.generateSqlTemplates();
        QVERIFY(!finished.isEmpty() || finished.wait(30000));
        qunsetenv("ASSAY_DB_PASSWORD");
        const auto sent = nlohmann::json::parse(endpoint.lastBody().toStdString());
        const QString prompt = QString::fromStdString(sent["messages"][0]["content"].get<std::string>());
        QVERIFY2(prompt.contains(name == QLatin1String("postgres") ? QStringLiteral("- Write PostgreSQL: put names that are not all lower case in double quotes")
                                                                   : QStringLiteral("- Write MySQL: quote names with backticks")),
                 qPrintable(prompt));
    }

    void passwordIsNeverStored()
    {
        QString problem, linked, imported;
        test::TestServer *s = server(QStringLiteral("mariadb"), &problem);
        if (!problem.isEmpty())
            QSKIP(qPrintable(problem));
        QVERIFY(linkAndImport(QStringLiteral("secret"), QStringLiteral("mariadb"), s, &linked, &imported));
        const CliOutcome g = cli({QStringLiteral("generate"), QStringLiteral("sql-templates"), linked, QStringLiteral("--rules")});
        QVERIFY2(g.code == 0, qPrintable(g.err));
        const CliOutcome info = cli({QStringLiteral("info"), linked, QStringLiteral("--json")});
        for (const QString &text : {g.out, g.err, info.out, info.err})
            QVERIFY(!text.contains(QLatin1String(test::TestServer::Password)));
        for (const QString &file : {linked, linked + QStringLiteral("-wal")}) {
            QFile f(file);
            if (!f.open(QIODevice::ReadOnly))
                continue;
            QVERIFY2(!f.readAll().contains(test::TestServer::Password), qPrintable(file));
        }
        // Without the password the link says why it cannot be reached.
        const CliOutcome wrong = cli({QStringLiteral("info"), linked}, QStringLiteral("wrong"));
        QVERIFY2(wrong.out.contains(QStringLiteral("cannot be reached")) && wrong.out.contains(QStringLiteral("check the user and password")), qPrintable(wrong.out));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestServerLink)

} // namespace tst_serverlink
#include "tst_serverlink.moc"
