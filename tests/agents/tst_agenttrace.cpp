// An agent's step trace: a JSON round trip that keeps every field (quotes, new lines,
// non-ASCII, nested arguments), observations cut to their excerpt, stored traces that are
// wrong refused with the reason, and the scratchpad the taxonomy reads.
#include "testmain.h"
#include "readers/agenttrace.h"
#include "scoring/answermetrics.h"

#include <QtTest>

namespace tst_agenttrace {

using namespace assay;

class TestAgentTrace : public QObject {
    Q_OBJECT

    static AgentTrace sample()
    {
        AgentTrace t(QStringLiteral("react"));
        AgentStep search;
        search.thought = QStringLiteral("Find the \"Bergen\" office — Straße\nthen its country.");
        search.action = QStringLiteral("sql");
        search.arguments = {{"query", "SELECT country, desk_count FROM offices WHERE city = 'Bergen'"}, {"k", 3}};
        search.observation = QStringLiteral("country | desk_count\nNorway | 38");
        search.promptTokens = 120;
        search.completionTokens = 31;
        search.latencyMs = 12.5;
        t.append(search);
        AgentStep wrong;
        wrong.thought = QStringLiteral("Hmm.");
        wrong.observation = QStringLiteral("No action found.");
        wrong.error = true;
        wrong.depth = 2;
        t.append(wrong);
        AgentStep finish;
        finish.action = QStringLiteral("finish");
        finish.arguments = {{"answer", "Norway"}};
        t.append(finish);
        t.setStop(AgentTrace::Stop::Finish);
        return t;
    }

private slots:
    void roundTrip()
    {
        const AgentTrace t = sample();
        const QString json = t.toJson();
        QVERIFY(AgentTrace::isAgentTrace(json));
        auto back = AgentTrace::fromJson(json);
        QVERIFY2(back, qPrintable(back.error()));
        QCOMPARE(back.value().workflow(), QStringLiteral("react"));
        QCOMPARE(back.value().stop(), AgentTrace::Stop::Finish);
        QCOMPARE(back.value().steps().size(), 3);
        for (int i = 0; i < 3; ++i) {
            const AgentStep &a = t.steps()[i], &b = back.value().steps()[i];
            QCOMPARE(b.thought, a.thought);
            QCOMPARE(b.action, a.action);
            QCOMPARE(b.arguments, a.arguments);
            QCOMPARE(b.observation, a.observation);
            QCOMPARE(b.error, a.error);
            QCOMPARE(b.promptTokens, a.promptTokens);
            QCOMPARE(b.completionTokens, a.completionTokens);
            QCOMPARE(b.latencyMs, a.latencyMs);
            QCOMPARE(b.depth, a.depth);
        }
        QCOMPARE(back.value().toJson(), json);
        QCOMPARE(t.tokens(), qint64(151));
    }

    void observationsAreExcerpts()
    {
        AgentTrace t;
        AgentStep s;
        s.observation = QString(5000, QLatin1Char('x'));
        t.append(s);
        QCOMPARE(t.steps().first().observation.size(), AgentTrace::observationChars + 2);
        QVERIFY(t.steps().first().observation.endsWith(QStringLiteral(" …")));
    }

    void wrongTracesSayWhy_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("why");
        QTest::newRow("not json") << "{\"agent_trace\": 1, " << "not an agent trace";
        QTest::newRow("plain text") << "Thought: x" << "not an agent trace";
        QTest::newRow("steps") << "{\"agent_trace\":1,\"stop\":\"finish\",\"steps\":{}}" << "\"steps\" is not a list";
        QTest::newRow("stop") << "{\"agent_trace\":1,\"stop\":\"tired\",\"steps\":[]}" << "unknown stop reason 'tired'";
        QTest::newRow("step") << "{\"agent_trace\":1,\"stop\":\"steps\",\"steps\":[{},3]}" << "step 2 is not an object";
    }
    void wrongTracesSayWhy()
    {
        QFETCH(QString, json);
        QFETCH(QString, why);
        auto t = AgentTrace::fromJson(json);
        QVERIFY(!t);
        QVERIFY2(t.error().contains(why), qPrintable(t.error()));
    }

    // The gold answer in an observation spanning a line break is found in the scratchpad; in
    // the raw JSON the escaped line break glues the words together and it is not.
    void scratchpadIsWhatTheModelSaw()
    {
        const QString json = sample().toJson();
        const QString pad = AnswerMetrics::scratchpad(QStringLiteral("retrieved passage"), json);
        QVERIFY(pad.startsWith(QLatin1String("retrieved passage\n")));
        QVERIFY(pad.contains(QLatin1String("sql SELECT country, desk_count FROM offices WHERE city = 'Bergen' 3")) ||
                pad.contains(QLatin1String("sql 3 SELECT country")));
        QVERIFY(AnswerMetrics::contains(pad, QStringLiteral("deskcount Norway 38")));
        QVERIFY(!AnswerMetrics::contains(json, QStringLiteral("deskcount Norway 38")));
        // Plain-text traces (imported systems) are read as they are.
        QCOMPARE(AnswerMetrics::scratchpad(QStringLiteral("a"), QStringLiteral("Thought: b")), QStringLiteral("a\nThought: b"));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestAgentTrace)

} // namespace tst_agenttrace
#include "tst_agenttrace.moc"
