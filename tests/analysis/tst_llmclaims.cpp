// Claims made and checked by an LLM (docs/METHODS.md §12.4) against the loopback endpoint with
// scripted extractor and checker replies: the metrics of the checks counted by hand; a label
// the checker cannot read stays Unknown (never Neutral) and makes the metrics that need it
// unknown; an unreadable claim list leaves its item out; a second check is answered by the
// cache; a failed request leaves its item out and is asked again next time; a refused key stops
// the job and stores nothing; cost is counted from the replies' usage.
#include "testmain.h"
#include "testfiles.h"
#include "analysis/claimanalysis.h"
#include "analysis/llmclaimchecker.h"
#include "claims/claimstore.h"
#include "claimscommand.h"
#include "project/project.h"
#include "runs/resultsimporter.h"
#include "testendpoint.h"
#include "testllm.h"
#include "testsettings.h"

#include <QtTest>

#include <cmath>
#include <tuple>

#include <nlohmann/json.hpp>

namespace tst_llmclaims {

using namespace assay;

class TestLlmClaims : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;
    test::TestEndpoint m_endpoint;

    QString write(const QString &name, const QByteArray &bytes) { return test::writeFile(m_dir, name, bytes); }
    qint64 importRun(const QString &name, const QByteArray &json)
    {
        const QString path = write(name + QStringLiteral(".json"), json);
        auto report = ResultsImporter::import(m_project->database(), ResultsImporter::Format::RagChecker, path, name);
        return report ? report.value().runId : -1;
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        QVERIFY(m_endpoint.start());
        // $1 per million prompt tokens, $2 per million completion tokens.
        QVERIFY(test::saveEndpointProfile(m_endpoint, QStringLiteral("checker"), 1.0, 2.0));
        auto project = Project::create(m_dir.filePath(QStringLiteral("llmclaims.assay")));
        QVERIFY2(project, qPrintable(project.error()));
        m_project = project.take();
    }

    void parsingIsStrict()
    {
        QCOMPARE(LlmClaimChecker::parseClaims(QStringLiteral("```json\n[\"Ada built it.\", [\"Ada\", \"built\", \"the quay\"]]\n```")).value(),
                 (QStringList{QStringLiteral("\"Ada built it.\""), QStringLiteral("[\"Ada\",\"built\",\"the quay\"]")}));
        QCOMPARE(LlmClaimChecker::parseClaims(QStringLiteral("[]")).value(), QStringList());
        QVERIFY(!LlmClaimChecker::parseClaims(QStringLiteral("Ada built it.")));
        // A prompt echoed back holds "[]" in its text: that is no reply, not "no claims".
        QVERIFY(!LlmClaimChecker::parseClaims(QStringLiteral("Reply with JSON only: an array of strings; [] when the passage states no fact.")));
        QVERIFY(!LlmClaimChecker::parseChecks(QStringLiteral("Labels: [\"Neutral\"] as asked"), 1));
        QVERIFY(!LlmClaimChecker::parseClaims(QStringLiteral("[\"Ada\", 3]")));
        QVERIFY(!LlmClaimChecker::parseClaims(QStringLiteral("[[\"Ada\", \"built\"]]")));
        QVERIFY(!LlmClaimChecker::parseClaims(QStringLiteral("{\"claims\": []}")));
        const auto labels = LlmClaimChecker::parseChecks(QStringLiteral("[\"Entailment\", \"neutral\", \"CONTRADICTION\", \"probably\", 1]"), 5);
        QVERIFY(labels);
        QCOMPARE(*labels, (QVector<ClaimVerdict>{ClaimVerdict::Entailment, ClaimVerdict::Neutral, ClaimVerdict::Contradiction, ClaimVerdict::Unknown,
                                                  ClaimVerdict::Unknown}));
        QVERIFY(!LlmClaimChecker::parseChecks(QStringLiteral("[\"Entailment\"]"), 2)); // one label short: none read
        QVERIFY(!LlmClaimChecker::parseChecks(QStringLiteral("Entailment, Neutral"), 2));
    }

    void checksCountedByHand()
    {
        const qint64 run = importRun(QStringLiteral("quay"), R"({"results": [
            {"query_id": "a", "query": "Who built the quay and when?", "gt_answer": "Ada Lovelace built the quay in 1843.",
             "response": "Ada built the quay. It opened in 1850.",
             "retrieved_context": [{"doc_id": "d1", "text": "The quay was built by Ada Lovelace in 1843."}, {"doc_id": "d2", "text": "Harbour fees rose in 1850."}]},
            {"query_id": "b", "query": "Who paints the lighthouse?", "gt_answer": "Nobody paints it.", "response": "I cannot tell.",
             "retrieved_context": [{"doc_id": "d3", "text": "The lighthouse is white."}]}]})");
        QVERIFY(run > 0);
        m_endpoint.addFixture(QStringLiteral("Passage: Ada Lovelace built the quay in 1843.\n"), QStringLiteral(R"(["Ada Lovelace built the quay.", "The quay was built in 1843."])"));
        m_endpoint.addFixture(QStringLiteral("Passage: Ada built the quay. It opened in 1850.\n"), QStringLiteral(R"(["Ada built the quay.", "The quay opened in 1850."])"));
        m_endpoint.addFixture(QStringLiteral("Passage: Nobody paints it.\n"), QStringLiteral("Sure! The claim is that nobody paints it."));
        m_endpoint.addFixture(QStringLiteral("Passage: I cannot tell.\n"), QStringLiteral("[]"));
        // The truth against the response's claims; the response against the truth's claims; each
        // chunk against the response's claims, then the truth's.
        m_endpoint.addFixture(QStringLiteral("Reference: Ada Lovelace built the quay in 1843.\n\nClaims"), QStringLiteral(R"(["Entailment", "Neutral"])"));
        m_endpoint.addFixture(QStringLiteral("Reference: Ada built the quay. It opened in 1850.\n\nClaims"), QStringLiteral(R"(["Entailment", "Neutral"])"));
        m_endpoint.addFixture(QStringLiteral("Reference: The quay was built by Ada Lovelace in 1843.\n\nClaims"),
                              QStringLiteral(R"(["Entailment", "Neutral", "Entailment", "Entailment"])"));
        m_endpoint.addFixture(QStringLiteral("Reference: Harbour fees rose in 1850.\n\nClaims"), QStringLiteral(R"(["Neutral", "maybe", "Neutral", "Neutral"])"));

        const int before = m_endpoint.requestCount();
        auto report = LlmClaimChecker::run(*m_project, run, QStringLiteral("checker"), LlmClaimChecker::Mode::Check);
        QVERIFY2(report, qPrintable(report.error()));
        const auto &r = report.value();
        QCOMPARE(r.items, 2);
        QCOMPARE(r.checked, 1);
        QCOMPARE(r.extractionUnread, 1); // item b: its truth's claims could not be read
        QCOMPARE(r.checkRequests, 4);
        QCOMPARE(r.checkUnread, 0);
        QCOMPARE(r.unknownChecks, 1); // "maybe"
        QCOMPARE(r.usage.requests, 8);  // 4 distinct texts, 4 checks
        QCOMPARE(m_endpoint.requestCount() - before, 8);
        QVERIFY(r.usage.cost > 0);
        QVERIFY(std::abs(r.usage.cost - (r.usage.promptTokens * 1.0 + r.usage.completionTokens * 2.0) / 1e6) < 1e-12);

        ClaimStore store(m_project->database());
        QCOMPARE(store.checkers(run).value(), QStringList{QStringLiteral("llm:checker")});
        auto figures = ClaimAnalysis::ofRun(store, run, QStringLiteral("llm:checker"));
        QVERIFY2(figures, qPrintable(figures.error()));
        const auto &f = figures.value().figures;
        const auto pts = [&](ClaimMetrics::Metric m) { return std::round(1000 * f[m].value) / 10; };
        QCOMPARE(pts(ClaimMetrics::Precision), 50.0);          // 1 of 2 response claims in the truth
        QCOMPARE(pts(ClaimMetrics::Recall), 50.0);             // 1 of 2 truth claims in the response
        QCOMPARE(pts(ClaimMetrics::F1), 50.0);
        QCOMPARE(pts(ClaimMetrics::ClaimRecall), 100.0);       // both truth claims in chunk 1
        QCOMPARE(pts(ClaimMetrics::ContextPrecision), 50.0);   // chunk 1 of 2
        QCOMPARE(pts(ClaimMetrics::ContextUtilization), 50.0); // of the 2 in the chunks, the response has 1
        // "It opened in 1850" against chunk 2 is unknown: whether a chunk supports it is unknown,
        // so faithfulness is unknown for the item, not 50.
        QVERIFY(std::isnan(f[ClaimMetrics::Faithfulness].value));
        QCOMPARE(f[ClaimMetrics::Faithfulness].unknown, 1);
        QCOMPARE(f[ClaimMetrics::Faithfulness].n, 0);

        auto item = store.item(store.itemIds(run).value().value(QStringLiteral("a")), QStringLiteral("llm:checker"));
        QVERIFY(item && item.value());
        QCOMPARE(ClaimSet::display(item.value()->responseClaims.value(1)), QStringLiteral("The quay opened in 1850."));
        QCOMPARE(ClaimSet::letters(item.value()->checks.responseByChunk), QStringLiteral("ENN?"));

        // Asked again, the cache answers every request.
        auto again = LlmClaimChecker::run(*m_project, run, QStringLiteral("checker"), LlmClaimChecker::Mode::Check);
        QVERIFY2(again, qPrintable(again.error()));
        QCOMPARE(again.value().usage.cached, again.value().usage.requests);
        QCOMPARE(m_endpoint.requestCount() - before, 8);
    }

    void faultsAreNotVerdicts()
    {
        const qint64 run = importRun(QStringLiteral("mill"), R"({"results": [
            {"query_id": "m1", "query": "What does the mill grind?", "gt_answer": "The mill grinds rye.", "response": "It grinds rye.",
             "retrieved_context": [{"doc_id": "d9", "text": "The old mill grinds rye and oats."}]}]})");
        QVERIFY(run > 0);
        m_endpoint.addFixture(QStringLiteral("Passage: The mill grinds rye.\n"), QStringLiteral(R"(["The mill grinds rye."])"));
        m_endpoint.addFixture(QStringLiteral("Passage: It grinds rye.\n"), QStringLiteral(R"(["The mill grinds rye."])"));
        m_endpoint.addFixture(QStringLiteral("Reference: The mill grinds rye.\n\nClaims"), QStringLiteral(R"(["Entailment"])"));
        m_endpoint.addFixture(QStringLiteral("Reference: It grinds rye.\n\nClaims"), QStringLiteral(R"(["Entailment"])"));
        m_endpoint.addFixture(QStringLiteral("Reference: The old mill grinds rye and oats.\n\nClaims"), QStringLiteral(R"(["Entailment", "Entailment"])"));

        // A refused key stops the job: nothing is stored.
        m_endpoint.script({{test::TestEndpoint::Fault::Unauthorized, 0}});
        auto stopped = LlmClaimChecker::run(*m_project, run, QStringLiteral("checker"), LlmClaimChecker::Mode::Check);
        QVERIFY(!stopped);
        QVERIFY2(stopped.error().contains(QLatin1String("nothing was stored")), qPrintable(stopped.error()));
        QVERIFY(ClaimStore(m_project->database()).checkers(run).value().isEmpty());
        m_endpoint.clearScript();

        // A reply with no answer in it fails its request (not retried, not cached): its item is
        // left out and counted, never checked as Neutral.
        m_endpoint.script({{test::TestEndpoint::Fault::NoChoices, 0}});
        auto failed = LlmClaimChecker::run(*m_project, run, QStringLiteral("checker"), LlmClaimChecker::Mode::Check);
        QVERIFY2(failed, qPrintable(failed.error()));
        QCOMPARE(failed.value().extractionFailed, 1);
        QCOMPARE(failed.value().checked, 0);
        QCOMPARE(failed.value().usage.failed, 1);
        m_endpoint.clearScript();

        auto checked = LlmClaimChecker::run(*m_project, run, QStringLiteral("checker"), LlmClaimChecker::Mode::Check);
        QVERIFY2(checked, qPrintable(checked.error()));
        QCOMPARE(checked.value().checked, 1);
        QCOMPARE(checked.value().unknownChecks, 0);
        auto figures = ClaimAnalysis::ofRun(ClaimStore(m_project->database()), run, QStringLiteral("llm:checker"));
        QVERIFY(figures);
        QCOMPARE(figures.value().figures[ClaimMetrics::Faithfulness].value, 1.0);

        // Extraction alone stores the claims with every check unknown until they are checked.
        auto extracted = LlmClaimChecker::run(*m_project, run, QStringLiteral("checker"), LlmClaimChecker::Mode::Extract);
        QVERIFY2(extracted, qPrintable(extracted.error()));
        QCOMPARE(extracted.value().checked, 1);
        QCOMPARE(extracted.value().checkRequests, 0);
        QCOMPARE(extracted.value().unknownChecks, 4); // 1 × truth, 1 × response, 2 × chunk
    }

    // assay-cli claims extract|check --llm, in process: the cache answers what was asked before.
    void theCommandLine()
    {
        const auto cli = [&](const QStringList &args) {
            QString out, err;
            QTextStream o(&out), e(&err);
            CliIo io{o, e};
            const int code = ClaimsCommand().run(args, io);
            o.flush();
            e.flush();
            return std::make_tuple(code, out, err);
        };
        const QString path = m_project->path();
        auto [code, out, err] = cli({QStringLiteral("check"), path, QStringLiteral("--run"), QStringLiteral("quay"), QStringLiteral("--llm"), QStringLiteral("checker"),
                                     QStringLiteral("--json")});
        QVERIFY2(code == 0, qPrintable(err));
        const auto j = nlohmann::json::parse(out.toStdString(), nullptr, false);
        QVERIFY2(j.is_object(), qPrintable(out));
        QCOMPARE(j["checker"].get<std::string>(), std::string("llm:checker"));
        QCOMPARE(j["checked"].get<int>(), 1);
        QCOMPARE(j["extraction_unread"].get<int>(), 1);
        QCOMPARE(j["cached"].get<int>(), j["requests"].get<int>());
        std::tie(code, out, err) = cli({QStringLiteral("extract"), path, QStringLiteral("--run"), QStringLiteral("quay"), QStringLiteral("--llm"), QStringLiteral("checker")});
        QVERIFY2(code == 0, qPrintable(err));
        QVERIFY2(out.contains(QLatin1String("claims extracted by checker on 1 of 2 items")) && out.contains(QLatin1String("unknown until the claims are checked")),
                 qPrintable(out));
        std::tie(code, out, err) = cli({QStringLiteral("check"), path, QStringLiteral("--run"), QStringLiteral("quay")});
        QCOMPARE(code, 2); // neither --offline nor --llm
        QVERIFY2(err.contains(QLatin1String("--offline")), qPrintable(err));
    }
};

ASSAY_TEST_MAIN(TestLlmClaims)
} // namespace tst_llmclaims

#include "tst_llmclaims.moc"
