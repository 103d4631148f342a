// The agentic readers end to end on the demo project, against the loopback endpoint scripted
// to play an agent: ReAct's text actions, function calling's tool_calls, DFSDT backtracking
// from a failed branch, PAL's program with a correction, the step limit and the token budget
// halting an item, a refused SQL statement as an observation, and traces that survive the
// project file.
#include "testmain.h"
#include "readers/agenttrace.h"
#include "readers/palepisode.h"
#include "analysis/workflowfigures.h"
#include "generation/generationcuration.h"
#include "project/database.h"
#include "project/project.h"
#include "readers/pipelinespec.h"
#include "runs/runexecutor.h"
#include "runs/runexporter.h"
#include "runs/runstore.h"
#include "runs/scorer.h"
#include "testdemo.h"
#include "testendpoint.h"
#include "testllm.h"
#include "testsettings.h"

#include <QtTest>

namespace tst_agentreaders {

using namespace assay;
using Turn = test::TestEndpoint::AgentTurn;

namespace {

Turn text(int turn, const QString &content, const QString &when = {})
{
    Turn t;
    t.turn = turn;
    t.content = content;
    t.when = when;
    return t;
}

Turn tool(int turn, const QString &name, const QString &arguments, const QString &when = {})
{
    Turn t;
    t.turn = turn;
    t.tool = name;
    t.arguments = arguments;
    t.when = when;
    return t;
}

struct Item {
    QString query;
    QString answer;
    QString status;
    bool halted = false;
    QString error;
    QString trace;
    QStringList retrieved;
};

} // namespace

class TestAgentReaders : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_demo;
    test::TestEndpoint m_endpoint;

    // A run of `spec` over the demo's first `n` short queries (q19: Belgium → Ghent, q20:
    // Estonia → Tallinn, q21: Ireland → Cork, q22: Malta → Valletta, q23: Norway → Bergen,
    // q24: Portugal → Porto), executed; its items by query.
    QHash<QString, Item> run(const QString &name, const QString &spec, int n = 6, int skip = 0)
    {
        QHash<QString, Item> out;
        RunStore store(m_demo->database());
        auto p = PipelineSpec::parse(spec);
        if (!p)
            qFatal("%s", qPrintable(p.error()));
        auto id = store.openOrCreate(name, p.value(), QStringLiteral("short"));
        if (!id)
            qFatal("%s", qPrintable(id.error()));
        if (!m_demo->database().exec(QStringLiteral("DELETE FROM run_item WHERE run_id = %1 AND id NOT IN "
                                                    "(SELECT id FROM run_item WHERE run_id = %1 ORDER BY id LIMIT %2 OFFSET %3)").arg(id.value()).arg(n).arg(skip)))
            qFatal("delete failed");
        auto report = RunExecutor::execute(m_demo->database(), id.value());
        if (!report)
            qFatal("%s", qPrintable(report.error()));
        auto read = m_demo->database().prepare(QStringLiteral("SELECT query, answer, status, halted, error, trace, retrieved_ids FROM run_item WHERE run_id = ?"));
        if (!read)
            qFatal("%s", qPrintable(read.error()));
        read.value().bind(1, id.value());
        const Status done = read.value().forEach([&](const Statement &r) {
            Item i{r.text(0), r.text(1), r.text(2), r.integer(3) != 0, r.text(4), r.text(5), {}};
            for (const auto &d : nlohmann::json::parse(r.text(6).toStdString()))
                i.retrieved << QString::fromStdString(d.get<std::string>());
            out.insert(i.query.section(QLatin1Char('\''), 1, 1), i); // by country
        });
        if (!done)
            qFatal("%s", qPrintable(done.error()));
        return out;
    }

    static AgentTrace traceOf(const Item &item)
    {
        auto t = AgentTrace::fromJson(item.trace);
        if (!t)
            qFatal("not a trace: %s (%s)", qPrintable(t.error()), qPrintable(item.trace.left(300)));
        return t.take();
    }
    static QStringList actions(const AgentTrace &t)
    {
        QStringList out;
        for (const AgentStep &s : t.steps())
            out << (s.action.isEmpty() ? QStringLiteral("-") : s.action) + (s.error ? QStringLiteral("!") : QString());
        return out;
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_endpoint.start());
        QVERIFY(test::saveEndpointProfile(m_endpoint, QStringLiteral("local"), 1000, 2000));
        m_demo = test::openDemoProject(m_dir);
        QVERIFY(m_demo);
        // ReAct: the schema, a query, the answer; Malta: an action it cannot read first.
        m_endpoint.addAgentScript(QStringLiteral("'Belgium'"),
                                  {text(0, QStringLiteral("Thought: The database may know.\nAction: List_tables[]")),
                                   text(1, QStringLiteral("Thought: offices has countries.\nAction 2: Sql[SELECT city FROM offices WHERE country = 'Belgium']\n"
                                                          "Observation 2: Brussels")),
                                   text(2, QStringLiteral("Thought: Ghent it is.\nAction: Finish[Ghent]"))});
        m_endpoint.addAgentScript(QStringLiteral("'Malta'"), {text(0, QStringLiteral("The answer is probably Valletta.")),
                                                              text(1, QStringLiteral("Thought: I must use an action.\nAction: Search[office Malta]")),
                                                              text(2, QStringLiteral("Action: Finish[Valletta]"))});
        // Function calling: a search, a refused DROP, the query, finish.
        m_endpoint.addAgentScript(QStringLiteral("'Estonia'"), {tool(0, QStringLiteral("search"), QStringLiteral(R"({"query": "office in Estonia", "k": 2})")),
                                                                tool(1, QStringLiteral("sql"), QStringLiteral(R"({"query": "DROP TABLE offices"})")),
                                                                tool(2, QStringLiteral("sql"), QStringLiteral(R"({"query": "SELECT city FROM offices WHERE country = 'Estonia'"})")),
                                                                tool(3, QStringLiteral("finish"), QStringLiteral(R"({"answer": "Tallinn"})"))});
        // DFSDT: a wrong table, give up, then (told what failed) the right query and finish.
        m_endpoint.addAgentScript(QStringLiteral("'Ireland'"),
                                  {tool(0, QStringLiteral("sql"), QStringLiteral(R"({"query": "SELECT city FROM offices WHERE country = 'Ireland'"})"),
                                        QStringLiteral("Earlier attempts from this point failed")),
                                   tool(0, QStringLiteral("sql"), QStringLiteral(R"({"query": "SELECT city FROM branches WHERE country = 'Ireland'"})")),
                                   tool(1, QStringLiteral("give_up_and_restart"), QStringLiteral("{}"), QStringLiteral("SQL refused")),
                                   tool(1, QStringLiteral("finish"), QStringLiteral(R"({"answer": "Cork"})"))});
        // PAL: a program that fails, then the corrected one; the result is the answer.
        m_endpoint.addAgentScript(QStringLiteral("'Norway'"), {text(0, QStringLiteral("```sql\nSELECT town FROM offices WHERE country = 'Norway';\n```")),
                                                               text(1, QStringLiteral("Sorry.\n```sql\nSELECT city FROM offices WHERE country = 'Norway';\n```"))});
        // An agent that never finishes: a search every turn.
        QList<Turn> endless;
        for (int i = 0; i < 30; ++i)
            endless << text(i, QStringLiteral("Thought: more.\nAction: Search[Porto office number %1]").arg(i));
        m_endpoint.addAgentScript(QStringLiteral("'Portugal'"), endless);
    }

    void reactReachesFinish()
    {
        const auto items = run(QStringLiteral("react"), QStringLiteral("retriever=bm25,reader=react:local"));
        const Item &belgium = items.value(QStringLiteral("Belgium"));
        QCOMPARE(belgium.status, QStringLiteral("done"));
        QCOMPARE(belgium.answer, QStringLiteral("Ghent"));
        QVERIFY(!belgium.halted);
        const AgentTrace t = traceOf(belgium);
        QCOMPARE(t.workflow(), QStringLiteral("react"));
        QCOMPARE(t.stop(), AgentTrace::Stop::Finish);
        QCOMPARE(actions(t), (QStringList{QStringLiteral("list_tables"), QStringLiteral("sql"), QStringLiteral("finish")}));
        // The observation is the database's, not the one the model wrote itself.
        QCOMPARE(t.steps()[1].observation, QStringLiteral("city\nGhent"));
        QCOMPARE(t.steps()[1].thought, QStringLiteral("offices has countries."));
        for (const AgentStep &s : t.steps())
            QVERIFY(s.promptTokens > 0 && s.completionTokens > 0);
        // Malta: the unreadable action is an error observation the model recovers from.
        const Item &malta = items.value(QStringLiteral("Malta"));
        QCOMPARE(malta.answer, QStringLiteral("Valletta"));
        const AgentTrace m = traceOf(malta);
        QCOMPARE(actions(m), (QStringList{QStringLiteral("-!"), QStringLiteral("search"), QStringLiteral("finish")}));
        QVERIFY(m.steps()[0].observation.contains(QLatin1String("No action found")));
        QVERIFY2(!malta.retrieved.isEmpty(), "the searched documents are the item's context");
        // The second request carried the first turn and its observation.
        QVERIFY(m_endpoint.requestCount() > 0);
    }

    void functionCallingUsesToolCalls()
    {
        const auto items = run(QStringLiteral("fc"), QStringLiteral("retriever=bm25,reader=fc:local"));
        const Item &estonia = items.value(QStringLiteral("Estonia"));
        QCOMPARE(estonia.answer, QStringLiteral("Tallinn"));
        QCOMPARE(estonia.status, QStringLiteral("done"));
        const AgentTrace t = traceOf(estonia);
        QCOMPARE(actions(t), (QStringList{QStringLiteral("search"), QStringLiteral("sql!"), QStringLiteral("sql"), QStringLiteral("finish")}));
        // The refused statement is an observation; the run and the item go on.
        QVERIFY2(t.steps()[1].observation.startsWith(QLatin1String("SQL refused")), qPrintable(t.steps()[1].observation));
        QCOMPARE(t.steps()[0].arguments.value("k", 0), 2);
        QCOMPARE(estonia.retrieved.size(), 2);
        // The request offered the tools.
        const auto body = nlohmann::json::parse(m_endpoint.lastBody().toStdString());
        QVERIFY(body.contains("tools") && body["tools"].size() == 6);
        // Unscripted items: a reply without tool calls is the final answer.
        const Item &cork = items.value(QStringLiteral("Belgium"));
        QCOMPARE(traceOf(cork).stop(), AgentTrace::Stop::Finish);
    }

    void dfsdtBacktracksFromAFailedBranch()
    {
        const auto items = run(QStringLiteral("dfsdt"), QStringLiteral("retriever=bm25,reader=dfsdt:local"));
        const Item &ireland = items.value(QStringLiteral("Ireland"));
        QCOMPARE(ireland.answer, QStringLiteral("Cork"));
        const AgentTrace t = traceOf(ireland);
        QCOMPARE(actions(t), (QStringList{QStringLiteral("sql!"), QStringLiteral("give_up_and_restart"), QStringLiteral("sql"), QStringLiteral("finish")}));
        QList<int> depths;
        for (const AgentStep &s : t.steps())
            depths << s.depth;
        QCOMPARE(depths, (QList<int>{0, 1, 0, 1})); // back to the root after giving up
        QCOMPARE(t.steps()[2].observation, QStringLiteral("city\nCork"));
    }

    void dfsdtGivesUpWhenEveryBranchFails()
    {
        m_endpoint.addAgentScript(QStringLiteral("'Belgium'"), {}); // unused: react's script answers Belgium
        const auto items = run(QStringLiteral("dfsdt-width1"), QStringLiteral("retriever=bm25,reader=dfsdt:local,width=1"));
        const AgentTrace t = traceOf(items.value(QStringLiteral("Ireland")));
        QCOMPARE(t.stop(), AgentTrace::Stop::GaveUp);
        QCOMPARE(actions(t), (QStringList{QStringLiteral("sql!"), QStringLiteral("give_up_and_restart")}));
        QVERIFY(items.value(QStringLiteral("Ireland")).halted);
        QVERIFY(items.value(QStringLiteral("Ireland")).error.isEmpty());
    }

    void palRunsTheProgramAndCorrectsIt()
    {
        const auto items = run(QStringLiteral("pal"), QStringLiteral("retriever=bm25,reader=pal:local"));
        const Item &norway = items.value(QStringLiteral("Norway"));
        QCOMPARE(norway.answer, QStringLiteral("Bergen"));
        const AgentTrace t = traceOf(norway);
        QCOMPARE(actions(t), (QStringList{QStringLiteral("program!"), QStringLiteral("program")}));
        QVERIFY(t.steps()[0].observation.contains(QLatin1String("town")));
        QCOMPARE(PalEpisode::extractProgram(QStringLiteral("Here:\n```\nSELECT 1;\n```")), QStringLiteral("SELECT 1"));
        QCOMPARE(PalEpisode::extractProgram(QStringLiteral("```text\nx\n```\n```sql\nSELECT 2\n```")), QStringLiteral("SELECT 2"));
        QCOMPARE(PalEpisode::extractProgram(QStringLiteral("I would run select city from offices;")), QStringLiteral("select city from offices"));
        QCOMPARE(PalEpisode::extractProgram(QStringLiteral("No idea.")), QString());
    }

    void stepLimitAndBudgetHalt()
    {
        const auto steps = run(QStringLiteral("react-steps"), QStringLiteral("retriever=bm25,reader=react:local,steps=3"));
        const Item &portugal = steps.value(QStringLiteral("Portugal"));
        QVERIFY(portugal.halted);
        QVERIFY(portugal.error.isEmpty()); // a limit is not an error: R-Eval's TE
        QCOMPARE(portugal.status, QStringLiteral("done"));
        QCOMPARE(portugal.answer, QString());
        AgentTrace t = traceOf(portugal);
        QCOMPARE(t.stop(), AgentTrace::Stop::Steps);
        QCOMPARE(t.steps().size(), 3);
        // The Belgium script finishes within 3 steps.
        QCOMPARE(steps.value(QStringLiteral("Belgium")).answer, QStringLiteral("Ghent"));

        const auto budget = run(QStringLiteral("react-budget"), QStringLiteral("retriever=bm25,reader=react:local,budget=400"));
        t = traceOf(budget.value(QStringLiteral("Portugal")));
        QCOMPARE(t.stop(), AgentTrace::Stop::Budget);
        QVERIFY(budget.value(QStringLiteral("Portugal")).halted);
        QVERIFY(t.tokens() >= 400);
        QVERIFY(t.tokens() - (t.steps().constLast().promptTokens + t.steps().constLast().completionTokens) < 400);
        QVERIFY(t.steps().size() < 10);
    }

    void llmFailureIsAnError()
    {
        // An item no run asked before, so the request is not answered from the cache.
        // A reply without an answer (no "choices") fails the episode with its own class.
        m_endpoint.script({{test::TestEndpoint::Fault::NoChoices, 0}});
        const auto items = run(QStringLiteral("react-auth"), QStringLiteral("retriever=bm25,reader=react:local"), 1, 6);
        m_endpoint.clearScript();
        QCOMPARE(items.size(), 1);
        const Item &item = items.begin().value();
        QCOMPARE(item.status, QStringLiteral("error"));
        QVERIFY(item.halted);
        QVERIFY2(item.error.startsWith(QLatin1String("malformed: malformed reply: no choices")), qPrintable(item.error));
        QCOMPARE(traceOf(item).stop(), AgentTrace::Stop::Error);
    }

    // The run's figures by task level: the demo's country lookups are single-table templates
    // (KS); a level set on the query set wins, applies to the run made before, and goes
    // into the export.
    void figuresByTaskLevel()
    {
        auto id = RunStore(m_demo->database()).idOf(QStringLiteral("react"));
        QVERIFY(id);
        QVERIFY(Scorer::score(m_demo->database(), id.value(), QStringLiteral("contains"), {}).ok());
        auto figures = WorkflowFigures::load(m_demo->database(), QStringLiteral("react"));
        QVERIFY2(figures, qPrintable(figures.error()));
        QCOMPARE(figures.value().workflow, QStringLiteral("react"));
        QCOMPARE(figures.value().llm, QStringLiteral("local"));
        QCOMPARE(figures.value().levelNames(), QStringList{QStringLiteral("KS")});
        QCOMPARE(figures.value().all.correct, qint64(2)); // Belgium and Malta finished right
        QVERIFY(figures.value().cost > 0 && figures.value().costPerCorrect);
        QVERIFY(m_demo->service<GenerationCuration>()->setFormLevel(QStringLiteral("short"), QStringLiteral("KU")).ok());
        figures = WorkflowFigures::load(m_demo->database(), QStringLiteral("react"));
        QCOMPARE(figures.value().levelNames(), QStringList{QStringLiteral("KU")});
        const QString file = m_dir.filePath(QStringLiteral("react.jsonl"));
        auto written = RunExporter::writeJsonl(m_demo->database(), id.value(), file, QStringLiteral("contains"));
        QVERIFY2(written, qPrintable(written.error()));
        QCOMPARE(written.value(), qint64(6));
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const auto first = nlohmann::json::parse(f.readLine().toStdString());
        QCOMPARE(first["level"].get<std::string>(), std::string("KU"));
        QVERIFY(first["trace"].get<std::string>().find("\"agent_trace\"") != std::string::npos);
        QVERIFY(first.contains("verdict"));
        QVERIFY(m_demo->service<GenerationCuration>()->setFormLevel(QStringLiteral("short"), QString()).ok());
        QVERIFY(!m_demo->service<GenerationCuration>()->setFormLevel(QStringLiteral("no such set"), QStringLiteral("KS")).ok());
    }

    void tracesSurviveTheProjectFile()
    {
        const QString path = m_demo->path();
        auto db = Database::open(path, Database::Mode::ReadOnly);
        QVERIFY(db);
        auto s = db.value().prepare(QStringLiteral("SELECT i.trace FROM run_item i JOIN run r ON r.id = i.run_id WHERE r.name = 'dfsdt' AND i.query LIKE '%Ireland%'"));
        QVERIFY(s);
        QString stored;
        QVERIFY(s.value().forEach([&](const Statement &r) { stored = r.text(0); }).ok());
        auto t = AgentTrace::fromJson(stored);
        QVERIFY2(t, qPrintable(t.error()));
        QCOMPARE(t.value().steps().size(), 4);
        QCOMPARE(t.value().toJson(), stored);
    }
};

ASSAY_TEST_GUILESS_MAIN(TestAgentReaders)

} // namespace tst_agentreaders
#include "tst_agentreaders.moc"
