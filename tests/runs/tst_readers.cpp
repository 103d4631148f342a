// Readers and the retrievers that need an embedding endpoint: the LLM reader through the
// loopback OpenAI-compatible endpoint (prompt, tokens, cache on a rerun), the http reader
// with JSON pointers, the command reader's JSONL round trip (out-of-order replies, a crash,
// a line that is not JSON), pipeline grids, and dense / hybrid retrieval on a hand-made
// corpus whose embeddings are stored in the project.
#include "testmain.h"
#include "readers/commandreader.h"
#include "llm/llmprofilestore.h"
#include "llm/llmstore.h"
#include "project/project.h"
#include "retrieval/corpusimporter.h"
#include "retrieval/hybridretriever.h"
#include "retrieval/retriever.h"
#include "readers/llmreader.h"
#include "readers/pipelinespec.h"
#include "readers/readerregistry.h"
#include "runs/pipelinegrid.h"
#include "runs/runexecutor.h"
#include "runs/iclexamples.h"
#include "runs/runstore.h"
#include "testdemo.h"
#include "testendpoint.h"
#include "testllm.h"
#include "testsettings.h"

#include <QElapsedTimer>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace tst_readers {

using namespace assay;

namespace {

QStringList docsOf(const QVector<RetrievalHit> &hits)
{
    QStringList out;
    for (const RetrievalHit &h : hits)
        out << h.docId;
    return out;
}

} // namespace

class TestReaders : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_demo;
    test::TestEndpoint m_endpoint;

    // A run of `spec` over the first `n` short queries of the demo (the rest removed).
    qint64 smallRun(const QString &name, const QString &spec, int n)
    {
        RunStore store(m_demo->database());
        auto p = PipelineSpec::parse(spec);
        if (!p) {
            qWarning() << p.error();
            return 0;
        }
        auto id = store.openOrCreate(name, p.value(), QStringLiteral("short"));
        if (!id)
            return 0;
        if (!m_demo->database().exec(QStringLiteral("DELETE FROM run_item WHERE run_id = %1 AND id NOT IN "
                                                    "(SELECT id FROM run_item WHERE run_id = %1 ORDER BY id LIMIT %2)").arg(id.value()).arg(n)))
            return 0;
        return id.value();
    }
    nlohmann::json column(qint64 runId, const QString &expression)
    {
        auto s = m_demo->database().prepare(QStringLiteral("SELECT %1 FROM run_item WHERE run_id = ? ORDER BY id").arg(expression));
        s.value().bind(1, runId);
        nlohmann::json out = nlohmann::json::array();
        const Status read = s.value().forEach([&](const Statement &r) { out.push_back(r.text(0).toStdString()); });
        if (!read)
            qFatal("%s", qPrintable(read.error()));
        return out;
    }

private slots:
    void capabilitiesComeFromTheRegistry()
    {
        // What a reader can do is the registry's word, not a comparison with its name: DFSDT's
        // traces have depths, the other workflows' do not; only "none" writes no answer.
        const ReaderRegistry &r = ReaderRegistry::instance();
        QVERIFY(r.tracesHaveDepth(QStringLiteral("dfsdt")));
        for (const char *name : {"react", "fc", "pal", "llm", "none", "unknown"})
            QVERIFY2(!r.tracesHaveDepth(QString::fromLatin1(name)), name);
        QVERIFY(!r.find(QStringLiteral("none"))->answers);
        for (const QString &w : r.workflows())
            QVERIFY2(r.find(w)->answers && r.find(w)->agentic, qPrintable(w));
        // DFSDT's width option follows from its tree: the registry lists it for DFSDT alone.
        QVERIFY(PipelineSpec::parse(QStringLiteral("retriever=bm25,k=3,reader=dfsdt:p,width=3")).ok());
        const auto hasWidth = [&](const char *name) {
            for (const auto &option : r.find(QString::fromLatin1(name))->options)
                if (option.first == QLatin1String("width"))
                    return true;
            return false;
        };
        QVERIFY(hasWidth("dfsdt") && !hasWidth("react") && !hasWidth("pal"));
    }

    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_endpoint.start());
        for (const char *name : {"local", "emb"})
            QVERIFY(test::saveEndpointProfile(m_endpoint, QString::fromLatin1(name), 1000, 2000));
        m_demo = test::openDemoProject(m_dir);
        QVERIFY(m_demo);
    }

    void specsWithReaderOptions_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("canonical");
        QTest::addColumn<QString>("error");
        QTest::newRow("llm with icl") << "reader=llm:local,icl=2,k=4,retriever=tfidf" << "retriever=tfidf,k=4,reader=llm:local,icl=2" << "";
        QTest::newRow("dense") << "retriever=dense,embedder=emb" << "retriever=dense,k=3,reader=none,embedder=emb" << "";
        QTest::newRow("dense without embedder") << "retriever=dense" << "" << "needs embedder=PROFILE";
        QTest::newRow("http without url") << "reader=http" << "" << "needs url=";
        QTest::newRow("command without cmd") << "reader=command" << "" << "needs cmd=";
        QTest::newRow("quoted command") << "reader=command,cmd=\"tool --sep=, --x\"" << "retriever=bm25,k=3,reader=command,cmd=\"tool --sep=, --x\"" << "";
        QTest::newRow("unclosed quote") << "reader=command,cmd=\"tool" << "" << "not closed";
        QTest::newRow("bad pointer") << "reader=http,url=http://127.0.0.1:1/x,answer=answer" << "" << "not a JSON pointer";
        QTest::newRow("unknown reader") << "reader=oracle" << "" << "unknown reader";
    }
    void specsWithReaderOptions()
    {
        QFETCH(QString, spec);
        QFETCH(QString, canonical);
        QFETCH(QString, error);
        auto p = PipelineSpec::parse(spec);
        if (error.isEmpty()) {
            QVERIFY2(p.ok(), qPrintable(p.error()));
            QCOMPARE(p.value().text(), canonical);
            QCOMPARE(PipelineSpec::parse(p.value().text()).value().text(), canonical); // round trip
        } else {
            QVERIFY(!p.ok());
            QVERIFY2(p.error().contains(error), qPrintable(p.error()));
        }
    }

    void gridsExpandInOrder()
    {
        auto grid = PipelineGrid::expand(QStringLiteral("retriever=keyword|bm25,k=1|3,reader=none"));
        QVERIFY(grid.ok());
        QStringList texts;
        for (const auto &[name, spec] : PipelineGrid::named(QStringLiteral("g"), grid.value()))
            texts << name + QLatin1Char(' ') + spec.text();
        QCOMPARE(texts, (QStringList{QStringLiteral("g/keyword-k1 retriever=keyword,k=1,reader=none"),
                                     QStringLiteral("g/keyword-k3 retriever=keyword,k=3,reader=none"),
                                     QStringLiteral("g/bm25-k1 retriever=bm25,k=1,reader=none"),
                                     QStringLiteral("g/bm25-k3 retriever=bm25,k=3,reader=none")}));
        QCOMPARE(PipelineGrid::named(QStringLiteral("one"), PipelineGrid::expand(QStringLiteral("k=2")).value()).constFirst().first, QStringLiteral("one"));
        QVERIFY(PipelineGrid::expand(QStringLiteral("retriever=keyword|magic")).error().contains(QLatin1String("unknown retriever 'magic'")));
    }

    // The in-context examples, chosen once per run: for every item, the first icl items (in
    // item order) that are the first with a gold answer of a group other than the item's own.
    void iclExamplesComeFromOtherGroupsInItemOrder()
    {
        const qint64 runId = smallRun(QStringLiteral("icl"), QStringLiteral("retriever=bm25,k=1,reader=none"), 60);
        QVERIFY(runId > 0);
        RunStore store(m_demo->database());
        const QVector<RunItem> items = store.pending(runId).value();
        QHash<QString, int> firstOfGroup; // group → index of its first item with a gold answer
        for (int i = 0; i < items.size(); ++i)
            if (!items[i].gold.isEmpty() && !firstOfGroup.contains(items[i].groupKey))
                firstOfGroup.insert(items[i].groupKey, i);
        QVERIFY2(firstOfGroup.size() >= 4, "the demo's first items span several groups");
        for (int icl : {0, 1, 3}) {
            auto examples = IclExamples::load(store, runId, icl);
            QVERIFY2(examples, qPrintable(examples.error()));
            for (const RunItem &item : items) {
                const auto chosen = examples.value().forGroup(item.groupKey);
                QCOMPARE(chosen.size(), std::min<qsizetype>(icl, firstOfGroup.size() - firstOfGroup.contains(item.groupKey)));
                int last = -1;
                for (const auto &example : chosen) {
                    const auto at = std::find_if(items.cbegin(), items.cend(), [&](const RunItem &i) {
                        return i.query == example.first && i.gold == example.second;
                    });
                    QVERIFY(at != items.cend());
                    const int index = int(at - items.cbegin());
                    QVERIFY(at->groupKey != item.groupKey);
                    QCOMPARE(firstOfGroup.value(at->groupKey), index);
                    QVERIFY(index > last); // in item order, so no group skipped before it
                    for (int j = last + 1; j < index; ++j)
                        QVERIFY(firstOfGroup.value(items[j].groupKey, -1) != j || items[j].groupKey == item.groupKey);
                    last = index;
                }
            }
        }
    }

    void llmReaderAnswersAndPaysOnce()
    {
        const qint64 runId = smallRun(QStringLiteral("llm"), QStringLiteral("retriever=bm25,k=2,reader=llm:local,icl=1"), 12);
        QVERIFY(runId > 0);
        const int before = m_endpoint.requestCount();
        auto report = RunExecutor::execute(m_demo->database(), runId);
        QVERIFY2(report.ok(), qPrintable(report.error()));
        QVERIFY(report.value().finished);
        QCOMPARE(report.value().executed, qint64(12));
        QCOMPARE(report.value().errors, qint64(0));
        QCOMPARE(m_endpoint.requestCount() - before, 12);
        QVERIFY(report.value().promptTokens > 12 * 20);
        QVERIFY(report.value().cost > 0);
        // The endpoint echoes the user message: the answer shows the prompt the reader sent.
        const nlohmann::json answers = column(runId, QStringLiteral("answer"));
        const nlohmann::json queries = column(runId, QStringLiteral("query"));
        for (size_t i = 0; i < answers.size(); ++i) {
            const QString a = QString::fromStdString(answers[i].get<std::string>());
            QVERIFY(a.startsWith(QLatin1String("echo: Answer the question using only the sources below.")));
            QVERIFY(a.contains(QStringLiteral("Question: %1\nAnswer:").arg(QString::fromStdString(queries[i].get<std::string>()))));
            QVERIFY(a.contains(QLatin1String("[1] (document ")) && a.contains(QLatin1String("[2] (document ")));
            QVERIFY(a.contains(QLatin1String("Examples:\nQuestion: ")));
        }
        QVERIFY(m_demo->database().scalar(QStringLiteral("SELECT min(prompt_tokens) FROM run_item WHERE run_id = %1").arg(runId)).value().toLongLong() > 0);
        // The same requests in another run answer from the project's cache: nothing is paid twice.
        const qint64 again = smallRun(QStringLiteral("llm-again"), QStringLiteral("retriever=bm25,k=2,reader=llm:local,icl=1"), 12);
        const int afterFirst = m_endpoint.requestCount();
        QVERIFY(RunExecutor::execute(m_demo->database(), again).ok());
        QCOMPARE(m_endpoint.requestCount(), afterFirst);
        QCOMPARE(column(again, QStringLiteral("answer")), answers);
    }

    void llmReaderFailuresAreKeptPerItem()
    {
        // A 200 without "choices" is an item error of its own class, never an empty answer;
        // the other items are answered.
        const qint64 runId = smallRun(QStringLiteral("llm-faults"), QStringLiteral("retriever=keyword,k=1,reader=llm:local"), 4);
        m_endpoint.script({{test::TestEndpoint::Fault::NoChoices, 0}});
        auto report = RunExecutor::execute(m_demo->database(), runId);
        QVERIFY2(report.ok(), qPrintable(report.error()));
        QCOMPARE(report.value().errors, qint64(1));
        Database &db = m_demo->database();
        const QString error = db.scalar(QStringLiteral("SELECT group_concat(error_class || ': ' || error) FROM run_item WHERE run_id = %1 AND status = 'error'").arg(runId)).value().toString();
        QVERIFY2(error.startsWith(QLatin1String("malformed: malformed: malformed reply: no choices")), qPrintable(error));
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM run_item WHERE run_id = %1 AND status = 'done' AND answer = ''").arg(runId)).value().toInt(), 0);
    }

    void aRefusedKeyStopsTheRunAndIsNeverStored()
    {
        // 401 whose body repeats the Authorization header: the run stops at once, naming the
        // profile and its key variable; the key is in no row of the project, and the items not
        // answered stay pending for the next run, which finishes them.
        const qint64 runId = smallRun(QStringLiteral("llm-auth"), QStringLiteral("retriever=keyword,k=2,reader=llm:local"), 12);
        m_endpoint.script({{test::TestEndpoint::Fault::EchoAuthorization, 0}});
        auto report = RunExecutor::execute(m_demo->database(), runId);
        QVERIFY(!report.ok());
        QVERIFY2(report.error().contains(QLatin1String("refused the key of profile 'local' (environment variable ASSAY_TEST_KEY)")), qPrintable(report.error()));
        QVERIFY2(report.error().contains(QLatin1String("Bearer [redacted]")), qPrintable(report.error()));
        const QByteArray key = qgetenv("ASSAY_TEST_KEY");
        QVERIFY(key.size() >= 8);
        QVERIFY(!report.error().contains(QString::fromUtf8(key)));
        Database &db = m_demo->database();
        QCOMPARE(db.scalar(QStringLiteral("SELECT status FROM run WHERE id = %1").arg(runId)).value().toString(), QStringLiteral("failed"));
        const qint64 pending = db.scalar(QStringLiteral("SELECT count(*) FROM run_item WHERE run_id = %1 AND status = 'pending'").arg(runId)).value().toLongLong();
        QVERIFY(pending >= 1);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM run_item WHERE run_id = %1 AND status = 'error'").arg(runId)).value().toInt(), 0);
        const QString pattern = QStringLiteral("%%%1%%").arg(QString::fromUtf8(key));
        for (const char *sql : {"SELECT count(*) FROM run_item WHERE error LIKE '%1' OR answer LIKE '%1' OR trace LIKE '%1'",
                                "SELECT count(*) FROM llm_call WHERE error LIKE '%1'", "SELECT count(*) FROM llm_cache WHERE response LIKE '%1'"})
            QCOMPARE(db.scalar(QString::fromLatin1(sql).arg(pattern)).value().toInt(), 0);
        QVERIFY(db.scalar(QStringLiteral("SELECT count(*) FROM llm_call WHERE error LIKE '%Bearer [redacted]%'")).value().toInt() >= 1);
        // The key fixed (here: the endpoint accepts it again), the same run continues.
        auto again = RunExecutor::execute(m_demo->database(), runId);
        QVERIFY2(again.ok(), qPrintable(again.error()));
        QCOMPARE(again.value().executed, pending);
        QCOMPARE(again.value().errors, qint64(0));
    }

    void commandReaderGetsNoKeyUnlessNamed()
    {
        // The program's environment holds no API key: the profiles' key variables,
        // OPENAI_API_KEY and *_API_KEY are removed unless the pipeline names them (env=).
        qputenv("OPENAI_API_KEY", "sk-openai-000000000");
        qputenv("VENDOR_API_KEY", "sk-vendor-000000000");
        qputenv("ASSAY_PLAIN_SETTING", "kept");
        const auto ask = [](CommandReader &reader, const QString &name) {
            QString answer;
            bool done = false;
            reader.answer({QStringLiteral("k-") + name, QStringLiteral("PRINTENV ") + name, {}, {}}, [&](const ReaderAnswer &a) {
                answer = a.error.isEmpty() ? a.answer : a.error;
                done = true;
            });
            QElapsedTimer clock;
            clock.start();
            while (!done && clock.elapsed() < 10000)
                QTest::qWait(5);
            return done ? answer : QStringLiteral("no reply within 10 s");
        };
        {
            CommandReader reader(QStringLiteral(ASSAY_TEST_READER));
            QCOMPARE(ask(reader, QStringLiteral("ASSAY_TEST_KEY")), QStringLiteral("ASSAY_TEST_KEY unset")); // profile "local"'s key variable
            QCOMPARE(ask(reader, QStringLiteral("OPENAI_API_KEY")), QStringLiteral("OPENAI_API_KEY unset"));
            QCOMPARE(ask(reader, QStringLiteral("VENDOR_API_KEY")), QStringLiteral("VENDOR_API_KEY unset"));
            QCOMPARE(ask(reader, QStringLiteral("ASSAY_PLAIN_SETTING")), QStringLiteral("ASSAY_PLAIN_SETTING set"));
        }
        // Named in the pipeline: passed on, and only that one.
        auto spec = PipelineSpec::parse(QStringLiteral("retriever=bm25,k=1,reader=command,cmd=%1,env=VENDOR_API_KEY").arg(QStringLiteral(ASSAY_TEST_READER)));
        QVERIFY2(spec, qPrintable(spec.error()));
        auto made = Reader::create(spec.value(), nullptr);
        QVERIFY2(made, qPrintable(made.error()));
        auto *reader = dynamic_cast<CommandReader *>(made.value().get());
        QVERIFY(reader);
        QCOMPARE(ask(*reader, QStringLiteral("VENDOR_API_KEY")), QStringLiteral("VENDOR_API_KEY set"));
        QCOMPARE(ask(*reader, QStringLiteral("OPENAI_API_KEY")), QStringLiteral("OPENAI_API_KEY unset"));
        qunsetenv("OPENAI_API_KEY");
        qunsetenv("VENDOR_API_KEY");
        qunsetenv("ASSAY_PLAIN_SETTING");
    }

    void httpReaderReadsPointers()
    {
        const QString spec = QStringLiteral("retriever=bm25,k=2,reader=http,url=%1/rag,answer=/output/answer,ids=/docs,context=/passages").arg(m_endpoint.baseUrl());
        const qint64 runId = smallRun(QStringLiteral("http"), spec, 6);
        auto report = RunExecutor::execute(m_demo->database(), runId);
        QVERIFY2(report.ok(), qPrintable(report.error()));
        QCOMPARE(report.value().errors, qint64(0));
        const nlohmann::json answers = column(runId, QStringLiteral("answer"));
        const nlohmann::json queries = column(runId, QStringLiteral("query"));
        for (size_t i = 0; i < answers.size(); ++i)
            QCOMPARE(answers[i].get<std::string>(), "RAG: " + queries[i].get<std::string>());
        // The system's own context replaces Assay's retrieval in the stored result.
        for (const auto &ids : column(runId, QStringLiteral("retrieved_ids"))) {
            const auto list = nlohmann::json::parse(ids.get<std::string>());
            QCOMPARE(list.size(), size_t(2));
            QVERIFY(list[0].get<std::string>().rfind("ext-", 0) == 0);
        }
        // A missing pointer is an item error that names the pointer.
        const qint64 bad = smallRun(QStringLiteral("http-bad"), QStringLiteral("retriever=bm25,k=1,reader=http,url=%1/rag,answer=/nothing").arg(m_endpoint.baseUrl()), 2);
        QVERIFY(RunExecutor::execute(m_demo->database(), bad).ok());
        QVERIFY(m_demo->database().scalar(QStringLiteral("SELECT error FROM run_item WHERE run_id = %1 LIMIT 1").arg(bad)).value().toString()
                    .contains(QLatin1String("no answer at /nothing")));
    }

    void commandReaderRoundTrip()
    {
        const qint64 runId = smallRun(QStringLiteral("cmd"), QStringLiteral("retriever=tfidf,k=3,reader=command,cmd=%1").arg(QStringLiteral(ASSAY_TEST_READER)), 21);
        auto report = RunExecutor::execute(m_demo->database(), runId);
        QVERIFY2(report.ok(), qPrintable(report.error()));
        QCOMPARE(report.value().executed, qint64(21));
        QCOMPARE(report.value().errors, qint64(0));
        const nlohmann::json answers = column(runId, QStringLiteral("answer"));
        const nlohmann::json queries = column(runId, QStringLiteral("query"));
        const nlohmann::json traces = column(runId, QStringLiteral("trace"));
        for (size_t i = 0; i < answers.size(); ++i) {
            // Replies came back out of order; each landed on its own item.
            QCOMPARE(answers[i].get<std::string>(), "CMD: " + queries[i].get<std::string>());
            const QString trace = QString::fromStdString(traces[i].get<std::string>());
            QVERIFY2(QRegularExpression(QStringLiteral("^looked at [1-3] passages$")).match(trace).hasMatch(), qPrintable(trace));
        }
    }

    void commandReaderCrashAndGarbage()
    {
        const QString spec = QStringLiteral("retriever=tfidf,k=1,reader=command,cmd=%1").arg(QStringLiteral(ASSAY_TEST_READER));
        const qint64 runId = smallRun(QStringLiteral("cmd-crash"), spec, 6);
        Database &db = m_demo->database();
        QVERIFY(db.exec(QStringLiteral("UPDATE run_item SET query = query || ' GARBAGE' WHERE id = (SELECT min(id) FROM run_item WHERE run_id = %1)").arg(runId)).ok());
        QVERIFY(db.exec(QStringLiteral("UPDATE run_item SET query = query || ' CRASH' WHERE id = (SELECT max(id) FROM run_item WHERE run_id = %1)").arg(runId)).ok());
        auto report = RunExecutor::execute(db, runId);
        QVERIFY2(report.ok(), qPrintable(report.error()));
        const QString errors = db.scalar(QStringLiteral("SELECT group_concat(error, ' | ') FROM run_item WHERE run_id = %1 AND status = 'error'").arg(runId)).value().toString();
        QVERIFY2(errors.contains(QLatin1String("stdout line 1: not JSON: this is not json")), qPrintable(errors));
        QVERIFY2(errors.contains(QLatin1String("exited with code 3")) && errors.contains(QLatin1String("boom: the model server went away")), qPrintable(errors));
        QVERIFY(db.scalar(QStringLiteral("SELECT count(*) FROM run_item WHERE run_id = %1 AND status = 'pending'").arg(runId)).value().toInt() == 0);
    }

    void denseAndHybridOnAHandMadeCorpus()
    {
        auto project = Project::create(m_dir.filePath(QStringLiteral("dense.assay")));
        QVERIFY(project.ok());
        QFile f(m_dir.filePath(QStringLiteral("corpus.jsonl")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"id": "fruit", "text": "red apple and yellow banana"}
{"id": "kiwi", "text": "green kiwi from the orchard"}
{"id": "tools", "text": "hammer nails and a saw"}
{"id": "boats", "text": "sail boats on the lake"}
)");
        f.close();
        auto docs = CorpusImporter::read(f.fileName(), CorpusImporter::Format::Jsonl);
        QVERIFY(docs.ok());
        QVERIFY(CorpusImporter::import(*project.value(), docs.value(), {}).ok());
        Database &db = project.value()->database();
        LlmStore store(db);
        const int before = m_endpoint.requestCount();
        auto dense = Retriever::create(QStringLiteral("dense"), db, QStringLiteral("emb"), &store);
        QVERIFY2(dense.ok(), qPrintable(dense.error()));
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM embedding")).value().toInt(), 4);
        auto hits = dense.value()->retrieve({QStringLiteral("green kiwi"), {}}, 2);
        QVERIFY(hits.ok());
        QCOMPARE(hits.value().first().docId, QStringLiteral("kiwi"));
        QVERIFY(hits.value()[0].score > hits.value()[1].score);
        QVERIFY(std::abs(hits.value()[0].score - 2.0 / std::sqrt(2.0 * 5.0)) < 0.2); // 2 shared words of 2 and 5
        // Stored vectors are reused: a second retriever embeds only its query.
        const int afterCorpus = m_endpoint.requestCount();
        QCOMPARE(afterCorpus - before, 2);
        auto hybrid = Retriever::create(QStringLiteral("hybrid"), db, QStringLiteral("emb"), &store);
        QVERIFY(hybrid.ok());
        QVERIFY(hybrid.value()->prepare({QStringLiteral("hammer and saw")}, nullptr).ok());
        auto fused = hybrid.value()->retrieve({QStringLiteral("hammer and saw"), {}}, 3);
        QVERIFY(fused.ok());
        QCOMPARE(fused.value().first().docId, QStringLiteral("tools"));
        QCOMPARE(m_endpoint.requestCount() - afterCorpus, 1);
        QVERIFY(!Retriever::create(QStringLiteral("dense"), db, QStringLiteral("nobody"), &store).ok());
    }

    void reciprocalRankFusion()
    {
        const QVector<RetrievalHit> a{{1, QStringLiteral("x"), 10, 9}, {2, QStringLiteral("y"), 11, 8}, {3, QStringLiteral("z"), 12, 7}};
        const QVector<RetrievalHit> b{{1, QStringLiteral("z"), 12, .9}, {2, QStringLiteral("w"), 13, .8}, {3, QStringLiteral("x"), 10, .7}};
        const auto fused = HybridRetriever::fuse(a, b, 4);
        // x: 1/61 + 1/63, z: 1/63 + 1/61 (tie → lower chunk id first), y: 1/62, w: 1/62 (tie → 11 before 13).
        QCOMPARE(docsOf(fused), (QStringList{QStringLiteral("x"), QStringLiteral("z"), QStringLiteral("y"), QStringLiteral("w")}));
        QVERIFY(std::abs(fused[0].score - (1.0 / 61 + 1.0 / 63)) < 1e-12);
        QCOMPARE(fused[3].rank, 4);
        QCOMPARE(HybridRetriever::fuse(a, b, 1).size(), 1);
    }
};

ASSAY_TEST_GUILESS_MAIN(TestReaders)

} // namespace tst_readers
#include "tst_readers.moc"
