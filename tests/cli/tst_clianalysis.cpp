// assay-cli's analyses on runs made elsewhere and on grids: imported results scored and analysed
// (unknown true documents, the closed-domain rule in every analysis), pipeline grids with their
// JSON keys, and exam generation's thresholds from the command line.
#include "testmain.h"
#include "clirun.h"
#include "testdemo.h"

#include <QDir>
#include <cmath>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace tst_clianalysis {

class TestCliAnalysis : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void examGenerateThresholds()
    {
        // The Generate Exam dialog's similarity thresholds, from the command line: they reach the
        // filter and are stored with the exam (exam stats --json); a bad one is a usage error.
        const QString out = m_dir.filePath(QStringLiteral("thresholds"));
        const QString error = assay::test::writeDemoOut(out);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString project = out + QStringLiteral("/demo.assay");
        CliOutcome o = runCli({QStringLiteral("exam"), QStringLiteral("generate"), project, QStringLiteral("--name"), QStringLiteral("t-strict"), QStringLiteral("--from"),
                            QStringLiteral("queries"), QStringLiteral("--key-similarity"), QStringLiteral("0.05"), QStringLiteral("--distractor-similarity"),
                            QStringLiteral("0.5")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        o = runCli({QStringLiteral("exam"), QStringLiteral("stats"), project, QStringLiteral("--exam"), QStringLiteral("t-strict"), QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        const auto stats = nlohmann::json::parse(o.out.toStdString(), nullptr, false);
        QCOMPARE(stats["thresholds"]["key_similarity"].get<double>(), 0.05);
        QCOMPARE(stats["thresholds"]["distractor_similarity"].get<double>(), 0.5);
        QCOMPARE(runCli({QStringLiteral("exam"), QStringLiteral("generate"), project, QStringLiteral("--name"), QStringLiteral("t-bad"), QStringLiteral("--from"),
                         QStringLiteral("queries"), QStringLiteral("--distractor-similarity"), QStringLiteral("1.5")})
                     .code,
                 2);
    }

    void claimsFromTheCommandLine()
    {
        // RAGChecker's checking output (the hand-counted test file) imports with its claims;
        // analyze claims gives the file's own run metrics; the export imports again to the same
        // figures; offline checks leave out imported items (no row facts) and say so.
        const QString project = m_dir.filePath(QStringLiteral("claims.assay"));
        QCOMPARE(runCli({QStringLiteral("new"), project}).code, 0);
        const QString hand = QStringLiteral(ASSAY_TEST_DATA "/ragchecker/checking_output.json");
        CliOutcome o = runCli({QStringLiteral("import"), QStringLiteral("ragchecker"), project, hand, QStringLiteral("--name"), QStringLiteral("hand")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QVERIFY2(o.out.contains(QLatin1String("Claims: 3 items with claims and checks (1 unreadable checks kept as unknown)")), qPrintable(o.out));
        o = runCli({QStringLiteral("analyze"), QStringLiteral("claims"), project, QStringLiteral("--run"), QStringLiteral("hand"), QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        const auto j = nlohmann::json::parse(o.out.toStdString(), nullptr, false);
        QVERIFY2(j.is_object(), qPrintable(o.out));
        QCOMPARE(j["checker"].get<std::string>(), std::string("imported"));
        QCOMPARE(j["items"].get<int>(), 3);
        QCOMPARE(j["unreadable_checks"].get<int>(), 1);
        const auto given = nlohmann::json::parse(QByteArray(R"({"precision": 16.7, "recall": 50.0, "f1": 20.0, "claim_recall": 66.7,
            "context_precision": 83.3, "context_utilization": 66.7, "noise_sensitivity_in_relevant": 0.0, "noise_sensitivity_in_irrelevant": 16.7,
            "hallucination": 16.7, "self_knowledge": 0.0, "faithfulness": 38.9})").toStdString());
        for (auto it = given.begin(); it != given.end(); ++it)
            QVERIFY2(std::abs(j["metrics"][it.key()]["value"].get<double>() - it.value().get<double>()) < 0.051, it.key().c_str());
        QCOMPARE(j["metrics"]["precision"]["n"].get<int>(), 2);
        QCOMPARE(j["metrics"]["precision"]["unknown"].get<int>(), 1);

        const QString exported = m_dir.filePath(QStringLiteral("claims-export.json"));
        o = runCli({QStringLiteral("claims"), QStringLiteral("export"), project, QStringLiteral("--run"), QStringLiteral("hand"), QStringLiteral("--checker"),
                    QStringLiteral("imported"), QStringLiteral("--out"), exported});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        o = runCli({QStringLiteral("import"), QStringLiteral("results"), project, exported, QStringLiteral("--name"), QStringLiteral("again")});
        QVERIFY2(o.code == 0 && o.out.contains(QLatin1String("Claims: 3 items")), qPrintable(o.out + o.err));
        o = runCli({QStringLiteral("claims"), QStringLiteral("analyze"), project, QStringLiteral("--run"), QStringLiteral("again"), QStringLiteral("--against"),
                    QStringLiteral("hand")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QVERIFY2(o.out.contains(QLatin1String("+0.0 [0.0, 0.0] on 2 items")), qPrintable(o.out));

        QCOMPARE(runCli({QStringLiteral("claims"), QStringLiteral("check"), project, QStringLiteral("--run"), QStringLiteral("hand")}).code, 2);
        o = runCli({QStringLiteral("claims"), QStringLiteral("check"), project, QStringLiteral("--run"), QStringLiteral("hand"), QStringLiteral("--offline"),
                    QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        const auto c = nlohmann::json::parse(o.out.toStdString(), nullptr, false);
        QCOMPARE(c["checked"].get<int>(), 0);
        QCOMPARE(c["without_facts"].get<int>(), 3);
        // Nothing was stored for the offline checker: asking for its figures says so.
        o = runCli({QStringLiteral("analyze"), QStringLiteral("claims"), project, QStringLiteral("--run"), QStringLiteral("hand"), QStringLiteral("--checker"),
                    QStringLiteral("offline")});
        QCOMPARE(o.code, 1);
        QVERIFY2(o.err.contains(QLatin1String("run hand has no claims of checker offline")), qPrintable(o.err));
    }

    void closedDomainInEveryAnalysis()
    {
        // A GRAMMAR results file: two right answers, one of them retrieved wrongly (its imported
        // retrieval verdict is 0). With the closed-domain rule on (auto, for imported runs) that
        // answer counts as incorrect in analyze workflows and analyze judges too, as in grammar;
        // --closed-domain off keeps it correct.
        const QString project = m_dir.filePath(QStringLiteral("closed.assay"));
        QCOMPARE(runCli({QStringLiteral("new"), project}).code, 0);
        QFile results(m_dir.filePath(QStringLiteral("grammar-results.json")));
        QVERIFY(results.open(QIODevice::WriteOnly));
        results.write(R"json([
 {"query": "Where is Acme based?", "answer": "Oslo", "gpt_response": "Oslo", "query_tag": "g1", "retrieval_judgement": 1, "judgement": "Correct",
  "true_document_ids": ["d1"], "retrieved_document_ids": ["d1"]},
 {"query": "Who founded Acme?", "answer": "Ada Smith", "gpt_response": "Ada Smith", "query_tag": "g2", "retrieval_judgement": 0, "judgement": "Correct",
  "true_document_ids": ["d2"], "retrieved_document_ids": ["d9"]}
])json");
        results.close();
        CliOutcome o = runCli({QStringLiteral("import"), QStringLiteral("results"), project, results.fileName(), QStringLiteral("--format"), QStringLiteral("grammar"),
                            QStringLiteral("--name"), QStringLiteral("gr")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QCOMPARE(runCli({QStringLiteral("score"), project, QStringLiteral("--run"), QStringLiteral("gr"), QStringLiteral("--judge"), QStringLiteral("f1"),
                         QStringLiteral("--closed-domain"), QStringLiteral("off")})
                     .code,
                 0);
        const auto json = [&](const QStringList &args) { return nlohmann::json::parse(runCli(args).out.toStdString(), nullptr, false); };
        for (const QString &rule : {QStringLiteral("auto"), QStringLiteral("off")}) {
            const bool on = rule == QLatin1String("auto");
            const auto workflows = json({QStringLiteral("analyze"), QStringLiteral("workflows"), project, QStringLiteral("--runs"), QStringLiteral("gr"),
                                         QStringLiteral("--judge"), QStringLiteral("imported"), QStringLiteral("--closed-domain"), rule, QStringLiteral("--json")});
            QVERIFY2(workflows.is_object(), qPrintable(rule));
            QCOMPARE(workflows["runs"][0]["all"]["accuracy"].get<double>(), on ? 0.5 : 1.0);
            const auto judges = json({QStringLiteral("analyze"), QStringLiteral("judges"), project, QStringLiteral("--run"), QStringLiteral("gr"), QStringLiteral("--truth"),
                                      QStringLiteral("imported"), QStringLiteral("--judge"), QStringLiteral("f1"), QStringLiteral("--closed-domain"), rule,
                                      QStringLiteral("--json")});
            QVERIFY2(judges.is_object(), qPrintable(rule));
            QCOMPARE(judges["confusion"]["tp"].get<int>(), on ? 1 : 2);
            QCOMPARE(judges["confusion"]["tn"].get<int>(), on ? 1 : 0);
        }
    }

    void importedRunKeepsItsRightAnswers()
    {
        // Two R-Eval lines, one right (reward 1) and one wrong. The format carries no true
        // documents: they are unknown, not "known: none", so scoring with f1 stores no retrieval
        // verdict and the closed-domain rule (on for imported runs) has nothing to flip. Both
        // the f1 and the imported verdicts keep accuracy 0.5; the retrieval figures are null,
        // with the reason, not 0.
        const QString project = m_dir.filePath(QStringLiteral("reval.assay"));
        QCOMPARE(runCli({QStringLiteral("new"), project}).code, 0);
        QFile results(m_dir.filePath(QStringLiteral("two-lines.jsonl")));
        QVERIFY(results.open(QIODevice::WriteOnly));
        results.write("{\"question\": \"Where is Acme based?\", \"answer\": \"Oslo\", \"prediction\": \"Oslo\", \"reward\": 1}\n"
                      "{\"question\": \"Who founded Acme?\", \"answer\": \"Ada Smith\", \"prediction\": \"Bob Jones\", \"reward\": 0}\n");
        results.close();
        CliOutcome o = runCli({QStringLiteral("import"), QStringLiteral("results"), project, results.fileName(), QStringLiteral("--format"), QStringLiteral("reval"),
                            QStringLiteral("--name"), QStringLiteral("rv")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        const auto accuracy = [&](const QString &judge) {
            const CliOutcome a = runCli({QStringLiteral("analyze"), QStringLiteral("grammar"), project, QStringLiteral("--run"), QStringLiteral("rv"),
                                      QStringLiteral("--judge"), judge, QStringLiteral("--json")});
            return nlohmann::json::parse(a.out.toStdString(), nullptr, false);
        };
        QCOMPARE(accuracy(QStringLiteral("imported"))["accuracy"].get<double>(), 0.5);
        o = runCli({QStringLiteral("score"), project, QStringLiteral("--run"), QStringLiteral("rv"), QStringLiteral("--judge"), QStringLiteral("f1")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        for (const QString &judge : {QStringLiteral("f1"), QStringLiteral("imported")}) {
            const auto j = accuracy(judge);
            QVERIFY2(j.is_object(), qPrintable(judge));
            QCOMPARE(j["accuracy"].get<double>(), 0.5);
            QVERIFY(j["retrieval_accuracy"].is_null());
            QCOMPARE(j["retrieval_coverage"]["items"].get<int>(), 0);
            QVERIFY(j.contains("retrieval_unavailable"));
        }
        QCOMPARE(accuracy(QStringLiteral("f1"))["closed_domain"].get<bool>(), true);
    }

    void gridRunsAndImportedResults()
    {
        const QString out = m_dir.filePath(QStringLiteral("grid"));
        const QString error = assay::test::writeDemoOut(out);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString project = out + QStringLiteral("/demo.assay");
        CliOutcome o = runCli({QStringLiteral("run"), project, QStringLiteral("--name"), QStringLiteral("g"), QStringLiteral("--pipeline"),
                            QStringLiteral("retriever=keyword|bm25,k=1|2,reader=none"), QStringLiteral("--set"), QStringLiteral("short")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QCOMPARE(o.out.count(QLatin1String("; done")), 4);
        QVERIFY(o.out.contains(QLatin1String("Run g/bm25-k2: ")));
        // Imported results become a run of their own, listed with the executed ones.
        QFile results(m_dir.filePath(QStringLiteral("results.jsonl")));
        QVERIFY(results.open(QIODevice::WriteOnly));
        results.write("{\"question\": \"q\", \"answer\": \"Paris\", \"prediction\": \"Paris\", \"reward\": 1}\n");
        results.close();
        o = runCli({QStringLiteral("import"), QStringLiteral("results"), project, results.fileName(), QStringLiteral("--format"), QStringLiteral("reval"),
                    QStringLiteral("--name"), QStringLiteral("ext")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QVERIFY(o.out.contains(QLatin1String("1 items imported, 1 answer verdicts")));
        o = runCli({QStringLiteral("runs"), project, QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        const auto all = nlohmann::json::parse(o.out.toStdString());
        QCOMPARE(all.size(), size_t(12 + 5)); // the demo's own twelve runs, the grid's four, the imported one
        const auto runs = std::vector<nlohmann::json>(all.end() - 5, all.end());
        QCOMPARE(runs[1]["pipeline"].get<std::string>(), std::string("retriever=keyword,k=2,reader=none"));
        QCOMPARE(runs[3]["done"].get<qint64>(), runs[3]["items"].get<qint64>());
        QCOMPARE(runs[4]["source"].get<std::string>(), std::string("imported:results.jsonl"));
        // Scoring and the analyses, with the keys scripts rely on.
        o = runCli({QStringLiteral("score"), project, QStringLiteral("--run"), QStringLiteral("g/keyword-k1,g/bm25-k1"), QStringLiteral("--judge"), QStringLiteral("contains"), QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QCOMPARE(nlohmann::json::parse(o.out.toStdString())[1]["retrieval_judge"].get<std::string>(), std::string("covered"));
        o = runCli({QStringLiteral("analyze"), QStringLiteral("grammar"), project, QStringLiteral("--run"), QStringLiteral("g/bm25-k1"), QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        const auto grammar = nlohmann::json::parse(o.out.toStdString());
        for (const char *key : {"n", "accuracy", "retrieval_accuracy", "refined_accuracy", "refined_retrieval_accuracy", "knowledge_accuracy"})
            QVERIFY2(grammar.contains(key) && (grammar[key].is_number() || grammar[key].is_null()), key);
        QCOMPARE(grammar["groups"].size(), size_t(3));
        QVERIFY(grammar["context_comparison"].contains("refined_retrieval_accuracy"));
        o = runCli({QStringLiteral("analyze"), QStringLiteral("compare"), project, QStringLiteral("--runs"), QStringLiteral("g/keyword-k1,g/bm25-k1"), QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QCOMPARE(nlohmann::json::parse(o.out.toStdString())["ci95"].size(), size_t(2));
        o = runCli({QStringLiteral("analyze"), QStringLiteral("taxonomy"), project, QStringLiteral("--run"), QStringLiteral("ext"), QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QCOMPARE(nlohmann::json::parse(o.out.toStdString())["counts"]["AM"].get<int>(), 1); // the right answer, no scratchpad
        // A retrieval-only run wrote no answers: its response types do not apply, and it says why.
        o = runCli({QStringLiteral("analyze"), QStringLiteral("taxonomy"), project, QStringLiteral("--run"), QStringLiteral("g/bm25-k1"), QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        const auto notApplicable = nlohmann::json::parse(o.out.toStdString());
        QCOMPARE(notApplicable["applicable"].get<bool>(), false);
        QVERIFY2(notApplicable["reason"].get<std::string>().find("retrieval-only run (reader=none)") != std::string::npos, o.out.toUtf8().constData());
        QVERIFY(!notApplicable.contains("counts"));
        o = runCli({QStringLiteral("analyze"), QStringLiteral("taxonomy"), project, QStringLiteral("--run"), QStringLiteral("g/bm25-k1")});
        QVERIFY2(o.out.contains(QLatin1String("not applicable")), qPrintable(o.out));
        o = runCli({QStringLiteral("analyze"), QStringLiteral("workflows"), project, QStringLiteral("--runs"), QStringLiteral("g/bm25-k1,ext"), QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        const auto workflows = nlohmann::json::parse(o.out.toStdString())["runs"];
        QCOMPARE(workflows.size(), size_t(2));
        QCOMPARE(workflows[0]["workflow"].get<std::string>(), std::string("none"));
        QCOMPARE(workflows[1]["workflow"].get<std::string>(), std::string("imported"));
        for (const char *key : {"all", "levels", "halted", "tokens", "cost", "mean_latency_ms", "cost_per_correct", "llm"})
            QVERIFY2(workflows[0].contains(key), key);
        // R-Eval's split by task level: the demo's templates are lookups (KS) and joins (KA),
        // and every item has one of the two.
        const auto levels = workflows[0]["levels"];
        QVERIFY2(levels.contains("KS") && levels.contains("KA"), levels.dump().c_str());
        QCOMPARE(levels["KS"]["n"].get<int>() + levels["KA"]["n"].get<int>(), workflows[0]["all"]["n"].get<int>());
        o = runCli({QStringLiteral("analyze"), QStringLiteral("judges"), project, QStringLiteral("--run"), QStringLiteral("g/bm25-k1"),
                    QStringLiteral("--truth"), QStringLiteral("contains"), QStringLiteral("--judge"), QStringLiteral("contains"), QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QCOMPARE(nlohmann::json::parse(o.out.toStdString())["reading"].get<std::string>(), std::string("reliable"));
        QCOMPARE(runCli({QStringLiteral("analyze"), QStringLiteral("grammar"), project, QStringLiteral("--run"), QStringLiteral("g/keyword-k2")}).code, 1); // not scored
        QCOMPARE(runCli({QStringLiteral("analyze"), QStringLiteral("nonsense"), project}).code, 2);
        // A bad results file names its line and imports nothing.
        QVERIFY(results.open(QIODevice::WriteOnly));
        results.write("{\"question\": \"q\", \"answer\": \"a\", \"prediction\": \"a\"}\nnot json\n");
        results.close();
        o = runCli({QStringLiteral("import"), QStringLiteral("results"), project, results.fileName(), QStringLiteral("--format"), QStringLiteral("reval"),
                    QStringLiteral("--name"), QStringLiteral("ext2")});
        QCOMPARE(o.code, 1);
        QVERIFY2(o.err.contains(QLatin1String("results.jsonl:2: not a JSON object")), qPrintable(o.err));
        QCOMPARE(runCli({QStringLiteral("import"), QStringLiteral("results"), project, results.fileName(), QStringLiteral("--format"), QStringLiteral("csv"),
                         QStringLiteral("--name"), QStringLiteral("x")}).code, 2);
    }
};

ASSAY_TEST_GUILESS_MAIN(TestCliAnalysis)

} // namespace tst_clianalysis
#include "tst_clianalysis.moc"
