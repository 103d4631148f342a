// Claims stored, imported, exported and made offline (docs/METHODS.md §12): RAGChecker's
// checking output imports as a run whose metrics equal the file's own; the export reads back
// as the same matrices; the offline rules give the checks counted by hand; on the demo an
// extractive reader (whose every answer is a context sentence) never hallucinates; a failed
// write leaves the earlier claims.
#include "testmain.h"
#include "testfiles.h"
#include "analysis/claimanalysis.h"
#include "analysis/metricevaluator.h"
#include "analysis/metricregistry.h"
#include "analysis/offlineclaimchecker.h"
#include "analysis/ragcheckerexport.h"
#include "claims/claimstore.h"
#include "claims/ragcheckerfile.h"
#include "core/job.h"
#include "project/project.h"
#include "readers/extractivereader.h"
#include "readers/pipelinespec.h"
#include "report/claimsection.h"
#include "runs/ragasfile.h"
#include "runs/resultsimporter.h"
#include "runs/runexecutor.h"
#include "runs/runstore.h"
#include "testdemo.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>

namespace tst_claims {

using namespace assay;

namespace {

constexpr auto E = ClaimVerdict::Entailment;
constexpr auto N = ClaimVerdict::Neutral;

const QString kHandFile = QStringLiteral(ASSAY_TEST_DATA "/ragchecker/checking_output.json");

} // namespace

class TestClaims : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;

    QString write(const QString &name, const QByteArray &bytes) { return test::writeFile(m_dir, name, bytes); }

private slots:
    void initTestCase()
    {
        auto project = Project::create(m_dir.filePath(QStringLiteral("claims.assay")));
        QVERIFY2(project, qPrintable(project.error()));
        m_project = project.take();
    }

    // The hand-counted checking output imports as a run with its claims; Assay's metrics on the
    // stored checks equal the file's per-item metrics and its run block (to 0.1).
    void checkingOutputImportsWithItsMetrics()
    {
        QCOMPARE(ResultsImporter::guessFormat(kHandFile), ResultsImporter::Format::RagChecker);
        auto report = ResultsImporter::import(m_project->database(), ResultsImporter::Format::RagChecker, kHandFile, QStringLiteral("hand"));
        QVERIFY2(report, qPrintable(report.error()));
        QCOMPARE(report.value().items, 3);
        QCOMPARE(report.value().claimItems, 3);
        QVERIFY2(report.value().claimNote.contains(QLatin1String("1 unreadable checks")), qPrintable(report.value().claimNote));
        QVERIFY2(report.value().claimNote.contains(QLatin1String("largest difference 0.00 points; 11 run values, largest difference 0.00 points")),
                 qPrintable(report.value().claimNote));

        ClaimStore store(m_project->database());
        const qint64 run = report.value().runId;
        QCOMPARE(store.checkers(run).value(), QStringList{QStringLiteral("imported")});
        auto figures = ClaimAnalysis::ofRun(store, run, QStringLiteral("imported"));
        QVERIFY2(figures, qPrintable(figures.error()));
        const auto &f = figures.value();
        QCOMPARE(f.items, 3);
        QCOMPARE(f.unreadableChecks, 1);
        QCOMPARE(f.figures[ClaimMetrics::Precision].n, 2);
        QCOMPARE(f.figures[ClaimMetrics::Precision].unknown, 1);
        QCOMPARE(f.figures[ClaimMetrics::Precision].value, 1.0 / 6);
        QCOMPARE(f.figures[ClaimMetrics::Faithfulness].value, (2.0 / 3 + 0 + 0.5) / 3);
        QCOMPARE(f.figures[ClaimMetrics::ClaimRecall].notApplicable, 0);
        // The registered claim metrics give the Claims view's figures (MetricEvaluator).
        auto registered = MetricEvaluator::evaluate(m_project->database(), run, MetricEvaluator::registered());
        QVERIFY2(registered, qPrintable(registered.error()));
        for (int m = 0; m < ClaimMetrics::MetricCount; ++m) {
            const Metric *metric = MetricRegistry::instance().metric(QString::fromLatin1(ClaimMetrics::key(ClaimMetrics::Metric(m))));
            QVERIFY(metric);
            const MetricEvaluator::Figure g = MetricEvaluator::figure(registered.value(), *metric);
            QVERIFY2(std::abs(g.value - f.figures[m].value) < 1e-12 && g.n == f.figures[m].n && g.unknown == f.figures[m].unknown,
                     ClaimMetrics::key(ClaimMetrics::Metric(m)));
        }

        // The inspector's read: texts, chunks and checks of one item.
        auto ids = store.itemIds(run);
        QVERIFY(ids);
        auto one = store.item(ids.value().value(QStringLiteral("hand-1")), QStringLiteral("imported"));
        QVERIFY2(one && one.value(), qPrintable(one ? QStringLiteral("none") : one.error()));
        const ClaimSet &s = *one.value();
        QCOMPARE(s.responseClaims.size(), 3);
        QCOMPARE(ClaimSet::display(s.responseClaims[0]), QStringLiteral("Harbour Museum · is in · Aldport"));
        QCOMPARE(s.chunkIds, (QStringList{QStringLiteral("d1"), QStringLiteral("d2")}));
        QCOMPARE(s.checks.responseByChunk, (QVector<ClaimVerdict>{E, N, N, E, N, N}));

        // The report's section: the run's figures ×100, and nothing for a run without claims.
        auto section = ClaimSection::html(m_project->database(), {QStringLiteral("hand")});
        QVERIFY2(section, qPrintable(section.error()));
        QVERIFY(section.value().contains(QLatin1String("<h2>Claims</h2>")));
        QVERIFY2(section.value().contains(QLatin1String(">16.7<br>")), qPrintable(section.value()));
        QVERIFY(section.value().contains(QLatin1String(">38.9<br>")));
        QVERIFY(!section.value().contains(QLatin1String("<figure")));
        auto charted = ClaimSection::html(m_project->database(), {QStringLiteral("hand")}, true);
        QVERIFY2(charted && charted.value().contains(QLatin1String("<figure aria-label=\"Claims of checker imported\"><svg")), qPrintable(charted.error()));
    }

    // Export writes RAGChecker's format; reading it back gives the same claims and checks (the
    // unreadable one stays unknown), and importing it again the same metrics.
    void exportRoundTrips()
    {
        auto run = RunStore(m_project->database()).idOf(QStringLiteral("hand"));
        QVERIFY(run);
        auto bytes = RagCheckerExport::bytes(m_project->database(), run.value(), QStringLiteral("imported"));
        QVERIFY2(bytes, qPrintable(bytes.error()));
        auto back = RagCheckerFile::read(bytes.value(), QStringLiteral("export"));
        QVERIFY2(back, qPrintable(back.error()));
        auto original = RagCheckerFile::readFile(kHandFile);
        QVERIFY(original);
        QCOMPARE(back.value().items.size(), original.value().items.size());
        for (int i = 0; i < original.value().items.size(); ++i) {
            const RagCheckerFile::Item &a = original.value().items[i], &b = back.value().items[i];
            QCOMPARE(b.queryId, a.queryId);
            QCOMPARE(b.query, a.query);
            QCOMPARE(b.gtAnswer, a.gtAnswer);
            QCOMPARE(b.response, a.response);
            QCOMPARE(b.chunkTexts, a.chunkTexts);
            QCOMPARE(b.chunkIds, a.chunkIds);
            QCOMPARE(b.responseClaims, a.responseClaims);
            QCOMPARE(b.answerClaims, a.answerClaims);
            QCOMPARE(b.checks.responseByAnswer, a.checks.responseByAnswer);
            QCOMPARE(b.checks.answerByResponse, a.checks.answerByResponse);
            QCOMPARE(b.checks.responseByChunk, a.checks.responseByChunk);
            QCOMPARE(b.checks.answerByChunk, a.checks.answerByChunk);
            QCOMPARE(b.unreadableChecks, a.unreadableChecks);
        }
        const QString path = write(QStringLiteral("again.json"), bytes.value());
        auto again = ResultsImporter::import(m_project->database(), ResultsImporter::Format::RagChecker, path, QStringLiteral("hand-again"));
        QVERIFY2(again, qPrintable(again.error()));
        ClaimStore store(m_project->database());
        const auto first = ClaimAnalysis::ofRun(store, run.value(), QStringLiteral("imported")).value();
        const auto second = ClaimAnalysis::ofRun(store, again.value().runId, QStringLiteral("imported")).value();
        for (int m = 0; m < ClaimMetrics::MetricCount; ++m) {
            QCOMPARE(second.figures[m].n, first.figures[m].n);
            if (first.figures[m].n > 0)
                QCOMPARE(second.figures[m].value, first.figures[m].value);
        }
        // Paired against itself: every shared difference is 0.
        for (const auto &d : ClaimAnalysis::compare(second, first, 200))
            if (d.result.shared > 0)
                QCOMPARE(d.result.difference, 0.0);
    }

    // An input file (no claims) imports as a run only; a file mixing both, or with a list of the
    // wrong length, is refused whole with the item named, and leaves the project as it was.
    void inputFilesAndBadFiles()
    {
        const QString input = write(QStringLiteral("input.json"), R"({"results": [
            {"query_id": "a", "query": "Who?", "gt_answer": "Ada.", "response": "Ada.", "retrieved_context": [{"doc_id": "d1", "text": "Ada did."}]},
            {"query_id": "b", "query": "When?", "gt_answer": "1990.", "response": "No idea.", "retrieved_context": []}]})");
        auto report = ResultsImporter::import(m_project->database(), ResultsImporter::guessFormat(input), input, QStringLiteral("input-only"));
        QVERIFY2(report, qPrintable(report.error()));
        QCOMPARE(report.value().items, 2);
        QCOMPARE(report.value().claimItems, 0);
        QVERIFY(ClaimStore(m_project->database()).checkers(report.value().runId).value().isEmpty());
        QCOMPARE(ClaimSection::html(m_project->database(), {QStringLiteral("input-only")}).value(), QString());

        auto runsBefore = RunStore(m_project->database()).runs();
        QVERIFY(runsBefore);
        const QString mixed = write(QStringLiteral("mixed.json"), R"({"results": [
            {"query_id": "a", "query": "Who?", "response": "Ada.", "retrieved_context": [], "response_claims": [], "gt_answer_claims": [],
             "answer2response": [], "response2answer": [], "retrieved2response": [], "retrieved2answer": []},
            {"query_id": "b", "query": "When?", "response": "1990."}]})");
        auto refused = ResultsImporter::import(m_project->database(), ResultsImporter::Format::RagChecker, mixed, QStringLiteral("mixed"));
        QVERIFY(!refused);
        QVERIFY2(refused.error().contains(QLatin1String("mixed.json: results[1] (query b): has no claims, but the items before it have them")),
                 qPrintable(refused.error()));
        const QString shortRow = write(QStringLiteral("short.json"), R"({"results": [
            {"query_id": "q9", "query": "?", "retrieved_context": [{"text": "x"}, {"text": "y"}], "response_claims": ["It is y."], "gt_answer_claims": [],
             "answer2response": ["Neutral"], "response2answer": [], "retrieved2response": [["Neutral"]], "retrieved2answer": []}]})");
        refused = ResultsImporter::import(m_project->database(), ResultsImporter::Format::RagChecker, shortRow, QStringLiteral("short"));
        QVERIFY(!refused);
        QVERIFY2(refused.error().contains(QLatin1String("results[0] (query q9): retrieved2response[0]: not a list of 2 checks")), qPrintable(refused.error()));
        // A duplicate run name fails in the store after the claims were read: nothing is kept.
        refused = ResultsImporter::import(m_project->database(), ResultsImporter::Format::RagChecker, kHandFile, QStringLiteral("hand"));
        QVERIFY(!refused);
        QCOMPARE(RunStore(m_project->database()).runs().value().size(), runsBefore.value().size());
    }

    // RAGAS-shaped datasets import as runs, JSONL or CSV (contexts as a Python list literal, as
    // pandas writes them); a malformed list names its line and field and imports nothing.
    void ragasDatasetsImport()
    {
        const QString jsonl = write(QStringLiteral("ragas.jsonl"),
                                    R"({"user_input": "Who built the quay?", "retrieved_contexts": ["Ada built it.", "The quay is old."], "response": "Ada.", "reference": "Ada"}
{"question": "When?", "contexts": [], "answer": "1990", "ground_truth": "1991"}
)");
        QCOMPARE(ResultsImporter::guessFormat(jsonl), ResultsImporter::Format::Ragas);
        auto a = ResultsImporter::import(m_project->database(), ResultsImporter::Format::Ragas, jsonl, QStringLiteral("ragas-jsonl"));
        QVERIFY2(a, qPrintable(a.error()));
        QCOMPARE(a.value().items, 2);
        const QString csv = write(QStringLiteral("ragas.csv"), "user_input,retrieved_contexts,response,reference\n"
                                                               "Who built the quay?,\"['Ada built it.', \"\"The quay's age is 90.\"\"]\",Ada.,Ada\n");
        QCOMPARE(ResultsImporter::guessFormat(csv), ResultsImporter::Format::Ragas);
        auto b = ResultsImporter::import(m_project->database(), ResultsImporter::Format::Ragas, csv, QStringLiteral("ragas-csv"));
        QVERIFY2(b, qPrintable(b.error()));
        QCOMPARE(b.value().items, 1);
        QCOMPARE(RagasFile::parseList(QStringLiteral("['a, b', \"c's\", 'd\\'e']")).value(),
                 (QStringList{QStringLiteral("a, b"), QStringLiteral("c's"), QStringLiteral("d'e")}));
        const QString bad = write(QStringLiteral("bad.csv"), "user_input,retrieved_contexts,response\nq,\"['unclosed]\",r\n");
        auto refused = ResultsImporter::import(m_project->database(), ResultsImporter::Format::Ragas, bad, QStringLiteral("ragas-bad"));
        QVERIFY(!refused);
        QVERIFY2(refused.error().contains(QLatin1String("bad.csv:2: field 'retrieved_contexts': a quoted text is not closed")), qPrintable(refused.error()));
        QVERIFY(!RunStore(m_project->database()).idOf(QStringLiteral("ragas-bad")));
    }

    // The offline rules on a path written by hand: a project row (name "Nordvik quay wall
    // survey", budget 420) of client "Brambleway Haulage", asked "budget of the project of
    // client Brambleway Haulage".
    void offlineRulesCountedByHand()
    {
        PathFacts::Row project{QStringLiteral("projects"), true, {}};
        project.items << PathFacts::Item{{QStringLiteral("nordvik quay wall survey")}, true, false, QStringLiteral("title"), QStringLiteral("Nordvik quay wall survey")};
        project.items << PathFacts::Item{{QStringLiteral("420")}, false, true, QStringLiteral("budget"), QStringLiteral("420")};
        PathFacts::Row client{QStringLiteral("clients"), false, {}};
        client.items << PathFacts::Item{{QStringLiteral("brambleway haulage")}, true, false, QStringLiteral("name"), QStringLiteral("Brambleway Haulage")};
        const auto facts = OfflineClaimChecker::factsOf({project, client}, {QStringLiteral("420")}, {{QStringLiteral("Brambleway Haulage")}});
        QCOMPARE(facts.size(), 2);
        QCOMPARE(ClaimSet::display(facts[0].claimJson), QStringLiteral("Nordvik quay wall survey · budget · 420"));
        QVERIFY(facts[0].answer);
        QCOMPARE(facts[0].names, QStringList{QStringLiteral("nordvik quay wall survey")});
        // The client row has no other name: the project's name ties it.
        QCOMPARE(ClaimSet::display(facts[1].claimJson), QStringLiteral("Nordvik quay wall survey · clients name · Brambleway Haulage"));

        const QStringList chunks{
            QStringLiteral("Nordvik quay wall survey carries a budget of 420 thousand euros. It started in 2018."), // states the answer fact
            QStringLiteral("Brambleway Haulage hired us for Nordvik quay wall survey."),                          // states the client fact
            QStringLiteral("The budget was 420. Brambleway Haulage is a haulier."),                                  // 420 without its row: neither
        };
        const QString response = QStringLiteral("The budget is 420 thousand euros. Brambleway Haulage is a haulier. The survey used drones.");
        const ClaimSet s = OfflineClaimChecker::checkItem(facts, response, true, chunks);
        QCOMPARE(s.checks.answerClaims, 2);
        QCOMPARE(s.checks.responseClaims, 3);
        QCOMPARE(s.checks.chunks, 3);
        QCOMPARE(s.checks.answerByChunk, (QVector<ClaimVerdict>{E, N, N, N, E, N}));
        QCOMPARE(s.checks.answerByResponse, (QVector<ClaimVerdict>{E, E}));
        QCOMPARE(s.checks.responseByAnswer, (QVector<ClaimVerdict>{E, N, N})); // only a sentence with the answer is correct
        // Sentence 1 holds 420: chunk 1 states it. Sentence 2 holds the client: chunk 2 states it,
        // and chunk 3 holds the sentence word for word. Sentence 3 holds no fact and no chunk its words.
        QCOMPARE(s.checks.responseByChunk, (QVector<ClaimVerdict>{E, N, N, N, E, E, N, N, N}));
        const auto v = ClaimMetrics::item(s.checks);
        QCOMPARE(v[ClaimMetrics::ClaimRecall], 1.0);
        QCOMPARE(v[ClaimMetrics::ContextPrecision], 2.0 / 3);
        QCOMPARE(v[ClaimMetrics::Precision], 1.0 / 3);
        QCOMPARE(v[ClaimMetrics::Hallucination], 1.0 / 3);     // "The survey used drones."
        QCOMPARE(v[ClaimMetrics::NoiseSensitivityRelevant], 1.0 / 3); // the client sentence, from relevant chunk 2

        // Without a response: the truth against the chunks only; its response metrics do not apply.
        const ClaimSet none = OfflineClaimChecker::checkItem(facts, QString(), false, chunks);
        QVERIFY(!none.hasResponse);
        QCOMPARE(none.checks.responseClaims, 0);
        QCOMPARE(ClaimAnalysis::figures({none}).figures[ClaimMetrics::Precision].notApplicable, 1);
        QCOMPARE(ClaimAnalysis::figures({none}).figures[ClaimMetrics::ClaimRecall].value, 1.0);
    }

    // On the demo: a retrieval-only run gets the truth's claims against its chunks; the
    // extractive reader's answers are sentences of their context, so offline checking finds no
    // hallucination and faithfulness is all but complete; claim recall is the same for both
    // (same retriever). A cancelled check stores nothing.
    void offlineOnTheDemo()
    {
        QTemporaryDir dir;
        auto demo = test::openDemoProject(dir);
        QVERIFY(demo);
        RunStore runs(demo->database());
        QHash<QString, qint64> ids;
        for (const char *reader : {"none", "extractive"}) {
            auto id = runs.openOrCreate(QStringLiteral("claims/%1").arg(QLatin1String(reader)),
                                        PipelineSpec::parse(QStringLiteral("retriever=bm25,k=3,reader=%1").arg(QLatin1String(reader))).value(), QStringLiteral("short"));
            QVERIFY(id);
            QVERIFY(RunExecutor::execute(demo->database(), id.value()).ok());
            ids.insert(QLatin1String(reader), id.value());
        }
        Job cancelled(QStringLiteral("cancelled"), [&](Job &job) {
            job.cancel();
            auto r = OfflineClaimChecker::check(*demo, ids.value(QStringLiteral("none")), &job);
            return r ? Status() : Status::failure(r);
        });
        cancelled.start();
        cancelled.wait();
        QVERIFY(ClaimStore(demo->database()).checkers(ids.value(QStringLiteral("none"))).value().isEmpty());

        QHash<QString, ClaimAnalysis::RunFigures> figures;
        for (auto it = ids.constBegin(); it != ids.constEnd(); ++it) {
            auto report = OfflineClaimChecker::check(*demo, it.value());
            QVERIFY2(report, qPrintable(report.error()));
            QVERIFY(report.value().checked > 10000);
            QCOMPARE(report.value().checked + report.value().withoutFacts + report.value().failed, report.value().items);
            QCOMPARE(report.value().withoutResponse, it.key() == QLatin1String("none") ? report.value().checked : 0);
            figures.insert(it.key(), ClaimAnalysis::ofRun(ClaimStore(demo->database()), it.value(), QStringLiteral("offline")).value());
        }
        const auto &none = figures.value(QStringLiteral("none")), &extractive = figures.value(QStringLiteral("extractive"));
        QVERIFY(std::isnan(none.figures[ClaimMetrics::Faithfulness].value));
        QCOMPARE(none.figures[ClaimMetrics::Faithfulness].notApplicable, none.items);
        QCOMPARE(extractive.figures[ClaimMetrics::ClaimRecall].value, none.figures[ClaimMetrics::ClaimRecall].value);
        QCOMPARE(extractive.figures[ClaimMetrics::Hallucination].value, 0.0);
        QVERIFY(extractive.figures[ClaimMetrics::Faithfulness].value > 0.98);
        QVERIFY(extractive.figures[ClaimMetrics::ClaimRecall].value > 0.5 && extractive.figures[ClaimMetrics::ClaimRecall].value < 0.95);

        // Item q100 ("'Malta' / '12' city" → Valletta), counted by hand from its three chunks:
        // only the first ("The Valletta office is in Malta.") ties Valletta to Malta.
        auto keyIds = ClaimStore(demo->database()).itemIds(ids.value(QStringLiteral("none")));
        QVERIFY(keyIds);
        auto q100 = ClaimStore(demo->database()).item(keyIds.value().value(QStringLiteral("q100")), QStringLiteral("offline"));
        QVERIFY(q100 && q100.value());
        QCOMPARE(q100.value()->answerClaims.size(), 2);
        QCOMPARE(ClaimSet::display(q100.value()->answerClaims[0]), QStringLiteral("Malta · city · Valletta"));
        QCOMPARE(q100.value()->checks.answerByChunk, (QVector<ClaimVerdict>{E, N, N, E, N, N}));

        // Twenty items drawn at random (52 truth claims, 152 checks against their chunks), each
        // check read by hand against the chunk's sentences (docs/METHODS.md §12.3).
        QFile hand(QStringLiteral(ASSAY_TEST_DATA "/ragchecker/demo_offline_hand20.json"));
        QVERIFY(hand.open(QIODevice::ReadOnly));
        const auto golden = nlohmann::json::parse(hand.readAll().toStdString());
        QCOMPARE(golden.size(), size_t(20));
        for (auto it = golden.begin(); it != golden.end(); ++it) {
            const QString key = QString::fromStdString(it.key());
            auto set = ClaimStore(demo->database()).item(keyIds.value().value(key), QStringLiteral("offline"));
            QVERIFY2(set && set.value(), qPrintable(key));
            QStringList claims;
            for (const QString &c : set.value()->answerClaims)
                claims << ClaimSet::display(c);
            QStringList expected;
            for (const auto &c : it.value()["claims"])
                expected << QString::fromStdString(c.get<std::string>());
            QCOMPARE(claims, expected);
            QCOMPARE(ClaimSet::letters(set.value()->checks.answerByChunk), QString::fromStdString(it.value()["by_chunk"].get<std::string>()));
        }
    }

    // The extractive reader takes the sentence with the most of the question's words.
    void extractiveReaderPicksTheSentence()
    {
        int rank = -1;
        const QString s = ExtractiveReader::extract(QStringLiteral("Which city hosts the Harbour Museum?"),
                                                    {{QStringLiteral("d1"), QStringLiteral("The museum shop sells maps. Aldport hosts the Harbour Museum.")},
                                                     {QStringLiteral("d2"), QStringLiteral("The Harbour Museum opened in 1998.")}},
                                                    &rank);
        QCOMPARE(s, QStringLiteral("Aldport hosts the Harbour Museum."));
        QCOMPARE(rank, 0);
        QCOMPARE(ExtractiveReader::extract(QStringLiteral("Why?"), {{QStringLiteral("d1"), QStringLiteral("No match here.")}}), QString());
    }
};

ASSAY_TEST_MAIN(TestClaims)

} // namespace tst_claims
#include "tst_claims.moc"
