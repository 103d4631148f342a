// Results import: GRAMMAR results JSON, R-Eval JSONL and Assay's generic JSONL become a run
// with judgements of judge "imported"; a malformed record names its file and line (or record)
// and imports nothing.
#include "testmain.h"
#include "testfiles.h"
#include "project/project.h"
#include "runs/resultsimporter.h"
#include "testsettings.h"

#include <QtTest>

namespace tst_resultsimport {

using namespace assay;

class TestResultsImport : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;

    QString write(const QString &name, const QByteArray &bytes) { return test::writeFile(m_dir, name, bytes); }
    QVariant scalar(const QString &sql) { return m_project->database().scalar(sql).value(); }
    int runs() { return scalar(QStringLiteral("SELECT count(*) FROM run")).toInt(); }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        auto p = Project::create(m_dir.filePath(QStringLiteral("results.assay")));
        QVERIFY(p.ok());
        m_project = p.take();
    }

    void grammarResults()
    {
        const QString path = write(QStringLiteral("grammar.json"), R"([
 {"query": "Who founded Acme?", "answer": "Ada", "true_document_ids": ["d1"], "retrieved_document_ids": ["d1", "d7"],
  "gpt_response": "Ada Lovelace", "retrieval_judgement": 1, "judgement": "Correct", "query_tag": 3},
 {"query": "The founder of Acme?", "answer": "Ada", "true_document_ids": ["d1"], "retrieved_document_ids": ["d7"],
  "gpt_response": "Bob", "retrieval_judgement": 0, "judgement": "Incorrect", "query_tag": 3},
 {"query": "Where is Acme?", "answer": "Oslo", "true_document_ids": [2], "retrieved_document_ids": [2],
  "gpt_response": "Oslo", "retrieval_judgement": 1, "judgement": "I am not sure", "query_tag": "7"}
])");
        auto r = ResultsImporter::import(m_project->database(), ResultsImporter::Format::Grammar, path, QStringLiteral("g"), QStringLiteral("short"));
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.value().items, qint64(3));
        QCOMPARE(r.value().answerVerdicts, qint64(3));
        QCOMPARE(r.value().retrievalVerdicts, qint64(3));
        const qint64 run = r.value().runId;
        QCOMPARE(scalar(QStringLiteral("SELECT group_concat(group_key || ':' || gold || ':' || answer || ':' || true_doc_ids || ':' || retrieved_ids, ' ; ') "
                                       "FROM (SELECT * FROM run_item WHERE run_id = %1 ORDER BY id)").arg(run)).toString(),
                 QStringLiteral("3:Ada:Ada Lovelace:[\"d1\"]:[\"d1\",\"d7\"] ; 3:Ada:Bob:[\"d1\"]:[\"d7\"] ; 7:Oslo:Oslo:[\"2\"]:[\"2\"]"));
        // Verdicts: Correct → 1, Incorrect → 0, anything else kept unread (NULL) with its text.
        QCOMPARE(scalar(QStringLiteral("SELECT group_concat(coalesce(verdict, 'null') || '/' || detail, ',') FROM (SELECT j.* FROM judgement j "
                                       "JOIN run_item i ON i.id = j.run_item_id WHERE i.run_id = %1 AND j.aspect = 'answer' AND j.judge = 'imported' ORDER BY i.id)").arg(run)).toString(),
                 QStringLiteral("1/Correct,0/Incorrect,null/I am not sure"));
        QCOMPARE(scalar(QStringLiteral("SELECT group_concat(verdict, ',') FROM (SELECT j.verdict FROM judgement j JOIN run_item i ON i.id = j.run_item_id "
                                       "WHERE i.run_id = %1 AND j.aspect = 'retrieval' ORDER BY i.id)").arg(run)).toString(),
                 QStringLiteral("1,0,1"));
        QCOMPARE(scalar(QStringLiteral("SELECT source || ' ' || status || ' ' || query_set FROM run WHERE id = %1").arg(run)).toString(),
                 QStringLiteral("imported:grammar.json done short"));
        // The name is taken now.
        QVERIFY(ResultsImporter::import(m_project->database(), ResultsImporter::Format::Grammar, path, QStringLiteral("g")).error().contains(QLatin1String("exists already")));
    }

    void revalLogs()
    {
        const QString path = write(QStringLiteral("reval.jsonl"),
                                   "{\"question\": \"Capital of France?\", \"answer\": \"Paris\", \"prediction\": \"Paris\", \"reward\": 1.0, \"halted\": false, \"error\": false, \"scratchpad\": \"Thought: Paris\"}\n"
                                   "\n"
                                   "{\"question\": \"Who wrote Emma?\", \"answer\": \"Jane Austen\", \"prediction\": \"Austen\", \"reward\": 0.67, \"halted\": true, \"error\": \"tool timeout\", \"scratchpad\": \"\"}\n");
        auto r = ResultsImporter::import(m_project->database(), ResultsImporter::Format::Reval, path, QStringLiteral("r"));
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.value().items, qint64(2));
        QCOMPARE(r.value().retrievalVerdicts, qint64(0));
        QCOMPARE(scalar(QStringLiteral("SELECT group_concat(item_key || ':' || halted || ':' || error || ':' || trace, ' ; ') FROM (SELECT * FROM run_item WHERE run_id = %1 ORDER BY id)")
                            .arg(r.value().runId)).toString(),
                 QStringLiteral("l1:0::Thought: Paris ; l3:1:tool timeout:"));
        QCOMPARE(scalar(QStringLiteral("SELECT group_concat(verdict || '/' || score, ',') FROM (SELECT j.* FROM judgement j JOIN run_item i ON i.id = j.run_item_id "
                                       "WHERE i.run_id = %1 ORDER BY i.id)").arg(r.value().runId)).toString(),
                 QStringLiteral("1/1.0,0/0.67"));
    }

    void genericJsonl()
    {
        const QString path = write(QStringLiteral("generic.jsonl"),
                                   "{\"id\": \"a\", \"query\": \"q1\", \"answer\": \"x\", \"gold\": \"x\", \"group\": \"g1\", \"form\": \"long\", \"retrieved_ids\": [\"d1\"], "
                                   "\"context\": \"x is here\", \"true_doc_ids\": [\"d1\"], \"latency_ms\": 120, \"verdict\": true, \"retrieval_verdict\": 1}\n"
                                   "{\"id\": \"b\", \"query\": \"q2\", \"answer\": \"\"}\n");
        auto r = ResultsImporter::import(m_project->database(), ResultsImporter::Format::Jsonl, path, QStringLiteral("j"));
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.value().items, qint64(2));
        QCOMPARE(r.value().answerVerdicts, qint64(1));
        QCOMPARE(scalar(QStringLiteral("SELECT i.form || ':' || i.group_key || ':' || t.text || ':' || i.latency_ms FROM run_item i "
                                   "JOIN context_text t ON t.id = i.context_text_id WHERE i.run_id = %1 AND i.item_key = 'a'")
                            .arg(r.value().runId)).toString(),
                 QStringLiteral("long:g1:x is here:120"));
        QCOMPARE(scalar(QStringLiteral("SELECT group_key FROM run_item WHERE run_id = %1 AND item_key = 'b'").arg(r.value().runId)).toString(), QStringLiteral("b"));
    }

    void malformedInputImportsNothing_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("error");
        QTest::newRow("grammar: missing field") << int(ResultsImporter::Format::Grammar)
                                                << QByteArray(R"([{"query": "q", "answer": "a", "gpt_response": "a", "query_tag": 1},
                                                                  {"query": "q", "answer": "a", "query_tag": 1}])")
                                                << "bad.json: record 2: field 'gpt_response' is missing";
        QTest::newRow("grammar: bad judgement value") << int(ResultsImporter::Format::Grammar)
                                                      << QByteArray(R"([{"query": "q", "answer": "a", "gpt_response": "a", "query_tag": 1, "retrieval_judgement": "yes"}])")
                                                      << "record 1: field 'retrieval_judgement' must be 0 or 1";
        QTest::newRow("grammar: broken JSON") << int(ResultsImporter::Format::Grammar) << QByteArray("[\n{\"query\": \"q\",\n  \"answer\": }\n]") << "bad.json:3: not valid JSON";
        QTest::newRow("grammar: not a list") << int(ResultsImporter::Format::Grammar) << QByteArray("{}") << "must be a JSON list";
        QTest::newRow("reval: line not JSON") << int(ResultsImporter::Format::Reval)
                                              << QByteArray("{\"question\": \"q\", \"answer\": \"a\", \"prediction\": \"a\"}\n\n{\"question\": \"q\", oops\n")
                                              << "bad.json:3: not a JSON object";
        QTest::newRow("reval: reward not a number") << int(ResultsImporter::Format::Reval)
                                                    << QByteArray("{\"question\": \"q\", \"answer\": \"a\", \"prediction\": \"a\", \"reward\": \"high\"}\n")
                                                    << "bad.json:1: field 'reward' must be a number";
        QTest::newRow("jsonl: verdict maybe") << int(ResultsImporter::Format::Jsonl)
                                              << QByteArray("{\"query\": \"q\", \"answer\": \"a\"}\n{\"query\": \"q\", \"answer\": \"a\", \"verdict\": \"maybe\"}\n")
                                              << "bad.json:2: field 'verdict' must be 0 or 1";
        QTest::newRow("jsonl: duplicate id") << int(ResultsImporter::Format::Jsonl)
                                             << QByteArray("{\"id\": 1, \"query\": \"q\", \"answer\": \"a\"}\n{\"id\": 1, \"query\": \"q\", \"answer\": \"a\"}\n")
                                             << "record 2: the id '1' appears twice";
        QTest::newRow("empty") << int(ResultsImporter::Format::Jsonl) << QByteArray("\n\n") << "no records";
    }
    void malformedInputImportsNothing()
    {
        QFETCH(int, format);
        QFETCH(QByteArray, bytes);
        QFETCH(QString, error);
        const int before = runs();
        const qint64 items = scalar(QStringLiteral("SELECT count(*) FROM run_item")).toLongLong();
        auto r = ResultsImporter::import(m_project->database(), ResultsImporter::Format(format), write(QStringLiteral("bad.json"), bytes), QStringLiteral("bad"));
        QVERIFY(!r.ok());
        QVERIFY2(r.error().contains(error), qPrintable(r.error()));
        QCOMPARE(runs(), before);
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM run_item")).toLongLong(), items);
    }
};

ASSAY_TEST_GUILESS_MAIN(TestResultsImport)

} // namespace tst_resultsimport
#include "tst_resultsimport.moc"
