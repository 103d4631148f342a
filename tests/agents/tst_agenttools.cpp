// The agents' tool registry on the demo project: every tool's observation, and the model's
// mistakes (unknown tool, missing argument, DROP / ATTACH / PRAGMA / several statements, a
// syntax error) as error observations that change nothing, never as failures.
#include "testmain.h"
#include "readers/agenttools.h"
#include "retrieval/corpusstore.h"
#include "retrieval/retriever.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgeconnection.h"
#include "testdemo.h"
#include "testsettings.h"

#include <QtTest>

namespace tst_agenttools {

using namespace assay;

class TestAgentTools : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_demo;
    std::unique_ptr<Retriever> m_retriever;
    std::optional<KnowledgeConnection> m_knowledge;
    std::unique_ptr<CorpusStore> m_corpus;
    std::unique_ptr<AgentTools> m_tools;

    AgentTools::Observation call(const QString &tool, const nlohmann::json &arguments)
    {
        auto o = m_tools->call(tool, arguments);
        if (!o)
            qFatal("%s failed: %s", qPrintable(tool), qPrintable(o.error()));
        return o.value();
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        m_demo = test::openDemoProject(m_dir);
        QVERIFY(m_demo);
        auto retriever = Retriever::create(QStringLiteral("bm25"), m_demo->database());
        QVERIFY2(retriever, qPrintable(retriever.error()));
        m_retriever = retriever.take();
        auto knowledge = KnowledgeConnection::open(*m_demo->service<KnowledgeBase>());
        QVERIFY2(knowledge, qPrintable(knowledge.error()));
        m_knowledge.emplace(knowledge.take());
        m_corpus = std::make_unique<CorpusStore>(m_demo->database());
        AgentTools::Limits limits;
        limits.rowLimit = 5;
        m_tools = std::make_unique<AgentTools>(m_retriever.get(), m_corpus.get(), &*m_knowledge, m_demo->service<KnowledgeBase>()->tables(), limits);
    }

    void schemaTools()
    {
        const auto tables = call(QStringLiteral("list_tables"), nlohmann::json::object());
        QVERIFY(!tables.error);
        for (const char *t : {"offices", "employees", "clients", "projects"})
            QVERIFY2(tables.text.contains(QLatin1String(t)), qPrintable(tables.text));
        const auto projects = call(QStringLiteral("describe"), {{"table", "Projects"}});
        QVERIFY(!projects.error);
        QVERIFY2(projects.text.contains(QLatin1String("project_id INTEGER primary key")), qPrintable(projects.text));
        QVERIFY2(projects.text.contains(QLatin1String("client_id INTEGER references clients.client_id")), qPrintable(projects.text));
        const auto unknown = call(QStringLiteral("describe"), {{"table", "planets"}});
        QVERIFY(unknown.error);
        QVERIFY(unknown.text.contains(QLatin1String("No table 'planets'")) && unknown.text.contains(QLatin1String("offices")));
    }

    void sqlShowsRowsUpToTheLimit()
    {
        const auto one = call(QStringLiteral("sql"), {{"query", "SELECT country, desk_count FROM offices WHERE city = 'Bergen'"}});
        QVERIFY(!one.error);
        QCOMPARE(one.text, QStringLiteral("country | desk_count\nNorway | 38"));
        const auto many = call(QStringLiteral("sql"), {{"query", "SELECT full_name FROM employees ORDER BY employee_id"}});
        QCOMPARE(many.text.count(QLatin1Char('\n')), 1 + 5 + 0); // header, five rows, the note
        QVERIFY(many.text.endsWith(QLatin1String("(more rows not shown; the first 5 are above)")));
        QCOMPARE(call(QStringLiteral("sql"), {{"query", "SELECT city FROM offices WHERE 0"}}).text, QStringLiteral("city\n(no rows)"));
    }

    void refusedStatementsAreObservations_data()
    {
        QTest::addColumn<QString>("query");
        QTest::newRow("drop") << "DROP TABLE offices";
        QTest::newRow("delete") << "DELETE FROM offices";
        QTest::newRow("attach") << "ATTACH DATABASE '/tmp/x.db' AS x";
        QTest::newRow("pragma") << "PRAGMA writable_schema = 1";
        QTest::newRow("two statements") << "SELECT 1; DROP TABLE offices";
        QTest::newRow("syntax") << "SELEC city FROM offices";
        QTest::newRow("no such table") << "SELECT * FROM planets";
    }
    void refusedStatementsAreObservations()
    {
        QFETCH(QString, query);
        const auto o = call(QStringLiteral("sql"), {{"query", query.toStdString()}});
        QVERIFY(o.error);
        QVERIFY2(o.text.startsWith(QLatin1String("SQL refused: ")), qPrintable(o.text));
        QCOMPARE(call(QStringLiteral("sql"), {{"query", "SELECT count(*) FROM offices"}}).text.section(QLatin1Char('\n'), 1), QStringLiteral("6")); // the demo's six offices, all still there
    }

    void searchAndLookup()
    {
        const auto hits = call(QStringLiteral("search"), {{"query", "Bergen office desks"}, {"k", 2}});
        QVERIFY(!hits.error);
        QCOMPARE(hits.docIds.size(), 2);
        QVERIFY2(hits.text.startsWith(QLatin1String("[1] (document ")), qPrintable(hits.text));
        QCOMPARE(call(QStringLiteral("search"), {{"query", "project client office"}, {"k", 500}}).docIds.size(), 10); // clamped
        const auto bergen = call(QStringLiteral("lookup"), {{"text", "Bergen"}});
        QVERIFY(!bergen.error);
        QVERIFY2(bergen.text.contains(QLatin1String("row of offices: office_id=1, city=Bergen, country=Norway")), qPrintable(bergen.text));
        QVERIFY2(bergen.text.contains(QLatin1String("passage (document ")), qPrintable(bergen.text));
        // Query syntax in the text is only text.
        const auto odd = call(QStringLiteral("lookup"), {{"text", "\"Bergen\" OR NEAR( %_ \\"}});
        QVERIFY(!odd.error);
        QCOMPARE(odd.text, QStringLiteral("Nothing mentions \"\"Bergen\" OR NEAR( %_ \\\"."));
    }

    void finishAndMistakes()
    {
        const auto done = call(QStringLiteral("finish"), {{"answer", " Norway "}});
        QVERIFY(done.finished && !done.error);
        QCOMPARE(done.answer, QStringLiteral("Norway"));
        const auto unknown = call(QStringLiteral("calculator"), {{"x", 1}});
        QVERIFY(unknown.error && !unknown.finished);
        QVERIFY(unknown.text.contains(QLatin1String("search, lookup, list_tables, describe, sql, finish")));
        QVERIFY(call(QStringLiteral("search"), nlohmann::json::object()).error);
        QVERIFY(call(QStringLiteral("sql"), {{"query", 42}}).error);
        QVERIFY(call(QStringLiteral("finish"), nlohmann::json::array()).error);
        // The function definitions name the same tools, each with its required arguments.
        QStringList defined;
        for (const auto &f : AgentTools::functionDefinitions())
            defined << QString::fromStdString(f["function"]["name"].get<std::string>());
        QCOMPARE(defined, AgentTools::names());
    }
};

ASSAY_TEST_GUILESS_MAIN(TestAgentTools)

} // namespace tst_agenttools
#include "tst_agenttools.moc"
