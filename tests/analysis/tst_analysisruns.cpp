// Scoring and analysis on stored runs: imported GRAMMAR results reproduce GRAMMAR's own
// definitions (closed-domain rule on and off), judges exact / f1 / contains / llm (through
// the loopback endpoint; unread replies kept as such), GaRAGe metrics on a hand-made
// benchmark (duplicate and unknown citations, deflection on both sides, RAF with an LLM
// judge), and end to end on the demo: keyword is measurably worse than BM25 on long queries.
#include "testmain.h"
#include "testfiles.h"
#include "analysis/formcomparison.h"
#include "analysis/garageevaluator.h"
#include "analysis/grammareval.h"
#include "analysis/runoutcomes.h"
#include "llm/llmprofilestore.h"
#include "llm/llmstore.h"
#include "project/project.h"
#include "readers/pipelinespec.h"
#include "runs/resultsimporter.h"
#include "runs/runexecutor.h"
#include "runs/runstore.h"
#include "runs/scorer.h"
#include "testdemo.h"
#include "testendpoint.h"
#include "testllm.h"
#include "runs/runresultstore.h"
#include "scoring/answermetrics.h"
#include "analysis/responsetaxonomy.h"
#include "testsettings.h"

#include <QtTest>

#include <nlohmann/json.hpp>

namespace tst_analysisruns {

using namespace assay;

namespace {
bool near(const std::optional<double> &v, double expected) { return v && std::abs(*v - expected) < 1e-12; }
bool near(const nlohmann::json &v, double expected) { return v.is_number() && std::abs(v.get<double>() - expected) < 1e-12; }
} // namespace

class TestAnalysisRuns : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;
    test::TestEndpoint m_endpoint;

    QString write(const QString &name, const QByteArray &bytes) { return test::writeFile(m_dir, name, bytes); }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_endpoint.start());
        QVERIFY(test::saveEndpointProfile(m_endpoint, QStringLiteral("judge")));
        auto project = Project::create(m_dir.filePath(QStringLiteral("analysis.assay")));
        QVERIFY(project.ok());
        m_project = project.take();
    }

    void importedGrammarResults()
    {
        // Tag 0: Correct/1, Incorrect/0 (top-1 d7), Correct/0 (top-1 d1: the closed-domain rule
        // makes it Incorrect; context comparison then gives it back its retrieval).
        // Tag 1: all Incorrect (gap). Tag 2: all Correct (robust). Tag 3: an unreadable verdict (gap).
        const QString path = write(QStringLiteral("grammar.json"), R"([
{"query": "q1", "answer": "A", "true_document_ids": [1], "retrieved_document_ids": [1], "gpt_response": ["A"], "retrieval_judgement": 1, "judgement": "Correct", "query_tag": 0},
{"query": "q2", "answer": "A", "true_document_ids": [1], "retrieved_document_ids": [7], "gpt_response": ["B"], "retrieval_judgement": 0, "judgement": "Incorrect", "query_tag": 0},
{"query": "q3", "answer": "A", "true_document_ids": [1], "retrieved_document_ids": [1, 4], "gpt_response": ["A"], "retrieval_judgement": 0, "judgement": "Correct", "query_tag": 0},
{"query": "q4", "answer": "B", "true_document_ids": [2], "retrieved_document_ids": [5], "gpt_response": ["C"], "retrieval_judgement": 0, "judgement": "Incorrect", "query_tag": 1},
{"query": "q5", "answer": "B", "true_document_ids": [2], "retrieved_document_ids": [5], "gpt_response": ["C"], "retrieval_judgement": 0, "judgement": "Incorrect", "query_tag": 1},
{"query": "q6", "answer": "C", "true_document_ids": [3], "retrieved_document_ids": [3], "gpt_response": ["C"], "retrieval_judgement": 1, "judgement": "Correct", "query_tag": 2},
{"query": "q7", "answer": "C", "true_document_ids": [3], "retrieved_document_ids": [3], "gpt_response": ["C"], "retrieval_judgement": 1, "judgement": "Correct", "query_tag": 2},
{"query": "q8", "answer": "D", "true_document_ids": [4], "retrieved_document_ids": [4], "gpt_response": ["?"], "retrieval_judgement": 1, "judgement": "maybe", "query_tag": 3}
])");
        QVERIFY(ResultsImporter::import(m_project->database(), ResultsImporter::Format::Grammar, path, QStringLiteral("grammar")).ok());
        auto on = RunOutcomes::load(m_project->database(), QStringLiteral("grammar"), {});
        QVERIFY2(on.ok(), qPrintable(on.error()));
        QCOMPARE(on.value().judge, QStringLiteral("imported"));
        QCOMPARE(on.value().retrievalJudge, QStringLiteral("imported"));
        // q8's verdict is unreadable: neither right nor wrong, left out of every figure and
        // counted (tag 3 then has no read item, so it is no group at all).
        const GrammarReport r = GrammarEval::evaluate(on.value().outcomes);
        QCOMPARE(r.n, qint64(7));
        QCOMPARE(r.unread, qint64(1));
        QCOMPARE(r.gapGroups, 1);
        QCOMPARE(r.robustGroups, 1);
        QCOMPARE(r.nonRobustGroups, 1);
        QVERIFY(near(r.accuracy, 3.0 / 7));
        QVERIFY(near(r.retrievalAccuracy, 3.0 / 7));
        QVERIFY(near(r.refinedAccuracy, 3.0 / 5));
        QVERIFY(near(r.refinedRetrievalAccuracy, 3.0 / 5));
        QVERIFY(near(r.knowledgeAccuracy, 2.0 / 3));
        QVERIFY(near(r.contextRetrievalAccuracy, 4.0 / 7));
        QVERIFY(near(r.contextRefinedRetrievalAccuracy, 4.0 / 5));
        // Without the closed-domain rule q3 stays Correct.
        auto off = RunOutcomes::load(m_project->database(), QStringLiteral("grammar"), {QString(), QString(), false, true});
        const GrammarReport o = GrammarEval::evaluate(off.value().outcomes);
        QVERIFY(near(o.accuracy, 4.0 / 7));
        QVERIFY(near(o.refinedAccuracy, 4.0 / 5));
        QVERIFY(near(o.contextRetrievalAccuracy, 3.0 / 7)); // q2 (top-1 7) has no correct twin
        // Asking for a judge the run does not have names the ones it has.
        QVERIFY(RunOutcomes::load(m_project->database(), QStringLiteral("grammar"), {QStringLiteral("exact"), QString(), true, true}).error().contains(QLatin1String("it has: imported")));
    }

    void judgesOnStoredAnswers()
    {
        const QString path = write(QStringLiteral("answers.jsonl"),
                                   "{\"id\": \"a\", \"query\": \"Capital of Norway?\", \"gold\": \"Oslo\", \"answer\": \"Oslo.\", \"group\": \"g1\", \"retrieved_ids\": [\"d1\"], \"true_doc_ids\": [\"d1\"], \"context\": \"Oslo is the capital\"}\n"
                                   "{\"id\": \"b\", \"query\": \"Capital of Norway, again?\", \"gold\": \"Oslo\", \"answer\": \"It is Oslo, Norway\", \"group\": \"g1\", \"retrieved_ids\": [\"d2\"], \"true_doc_ids\": [\"d1\"], \"context\": \"Bergen\"}\n"
                                   "{\"id\": \"c\", \"query\": \"Capital of Sweden?\", \"gold\": \"Stockholm\", \"answer\": \"Malmo\", \"group\": \"g2\", \"retrieved_ids\": [], \"true_doc_ids\": [\"d3\"]}\n");
        QVERIFY(ResultsImporter::import(m_project->database(), ResultsImporter::Format::Jsonl, path, QStringLiteral("answers")).ok());
        Database &db = m_project->database();
        const qint64 run = RunStore(db).idOf(QStringLiteral("answers")).value();
        const auto verdicts = [&](const QString &judge) {
            return db.scalar(QStringLiteral("SELECT group_concat(coalesce(j.verdict, 'null'), ',') FROM (SELECT j.verdict FROM judgement j JOIN run_item i ON i.id = j.run_item_id "
                                            "WHERE i.run_id = %1 AND j.judge = '%2' AND j.aspect = 'answer' ORDER BY i.id) j").arg(run).arg(judge)).value().toString();
        };
        auto exact = Scorer::score(db, run, QStringLiteral("exact"), {false, {}});
        QVERIFY2(exact.ok(), qPrintable(exact.error()));
        QCOMPARE(verdicts(QStringLiteral("exact")), QStringLiteral("1,0,0"));
        QVERIFY(Scorer::score(db, run, QStringLiteral("contains"), {false, {}}).ok());
        QCOMPARE(verdicts(QStringLiteral("contains")), QStringLiteral("1,1,0"));
        QVERIFY(Scorer::score(db, run, QStringLiteral("f1:0.5"), {false, {}}).ok());
        QCOMPARE(verdicts(QStringLiteral("f1:0.5")), QStringLiteral("1,0,0")); // "it is oslo norway" vs "oslo": F1 = 0.4
        // Retrieval judgements come with every scoring.
        QCOMPARE(db.scalar(QStringLiteral("SELECT group_concat(verdict, ',') FROM (SELECT j.verdict FROM judgement j JOIN run_item i ON i.id = j.run_item_id "
                                          "WHERE i.run_id = %1 AND j.judge = 'top1' ORDER BY i.id)").arg(run)).value().toString(), QStringLiteral("1,0,0"));
        QCOMPARE(db.scalar(QStringLiteral("SELECT group_concat(verdict, ',') FROM (SELECT j.verdict FROM judgement j JOIN run_item i ON i.id = j.run_item_id "
                                          "WHERE i.run_id = %1 AND j.judge = 'context' ORDER BY i.id)").arg(run)).value().toString(), QStringLiteral("1,0,0"));
        // The closed-domain rule: b is correct by contains but its top-1 document is wrong.
        auto closed = Scorer::score(db, run, QStringLiteral("contains"), {true, QStringLiteral("top1")});
        QCOMPARE(closed.value().closedDomainFlips, qint64(1));
        QCOMPARE(verdicts(QStringLiteral("contains")), QStringLiteral("1,0,0"));
        // The LLM judge: Correct, Incorrect, and a reply that is neither (kept unread).
        m_endpoint.addFixture(QStringLiteral("##Given Response##: Oslo."), QStringLiteral("Correct"));
        m_endpoint.addFixture(QStringLiteral("##Given Response##: It is Oslo, Norway"), QStringLiteral("Incorrect"));
        m_endpoint.addFixture(QStringLiteral("##Given Response##: Malmo"), QStringLiteral("I am not able to decide."));
        auto llm = Scorer::score(db, run, QStringLiteral("llm:judge"), {false, {}});
        QVERIFY2(llm.ok(), qPrintable(llm.error()));
        QCOMPARE(llm.value().unread, qint64(1));
        QCOMPARE(verdicts(QStringLiteral("llm:judge")), QStringLiteral("1,0,null"));
        QVERIFY(m_endpoint.lastBody().contains("##True Answer##: \\\"Stockholm\\\"") || m_endpoint.lastBody().contains("Oslo"));
        // Scoring again replaces the verdicts and pays nothing (the cache answers).
        const int requests = m_endpoint.requestCount();
        QVERIFY(Scorer::score(db, run, QStringLiteral("llm:judge"), {false, {}}).ok());
        QCOMPARE(m_endpoint.requestCount(), requests);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM judgement j JOIN run_item i ON i.id = j.run_item_id WHERE i.run_id = %1 AND j.judge = 'llm:judge'").arg(run)).value().toInt(), 3);
        // Several judges now: analyses ask which one.
        QVERIFY(RunOutcomes::load(db, QStringLiteral("answers"), {}).error().contains(QLatin1String("several judges")));
    }

    void garageMetrics()
    {
        const QString benchmark = write(QStringLiteral("garage.jsonl"),
            R"({"id": "q1", "question": "Who founded Acme and when?", "grounding": [{"cite_1": {"text": "Acme was founded by Ada.", "provider": "web"}}, {"cite_2": {"text": "Bob likes tea.", "provider": "web"}}, {"cite_3": {"text": "It was 1990.", "provider": "private"}}], "evidence_relevant": ["YES", "NO", "YES"], "answer_generate": "Ada, in 1990.", "temporal": "static"}
{"id": "q2", "question": "What is the moon made of?", "grounding": [{"cite_1": {"text": "Cheese shops in Oslo.", "provider": "web"}}], "evidence_relevant": ["NO"], "answer_generate": "", "temporal": "static"}
{"id": "q3", "question": "How many moons has Mars?", "grounding": [{"cite_1": {"text": "Mars is red.", "provider": "web"}}], "evidence_relevant": ["NO"], "answer_generate": "", "temporal": "dynamic"}
{"id": "q4", "question": "Who leads Acme now?", "grounding": [{"cite_1": {"text": "Cy leads Acme.", "provider": "private"}}], "evidence_relevant": ["YES"], "answer_generate": "Cy.", "temporal": "dynamic"}
)");
        // (No raw string here: moc misreads an apostrophe inside one.)
        const QString responses = write(QStringLiteral("responses.jsonl"),
            "{\"id\": \"q4\", \"response\": \"I do not know the answer.\"}\n"
            "{\"id\": \"q1\", \"response\": \"Acme was founded by Ada [cite_1][cite_1]. Bob founded it in 1990 [cite_2, cite_9].\"}\n"
            "{\"id\": \"q2\", \"response\": \"I don't know.\"}\n"
            "{\"id\": \"q3\", \"response\": \"Mars has two moons [cite_1].\"}\n");
        auto questions = GarageData::readBenchmark(benchmark);
        QVERIFY2(questions.ok(), qPrintable(questions.error()));
        QVERIFY(GarageData::pair(questions.value(), responses).ok());
        QCOMPARE(GarageEvaluator::citations(questions.value()[0].response), (QStringList{QStringLiteral("cite_1"), QStringLiteral("cite_2"), QStringLiteral("cite_9")}));
        auto phrases = GarageEvaluator::evaluate(questions.value(), {});
        QVERIFY2(phrases.ok(), qPrintable(phrases.error()));
        const nlohmann::json j = phrases.value().toJson();
        QVERIFY(near(j["deflection"]["tpr"], 0.5)); // q2 deflects, q3 does not
        QVERIFY(near(j["deflection"]["fpr"], 0.5)); // q4 deflects despite a relevant passage
        QVERIFY(near(j["attribution"]["macro"]["precision"], (1.0 / 3 + 0) / 2));
        QVERIFY(near(j["attribution"]["macro"]["recall"], (0.5 + 0) / 2));
        QVERIFY(near(j["attribution"]["macro"]["f1"], (0.4 + 0) / 2));
        QVERIFY(near(j["attribution"]["micro"]["precision"], 1.0 / 3));
        QVERIFY(near(j["attribution"]["micro"]["recall"], 1.0 / 3));
        QVERIFY(j["factuality"]["raf"].is_null());
        QVERIFY(near(j["by_label"]["temporal"]["dynamic"]["deflection"]["fpr"], 1.0));
        QVERIFY(near(j["by_label"]["temporal"]["static"]["deflection"]["tpr"], 1.0));
        // With an LLM judge: deflection from its Yes/No, RAF from sentence labels.
        m_endpoint.addFixture(QStringLiteral("Response: I do not know the answer."), QStringLiteral("Yes"));
        m_endpoint.addFixture(QStringLiteral("Response: Acme was founded"), QStringLiteral("No"));
        m_endpoint.addFixture(QStringLiteral("Response: I don't know."), QStringLiteral("Yes"));
        m_endpoint.addFixture(QStringLiteral("Response: Mars has two moons"), QStringLiteral("No"));
        m_endpoint.addFixture(QStringLiteral("Question: Who founded Acme and when?\n\nResponse sentences:"),
                              QStringLiteral(R"({"answers_question": true, "sentences": ["supported", "unsupported"]})"));
        m_endpoint.addFixture(QStringLiteral("Question: Who leads Acme now?\n\nResponse sentences:"),
                              QStringLiteral(R"({"answers_question": false, "sentences": ["no_rad"]})"));
        LlmStore store(m_project->database());
        auto judged = GarageEvaluator::evaluate(questions.value(), {{}, QStringLiteral("judge")}, &store);
        QVERIFY2(judged.ok(), qPrintable(judged.error()));
        const nlohmann::json k = judged.value().toJson();
        QVERIFY(near(k["deflection"]["tpr"], 0.5));
        QVERIFY(near(k["factuality"]["uraf"], 0.5)); // q4 factual (no claims), q1 not
        QVERIFY(near(k["factuality"]["raf"], 0.0));  // q4 is not eligible
        QCOMPARE(k["deflection"]["method"].get<std::string>(), std::string("llm:judge"));
        // A benchmark line whose relevance list does not match its grounding names the line.
        const QString bad = write(QStringLiteral("bad.jsonl"), "{\"question\": \"x\", \"grounding\": [{\"cite_1\": \"t\"}], \"evidence_relevant\": []}\n");
        QVERIFY(GarageData::readBenchmark(bad).error().contains(QLatin1String("bad.jsonl:1: field 'evidence_relevant'")));
        const QString fewer = write(QStringLiteral("fewer.jsonl"), "{\"response\": \"x\"}\n");
        auto unpaired = GarageData::readBenchmark(benchmark);
        QVERIFY(GarageData::pair(unpaired.value(), fewer).error().contains(QLatin1String("1 responses for 4 questions")));
    }

    void keywordIsWorseOnLongQueries()
    {
        QTemporaryDir dir;
        auto demo = test::openDemoProject(dir);
        QVERIFY(demo);
        Database &db = demo->database();
        RunStore store(db);
        QMap<QString, QVector<Outcome>> outcomes;
        for (const QString &form : {QStringLiteral("short"), QStringLiteral("long")})
            for (const QString &retriever : {QStringLiteral("keyword"), QStringLiteral("bm25")}) {
                const QString name = form + QLatin1Char('/') + retriever;
                auto id = store.openOrCreate(name, PipelineSpec::parse(QStringLiteral("retriever=%1,k=1,reader=none").arg(retriever)).value(), form);
                QVERIFY(id.ok());
                QVERIFY(RunExecutor::execute(db, id.value()).ok());
                QVERIFY(Scorer::score(db, id.value(), QStringLiteral("contains"), {}).ok());
                auto loaded = RunOutcomes::load(db, name, {});
                QVERIFY(loaded.ok());
                outcomes.insert(name, loaded.value().outcomes);
            }
        // Long queries hurt the keyword retriever far more than BM25 ...
        const FormComparisonReport keyword = FormComparison::compare(outcomes[QStringLiteral("short/keyword")], outcomes[QStringLiteral("long/keyword")]);
        const FormComparisonReport bm25 = FormComparison::compare(outcomes[QStringLiteral("short/bm25")], outcomes[QStringLiteral("long/bm25")]);
        QVERIFY2(*keyword.ciLow > 0.1, qPrintable(QString::number(*keyword.ciLow)));
        QVERIFY(*keyword.difference > 3 * *bm25.difference);
        // ... and on long queries keyword is measurably worse than BM25.
        const FormComparisonReport longForms = FormComparison::compare(outcomes[QStringLiteral("long/keyword")], outcomes[QStringLiteral("long/bm25")]);
        QVERIFY2(*longForms.ciHigh < -0.1, qPrintable(QString::number(*longForms.ciHigh)));
        const GrammarReport k = GrammarEval::evaluate(outcomes[QStringLiteral("long/keyword")]);
        const GrammarReport b = GrammarEval::evaluate(outcomes[QStringLiteral("long/bm25")]);
        QVERIFY(*k.refinedAccuracy < *b.refinedAccuracy - 0.1);
        QVERIFY(k.nonRobustGroups > b.nonRobustGroups);

        // The response facts stored with each item (migration 10) give the taxonomy that the
        // item's texts give: every item has them, and each class agrees item by item.
        for (auto it = outcomes.constBegin(); it != outcomes.constEnd(); ++it) {
            auto id = store.idOf(it.key());
            QVERIFY(id);
            auto withTexts = RunResultStore(db).executed(id.value());
            QVERIFY(withTexts);
            QCOMPARE(withTexts.value().size(), it.value().size());
            int inContext = 0;
            for (int i = 0; i < it.value().size(); ++i) {
                const Outcome &stored = it.value()[i];
                QVERIFY(stored.goldInContext && stored.answerF1);
                QVERIFY(stored.context.isEmpty()); // the analysis did not read the texts
                Outcome computed = stored;
                computed.goldInContext.reset();
                computed.answerF1.reset();
                computed.context = AnswerMetrics::scratchpad(withTexts.value()[i].retrievedText, withTexts.value()[i].trace);
                QCOMPARE(ResponseTaxonomy::classify(stored, 0.5), ResponseTaxonomy::classify(computed, 0.5));
                inContext += *stored.goldInContext;
            }
            QVERIFY(inContext > 0 && inContext < it.value().size());
        }
    }
};

ASSAY_TEST_GUILESS_MAIN(TestAnalysisRuns)

} // namespace tst_analysisruns
#include "tst_analysisruns.moc"
