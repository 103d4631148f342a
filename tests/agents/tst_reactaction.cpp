// ReAct's text actions as models write them: numbered steps, tool names in either spelling,
// brackets inside SQL, invented observations cut off, and what is not an action.
#include "testmain.h"
#include "readers/reactaction.h"

#include <QtTest>

namespace tst_reactaction {

using namespace assay;

class TestReactAction : public QObject {
    Q_OBJECT
private slots:
    void parses_data()
    {
        QTest::addColumn<QString>("completion");
        QTest::addColumn<QString>("thought");
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QString>("arguments"); // JSON
        QTest::addColumn<QString>("error");     // a fragment of it, or empty
        QTest::newRow("search") << "Thought: I need the office.\nAction: Search[Bergen office]" << "I need the office." << "search"
                                << "{\"query\":\"Bergen office\"}" << "";
        QTest::newRow("numbered") << "Thought 2: Look it up.\nAction 2: Lookup[Quillmoor]" << "Look it up." << "lookup" << "{\"text\":\"Quillmoor\"}" << "";
        QTest::newRow("finish") << "Thought: Done.\nAction: Finish[ Norway ]" << "Done." << "finish" << "{\"answer\":\"Norway\"}" << "";
        QTest::newRow("sql with brackets") << "Thought: count\nAction: Sql[SELECT \"a[1]\" FROM offices WHERE city = 'Bergen']" << "count" << "sql"
                                           << "{\"query\":\"SELECT \\\"a[1]\\\" FROM offices WHERE city = 'Bergen'\"}" << "";
        QTest::newRow("no argument") << "Action: List_tables[]" << "" << "list_tables" << "{}" << "";
        QTest::newRow("tool spelling") << "Thought: t\nAction: describe[projects]" << "t" << "describe" << "{\"table\":\"projects\"}" << "";
        QTest::newRow("multi-line thought") << "Thought: first\nsecond line\nAction: Search[x]" << "first\nsecond line" << "search" << "{\"query\":\"x\"}" << "";
        QTest::newRow("invented observation") << "Thought: a\nAction: Search[x]\nObservation: made up\nThought: b\nAction: Finish[y]" << "a" << "search"
                                              << "{\"query\":\"x\"}" << "";
        QTest::newRow("no action") << "Thought: I think the answer is Norway." << "I think the answer is Norway." << "" << "null" << "No action found";
        QTest::newRow("no brackets") << "Thought: t\nAction: Search Bergen" << "t" << "" << "null" << "Invalid action 'Search Bergen'";
        QTest::newRow("unknown verb") << "Thought: t\nAction: Calculate[2+2]" << "t" << "" << "null" << "Unknown action 'Calculate'";
    }
    void parses()
    {
        QFETCH(QString, completion);
        QFETCH(QString, thought);
        QFETCH(QString, tool);
        QFETCH(QString, arguments);
        QFETCH(QString, error);
        const ReactAction a = ReactAction::parse(completion);
        QCOMPARE(a.thought, thought);
        QCOMPARE(a.tool, tool);
        QCOMPARE(QString::fromStdString(a.arguments.dump()), arguments);
        if (error.isEmpty()) {
            QVERIFY2(a.valid(), qPrintable(a.error));
            // The transcript line parses back to the same action.
            const ReactAction again = ReactAction::parse(a.actionText());
            QCOMPARE(again.tool, a.tool);
            QCOMPARE(again.arguments, a.arguments);
        } else {
            QVERIFY(!a.valid());
            QVERIFY2(a.error.contains(error), qPrintable(a.error));
            QVERIFY(a.error.contains(QLatin1String("Finish[answer]"))); // says what to write instead
        }
    }
};

ASSAY_TEST_GUILESS_MAIN(TestReactAction)

} // namespace tst_reactaction
#include "tst_reactaction.moc"
