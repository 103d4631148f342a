// assay-cli as a user runs it: a real process, its exit codes, stdout and stderr (the IRT and
// exam commands: tst_cliexams).
#include "testmain.h"
#include "clirun.h"
#include "testdemo.h"
#include "core/version.h"
#include "overview/projectprogress.h"
#include "project/project.h"
#include "runs/runresultstore.h"
#include "runs/runstore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QRegularExpression>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace tst_cli {


class TestCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void version()
    {
        const CliOutcome o = runCli({QStringLiteral("--version")});
        QCOMPARE(o.code, 0);
        QCOMPARE(o.out.trimmed(), QStringLiteral("assay " ASSAY_VERSION));
        QVERIFY(QRegularExpression(QStringLiteral("^assay \\d+\\.\\d+\\.\\d+$")).match(o.out.trimmed()).hasMatch());
    }

    void helpListsCommands()
    {
        const CliOutcome o = runCli({QStringLiteral("--help")});
        QCOMPARE(o.code, 0);
        for (const char *c : {"new", "info", "demo"})
            QVERIFY2(QRegularExpression(QStringLiteral("\\n  %1 ").arg(QLatin1String(c))).match(o.out).hasMatch(),
                     qPrintable(o.out));
    }

    void newThenInfoJson()
    {
        const QString file = m_dir.filePath(QStringLiteral("p.assay"));
        CliOutcome o = runCli({QStringLiteral("new"), file});
        QCOMPARE(o.code, 0);
        QVERIFY(QFile::exists(file));
        o = runCli({QStringLiteral("info"), file, QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        const auto j = nlohmann::json::parse(o.out.toStdString());
        QVERIFY(j.contains("schema_version"));
        QVERIFY(j["schema_version"].get<int>() >= 1);
        QVERIFY(j["tables"].is_array());
        QVERIFY(j["counts"].is_object());
        QCOMPARE(QString::fromStdString(j["name"].get<std::string>()), QStringLiteral("p"));
        // The Overview page's checklist: an empty project starts with its knowledge schema.
        QCOMPARE(int(j["steps"].size()), assay::ProjectProgress::StepCount);
        QCOMPARE(j["steps"][0]["state"].get<std::string>(), std::string("next"));
        QCOMPARE(j["steps"][0]["action"].get<std::string>(), std::string("open-schema"));
        QCOMPARE(j["steps"][1]["state"].get<std::string>(), std::string("waiting"));
        QCOMPARE(j["steps"][3]["state"].get<std::string>(), std::string("ready")); // documents can come any time
        // Human output names the same facts.
        o = runCli({QStringLiteral("info"), file});
        QCOMPARE(o.code, 0);
        QVERIFY(o.out.contains(QLatin1String("Schema version:")));
        QVERIFY2(o.out.contains(QLatin1String("next     1. Knowledge schema: No knowledge tables yet")), qPrintable(o.out));
    }

    void newRefusesExistingFile()
    {
        const QString file = m_dir.filePath(QStringLiteral("twice.assay"));
        QCOMPARE(runCli({QStringLiteral("new"), file}).code, 0);
        const CliOutcome o = runCli({QStringLiteral("new"), file});
        QCOMPARE(o.code, 1);
        QVERIFY(o.err.contains(QLatin1String("already exists")));
    }

    // The Corpus page's ground truth from the command line: a sample project, queries, links
    // proposed automatically, listed as a table and as JSON, read from a links file; a links
    // file with a bad header names its file and line and writes nothing.
    void sampleAndGroundTruthLinks()
    {
        const QString file = m_dir.filePath(QStringLiteral("sample.assay"));
        QCOMPARE(runCli({QStringLiteral("new"), file, QStringLiteral("--sample")}).code, 0);
        QCOMPARE(runCli({QStringLiteral("generate"), QStringLiteral("sql-templates"), file}).code, 0);
        QCOMPARE(runCli({QStringLiteral("generate"), QStringLiteral("text-templates"), file, QStringLiteral("--forms"), QStringLiteral("short"),
                         QStringLiteral("--per-template"), QStringLiteral("1")})
                     .code,
                 0);
        QCOMPARE(runCli({QStringLiteral("generate"), QStringLiteral("queries"), file, QStringLiteral("--balanced")}).code, 0);
        const QString bad = m_dir.filePath(QStringLiteral("bad.csv"));
        QFile b(bad);
        QVERIFY(b.open(QIODevice::WriteOnly));
        b.write("doc,group\nstaff-o1,g1\n");
        b.close();
        CliOutcome o = runCli({QStringLiteral("corpus"), QStringLiteral("link"), file, QStringLiteral("--file"), bad});
        QCOMPARE(o.code, 1);
        QVERIFY2(o.err.contains(QLatin1String("bad.csv:1")), qPrintable(o.err));
        o = runCli({QStringLiteral("corpus"), QStringLiteral("link"), file, QStringLiteral("--auto"), QStringLiteral("--file"), bad});
        QCOMPARE(o.code, 2);
        o = runCli({QStringLiteral("corpus"), QStringLiteral("link"), file, QStringLiteral("--auto"), QStringLiteral("--min-confidence"), QStringLiteral("0.9")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QVERIFY2(o.out.contains(QLatin1String("accepted (confidence >= 0.90)")), qPrintable(o.out));
        o = runCli({QStringLiteral("corpus"), QStringLiteral("links"), file, QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        const auto links = nlohmann::json::parse(o.out.toStdString());
        QVERIFY(links["accepted"].get<int>() > 100);
        QVERIFY(links["proposed"].get<int>() > 100);
        QVERIFY(links["groups_with_true_documents"].get<int>() > 0);
        for (const auto &l : links["links"])
            QCOMPARE(l["state"].get<std::string>() == "accepted", l["confidence"].get<double>() >= 0.9);
        // A links file: group g1 gets one more document.
        const QString good = m_dir.filePath(QStringLiteral("links.csv"));
        QFile g(good);
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write("doc_id,group\nreport-p01,g1\n");
        g.close();
        o = runCli({QStringLiteral("corpus"), QStringLiteral("link"), file, QStringLiteral("--file"), good});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QVERIFY2(o.out.startsWith(QLatin1String("1 links from 1 entries")), qPrintable(o.out));
        o = runCli({QStringLiteral("corpus"), QStringLiteral("links"), file});
        QCOMPARE(o.code, 0);
        QVERIFY(o.out.startsWith(QLatin1String("group\tdoc_id\tstate")));
        QVERIFY(o.out.contains(QLatin1String("g1\treport-p01\taccepted\t1.00\tfile")));
    }

    // GRAMMAR's list-valued corpus file (docs/METHODS.md §1.9) imports without --format (a .json
    // file is read in either JSON format) and with --format grammar; a .json in neither
    // format names the file and both formats, and imports nothing.
    void corpusImportGrammarLists()
    {
        const QString lists = m_dir.filePath(QStringLiteral("staff.json"));
        QFile l(lists);
        QVERIFY(l.open(QIODevice::WriteOnly));
        l.write("{\n  \"3\": [\"Ida sorts parcels.\", \"Jon drives the van.\"],\n  \"8\": [\"Kim answers the phones.\"]\n}\n");
        l.close();
        const QString neither = m_dir.filePath(QStringLiteral("neither.json"));
        QFile n(neither);
        QVERIFY(n.open(QIODevice::WriteOnly));
        n.write("{\n  \"3\": [\"Ida sorts parcels.\", 12]\n}\n");
        n.close();
        for (const QStringList &format : {QStringList{}, QStringList{QStringLiteral("--format"), QStringLiteral("grammar")}}) {
            const QString file = m_dir.filePath(QStringLiteral("lists%1.assay").arg(format.size()));
            QCOMPARE(runCli({QStringLiteral("new"), file}).code, 0);
            CliOutcome o = runCli(QStringList{QStringLiteral("corpus"), QStringLiteral("import"), file, lists} + format);
            QCOMPARE(o.code, 0);
            QVERIFY2(o.out.contains(QLatin1String("Imported 3 documents")), qPrintable(o.out + o.err));
        }
        const QString file = m_dir.filePath(QStringLiteral("neither.assay"));
        QCOMPARE(runCli({QStringLiteral("new"), file}).code, 0);
        const CliOutcome o = runCli({QStringLiteral("corpus"), QStringLiteral("import"), file, neither});
        QCOMPARE(o.code, 1);
        QVERIFY2(o.err.contains(neither + QStringLiteral(": neither corpus format reads this file")), qPrintable(o.err));
        QVERIFY2(o.err.contains(QLatin1String("line 1: not a JSON object")), qPrintable(o.err));
        QVERIFY2(o.err.contains(QLatin1String("document '3', item 2 of 2 in its list: expected a text, found number")), qPrintable(o.err));
        const auto info = nlohmann::json::parse(runCli({QStringLiteral("info"), file, QStringLiteral("--json")}).out.toStdString());
        QCOMPARE(info["counts"].value("documents", -1), 0);
    }

    void usageErrorsExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no command") << QStringList{} << QStringLiteral("missing command");
        QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")} << QStringLiteral("unknown command");
        QTest::newRow("unknown top-level flag") << QStringList{QStringLiteral("--frob")} << QStringLiteral("unknown option");
        QTest::newRow("unknown command flag")
            << QStringList{QStringLiteral("info"), QStringLiteral("x.assay"), QStringLiteral("--bogus")}
            << QStringLiteral("Unknown option 'bogus'");
        QTest::newRow("missing argument") << QStringList{QStringLiteral("info")} << QStringLiteral("missing argument");
        QTest::newRow("extra argument") << QStringList{QStringLiteral("new"), QStringLiteral("a"), QStringLiteral("b")}
                                        << QStringLiteral("too many arguments");
    }

    void usageErrorsExitTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        const CliOutcome o = runCli(args);
        QCOMPARE(o.code, 2);
        QVERIFY2(o.err.contains(expected), qPrintable(o.err));
        QVERIFY2(o.err.contains(QLatin1String("Usage: assay-cli")), qPrintable(o.err));
        QVERIFY(o.out.isEmpty());
    }

    void runtimeFailureExitsOne()
    {
        const QString file = m_dir.filePath(QStringLiteral("text.assay"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a project");
        f.close();
        const CliOutcome o = runCli({QStringLiteral("info"), file, QStringLiteral("--json")});
        QCOMPARE(o.code, 1);
        QVERIFY(o.err.contains(file));
        QVERIFY(o.out.isEmpty());
    }

    void llmProfilesPingAndBench()
    {
        QProcess endpoint;
        endpoint.start(QStringLiteral(ASSAY_TEST_ENDPOINT), {});
        QVERIFY(endpoint.waitForReadyRead(10000));
        const QString port = QString::fromLatin1(endpoint.readLine()).section(QLatin1Char(' '), 1).trimmed();
        CliOutcome o = runCli({QStringLiteral("llm"), QStringLiteral("profile"), QStringLiteral("add"), QStringLiteral("local"),
                            QStringLiteral("--base-url"), QStringLiteral("http://127.0.0.1:%1").arg(port), QStringLiteral("--model"), QStringLiteral("m")});
        QCOMPARE(o.code, 1);
        QVERIFY2(o.err.contains(QLatin1String("must end in /v1")), qPrintable(o.err));
        o = runCli({QStringLiteral("llm"), QStringLiteral("profile"), QStringLiteral("add"), QStringLiteral("local"),
                    QStringLiteral("--base-url"), QStringLiteral("http://127.0.0.1:%1/v1").arg(port), QStringLiteral("--model"), QStringLiteral("m"),
                    QStringLiteral("--key-env"), QStringLiteral("ASSAY_CLI_TEST_KEY")});
        QCOMPARE(o.code, 0);
        o = runCli({QStringLiteral("llm"), QStringLiteral("profile"), QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        QVERIFY(!o.out.contains(QLatin1String("SECRET"))); // the key is never shown in full
        const auto list = nlohmann::json::parse(o.out.toStdString());
        QCOMPARE(list[0]["key"].get<std::string>(), std::string("sk-…8765"));
        o = runCli({QStringLiteral("llm"), QStringLiteral("ping"), QStringLiteral("local")});
        QCOMPARE(o.code, 0);
        QVERIFY2(o.out.contains(QLatin1String("pong")), qPrintable(o.out + o.err));
        o = runCli({QStringLiteral("llm"), QStringLiteral("bench"), QStringLiteral("local"), QStringLiteral("--requests"), QStringLiteral("200"),
                    QStringLiteral("--concurrency"), QStringLiteral("16"), QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        const auto bench = nlohmann::json::parse(o.out.toStdString());
        QCOMPARE(bench["requests"].get<int>(), 200);
        QCOMPARE(bench["failed"].get<int>(), 0);
        QVERIFY(bench["requests_per_second"].get<double>() > 0);
        QVERIFY(bench.contains("p99_ms") && bench.contains("client_cpu_ms_per_request"));
        endpoint.closeWriteChannel();
        QVERIFY(endpoint.waitForFinished(5000));
        o = runCli({QStringLiteral("llm"), QStringLiteral("ping"), QStringLiteral("local")});
        QCOMPARE(o.code, 1); // the endpoint is gone: a clear connection error
        QVERIFY2(o.err.contains(QLatin1String("connection")), qPrintable(o.err));
    }

    void demoWritesProjectAndReport()
    {
        // What `assay-cli demo --out` wrote: under ctest the run's fixture (fixture_demo_out,
        // which fails when the command does), else the command run here.
        const QString out = m_dir.filePath(QStringLiteral("demo-out"));
        QVERIFY(QDir(out).removeRecursively());
        const QString error = assay::test::writeDemoOut(out);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(QFile::exists(out + QStringLiteral("/demo.assay")));
        QFile report(out + QStringLiteral("/report.html"));
        QVERIFY(report.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(report.readAll());
        QVERIFY(html.startsWith(QLatin1String("<!DOCTYPE html>")));
        QVERIFY(html.contains(QLatin1String("Assay demo")));
        QVERIFY(html.contains(QLatin1String("<h2>Knowledge schema</h2>")));
        QVERIFY(html.contains(QStringLiteral("client_id → clients.client_id")));
        // The offline evaluation: runs, metrics, inline charts, failing groups; summary and plots.
        for (const char *section : {"<h2>Runs</h2>", "<h2>Metrics</h2>", "<h2>Charts</h2>", "<h2>Top failing groups</h2>", "<svg"})
            QVERIFY2(html.contains(QLatin1String(section)), section);
        // The run charts and the exam's IRT charts (with SE(θ) by Bloom level and by question
        // type), and the short forms' validation: error and ranking against the number of
        // items; and the registered metrics' chart (All metrics). No response types by task level:
        // the demo's runs are retrieval-only, and no model answered (docs/METHODS.md §6.1).
        QCOMPARE(html.count(QLatin1String("<figure")), 5 + 9 + 2 + 1);
        QVERIFY(html.contains(QLatin1String("<h2>All metrics</h2>")));
        // Chart text a browser draws in a sans-serif face, a line's runs kept in one text (no
        // gaps where Qt's font and the browser's measure differently).
        QVERIFY(!html.contains(QLatin1String("font-family=\"Sans Serif\"")));
        QVERIFY(html.contains(QLatin1String("font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\"")));
        QVERIFY2(html.contains(QStringLiteral("peak 522.15 at θ = -0.24 (mean per item 0.160)")), "the test information subtitle is one text");
        QVERIFY(html.contains(QLatin1String(">0.0</text>")) && html.contains(QLatin1String(">1.0</text>"))); // tick labels stay apart
        // The Exam and IRT section: model and why, items kept, information, item fit, abilities.
        // BIC prefers the 2PL, but the demo's responses have a second dimension, the retriever
        // (issue 50): auto keeps the 1PL for ranking and says why.
        for (const char *part : {"<h2>Exam and IRT</h2>", "1PL (chosen)", "2PL chosen by BIC", "so the 1PL is kept for ranking", "the second follows the retriever",
                                 "3270 items kept of 3644 fitted", "25 students", "<h3>Test information</h3>", "Peak 522.2 at θ = -0.24", "items misfit", "<td>oracle-ir</td>",
                                 "<h3>Short forms and adaptive testing</h3>", "Each of 25 takers left out in turn",
                                 // Read by GUI users (issue 50 item 6): the jargon glossed, the GUI's box named, the
                                 // factors every taker shares named once, the oracle's two levels read together.
                                 "In plain words:", "|Q3| its size", "“the bar” is a Q3 more than 0.2 above the mean Q3", "η² (eta squared, 0 to 1)",
                                 "choose 2pl in the IRT tab's Model box", "Every taker has the same icl (0), llm (none)",
                                 "retriever oracle and k all belong to the same taker (oracle-ir): the answers fix their sum"})
            QVERIFY2(html.contains(QString::fromUtf8(part)), part);
        QVERIFY(!html.contains(QLatin1String("<p>By llm")) && !html.contains(QLatin1String("<p>By icl")));
        // The short forms' table, one row per N with the methods in the charts' order and the
        // best in bold, then its two charts, before the runs' charts; the item counts explained.
        const qsizetype shortForms = html.indexOf(QLatin1String("<h3>Short forms and adaptive testing</h3>")),
                        table = html.indexOf(QLatin1String("<th colspan=\"2\">random</th><th colspan=\"2\">information</th><th colspan=\"2\">anchors</th>"), shortForms),
                        ranking = html.indexOf(QLatin1String("aria-label=\"Ranking of the takers from N items\""), shortForms),
                        charts = html.indexOf(QLatin1String("<h2>Charts</h2>"));
        QVERIFY(shortForms > 0 && table > shortForms && ranking > table && charts > ranking);
        QVERIFY(html.mid(table, ranking - table).contains(QLatin1String("<b>0.")));
        QVERIFY(html.contains(QLatin1String("the IRT fit above kept 3270 of them")));
        QFile summary(out + QStringLiteral("/summary.json"));
        QVERIFY(summary.open(QIODevice::ReadOnly));
        const auto json = nlohmann::json::parse(summary.readAll().toStdString());
        QCOMPARE(json["runs"].size(), size_t(12));
        QCOMPARE(json["exam"]["model"].get<std::string>(), std::string("1pl"));
        QCOMPARE(json["exam"]["items_kept"].get<int>(), 3270);
        for (const auto &run : json["runs"])
            QVERIFY(run["refined_accuracy"].is_number() && run.contains("taxonomy") && run.contains("refined_accuracy_ci95"));
        // The run and IRT plots, and the short forms' error and ranking against N; no response
        // types by task level, the demo's runs being retrieval-only (docs/METHODS.md §6.1).
        QCOMPARE(QDir(out + QStringLiteral("/plots")).entryList({QStringLiteral("*.svg")}).size(), 16 + 1); // and metrics.svg
        QCOMPARE(QDir(out + QStringLiteral("/plots")).entryList({QStringLiteral("*.png")}).size(), 16 + 1);
        QVERIFY(!QFile::exists(out + QStringLiteral("/plots/error-types-by-level.svg")));
        QVERIFY(QFile::exists(out + QStringLiteral("/plots/shortform-error.svg")));
        QCOMPARE(json["exam"]["shortform_validation"]["students"].get<int>(), 25);
        QVERIFY(json["exam"]["shortform_validation"]["methods"]["anchors"]["100"]["mae"].is_number());
        for (const char *irt : {"item-characteristic", "item-information", "test-information", "bloom-information", "type-information", "bloom-standard-error",
                                "type-standard-error", "improvement", "abilities"})
            QVERIFY2(QFile::exists(out + QStringLiteral("/plots/%1.svg").arg(QLatin1String(irt))), irt);
        QFile irtJson(out + QStringLiteral("/irt.json"));
        QVERIFY(irtJson.open(QIODevice::ReadOnly));
        const auto irt = nlohmann::json::parse(irtJson.readAll().toStdString());
        QVERIFY(irt["converged"].get<bool>());
        QCOMPARE(irt["steps"].size(), size_t(2));
        QVERIFY(irt["factors"].contains("retriever") && irt["factors"]["retriever"].contains("oracle"));
        // The demo's fit is not an artifact: 25 students, the model BIC prefers (it says so),
        // fewer than 5% of the parameters on a bound, with the comparison, tests, errors and fit.
        QCOMPARE(irt["students"].size(), size_t(25));
        QVERIFY(irt["model_choice"].get<std::string>().find("chosen by BIC") != std::string::npos);
        // The dimensionality check (issue 50): the retriever is a second dimension.
        QCOMPARE(irt["dimensionality"]["unidimensional"].get<bool>(), false);
        QVERIFY(irt["dimensionality"]["eigen_ratio"].get<double>() < 3);
        QCOMPARE(irt["dimensionality"]["second_dimension_factor"].get<std::string>(), std::string("retriever"));
        QVERIFY(irt["dimensionality"]["theta_accuracy_spearman"].get<double>() > 0.95); // the 1PL ranks as the scores do
        QVERIFY2(irt["parameters_on_bound"].get<int>() * 20 < irt["parameters"].get<int>(), irt.dump().substr(0, 300).c_str());
        for (const char *model : {"1pl", "2pl", "3pl"})
            QVERIFY(irt["comparison"].contains(model) && irt["comparison"][model].contains("bic"));
        QCOMPARE(irt["lr_tests"].size(), size_t(2));
        // The comparison is of marginal likelihoods (the 1PL with one common a).
        QVERIFY(irt["comparison_basis"].get<std::string>().find("marginal ML") != std::string::npos);
        QCOMPARE(irt["comparison"]["1pl"]["parameters"].get<int>() + irt["comparison"]["1pl"]["parameters"].get<int>() - 2, irt["comparison"]["2pl"]["parameters"].get<int>());
        for (const char *key : {"optima_found", "warnings", "starts"})
            QVERIFY2(irt.contains(key), key);
        for (const char *key : {"se_a", "se_b", "se_c", "sx2", "sx2_df", "sx2_p", "sx2_p_adjusted", "rmsea", "p_correct", "point_biserial"})
            QVERIFY2(irt["items"][0].contains(key), key);
        QVERIFY(irt["items"][0]["se_b"].is_number());
        QVERIFY(irt["students"][0].contains("se_theta") && irt["students"][0].contains("lz"));
        // The documents and the fact map are written beside the project.
        QVERIFY(QDir(out + QStringLiteral("/corpus")).entryList({QStringLiteral("*.txt")}).size() >= 30);
        QVERIFY(QFile::exists(out + QStringLiteral("/facts.json")));
        // Contexts are stored as chunk references (issue 31): the project stays small, and every
        // run's contexts read back exactly as version 13 (6ac0269) stored them as text.
        QVERIFY2(QFileInfo(out + QStringLiteral("/demo.assay")).size() <= 80 * 1000 * 1000,
                 qPrintable(QString::number(QFileInfo(out + QStringLiteral("/demo.assay")).size())));
        QCOMPARE(assay::test::contextsDigest(out + QStringLiteral("/demo.assay")), assay::test::demoContextsDigest());
        // Running it again over a demo replaces it rather than failing, with the same contexts:
        // tst_projectkills' complete demo job (it runs the demo over an older one anyway).
    }

    // The demo's simulated labels: the report's section, the corrected accuracy (one run, two
    // and their difference), the judge against people, and labels out and back in.
    void labelsAndPredictionPoweredAccuracy()
    {
        const QString out = m_dir.filePath(QStringLiteral("demo-out")), project = out + QStringLiteral("/demo.assay");
        if (!QFile::exists(project)) { // ctest runs each function on its own
            const QString error = assay::test::writeDemoOut(out);
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }
        QFile report(out + QStringLiteral("/report.html"));
        QVERIFY(report.open(QIODevice::ReadOnly));
        const QString html = QString::fromUtf8(report.readAll());
        QVERIFY(html.contains(QLatin1String("<h2>Human labels and corrected accuracy</h2>")));
        QVERIFY(html.contains(QLatin1String("are simulated by the demo")));
        const QString r1 = QStringLiteral("demo/short/bm25-k3"), r2 = QStringLiteral("demo/short/keyword-k1");
        CliOutcome o = runCli({QStringLiteral("analyze"), QStringLiteral("ppi"), project, QStringLiteral("--run"), r1 + QLatin1Char(',') + r2, QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        auto json = nlohmann::json::parse(o.out.toStdString());
        QCOMPARE(json["judge"].get<std::string>(), std::string("contains"));
        QCOMPARE(json["runs"].size(), size_t(2));
        for (const auto &run : json["runs"]) {
            for (const char *key : {"run", "n", "labelled", "judge_accuracy", "judge_ci", "human_accuracy", "human_ci", "ppi_accuracy", "ppi_ci", "effective_labels"})
                QVERIFY2(run.contains(key), key);
            QCOMPARE(run["labelled"].get<int>(), 200);
            QCOMPARE(run["simulated_labels"].get<int>(), 200);
            QVERIFY(run["effective_labels"].get<double>() > 200); // the judge agrees on 95%: worth more than the labels alone
            QVERIFY(run["ppi_ci"][1].get<double>() - run["ppi_ci"][0].get<double>() < run["human_ci"][1].get<double>() - run["human_ci"][0].get<double>());
        }
        QVERIFY(json["difference"]["ppi"].is_number());
        QCOMPARE(json["difference"]["labelled"].get<int>(), 200);
        o = runCli({QStringLiteral("analyze"), QStringLiteral("judges"), project, QStringLiteral("--run"), r1, QStringLiteral("--truth"), QStringLiteral("human"),
                    QStringLiteral("--judge"), QStringLiteral("contains"), QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        json = nlohmann::json::parse(o.out.toStdString());
        QCOMPARE(json["compared"].get<int>(), 200);
        QVERIFY(json["kappa"].is_number() && json["kappa_ci95"][0].is_number() && json["accuracy_ci95"][1].is_number());
        QVERIFY(!json["bias"].get<std::string>().empty());
        // Labels out, a bad file refused whole (named by line), a second labeller in.
        const QString labels = m_dir.filePath(QStringLiteral("labels.csv"));
        o = runCli({QStringLiteral("label"), QStringLiteral("export"), project, QStringLiteral("--run"), r1, QStringLiteral("--file"), labels});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QFile exported(labels);
        QVERIFY(exported.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = exported.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 201);
        QCOMPARE(lines.first(), QByteArray("item_id,verdict,labeller,labelled_at"));
        QByteArray second = "item_id,verdict,labeller\n", bad = second;
        for (int i = 1; i < 21; ++i)
            second += lines[i].split(',').first() + ",1,ann\n";
        bad += lines[1].split(',').first() + ",1,ann\n" + "no-such-item,1,ann\n";
        const QString badFile = m_dir.filePath(QStringLiteral("bad.csv")), goodFile = m_dir.filePath(QStringLiteral("ann.csv"));
        for (const auto &[file, bytes] : {std::pair{badFile, bad}, std::pair{goodFile, second}}) {
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bytes);
        }
        o = runCli({QStringLiteral("label"), QStringLiteral("import"), project, QStringLiteral("--run"), r1, QStringLiteral("--file"), badFile});
        QCOMPARE(o.code, 1);
        QVERIFY2(o.err.contains(badFile + QStringLiteral(":3: item_id 'no-such-item' is not an item of the run; nothing was imported")), qPrintable(o.err));
        o = runCli({QStringLiteral("label"), QStringLiteral("import"), project, QStringLiteral("--run"), r1, QStringLiteral("--file"), goodFile});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        o = runCli({QStringLiteral("label"), QStringLiteral("export"), project, QStringLiteral("--run"), r1, QStringLiteral("--file"), labels});
        QFile again(labels); // written anew (atomically): a new file
        QVERIFY(again.open(QIODevice::ReadOnly));
        QCOMPARE(again.readAll().trimmed().split('\n').size(), 221);
        // People's labels are never scored.
        o = runCli({QStringLiteral("score"), project, QStringLiteral("--run"), r1, QStringLiteral("--judge"), QStringLiteral("human")});
        QCOMPARE(o.code, 1);
        QVERIFY2(o.err.contains(QStringLiteral("Analysis → Labels")), qPrintable(o.err));
    }

    void verifyAndBackup()
    {
        const QString project = m_dir.filePath(QStringLiteral("care.assay"));
        QCOMPARE(runCli({QStringLiteral("new"), project}).code, 0);
        const CliOutcome verified = runCli({QStringLiteral("verify"), project, QStringLiteral("--json")});
        QCOMPARE(verified.code, 0);
        const auto report = nlohmann::json::parse(verified.out.toStdString());
        QVERIFY(report["ok"].get<bool>());
        QVERIFY(report["pages"].get<int>() > 0);
        const QString copy = m_dir.filePath(QStringLiteral("care copy.assay"));
        const CliOutcome backup = runCli({QStringLiteral("backup"), project, copy});
        QVERIFY2(backup.code == 0, qPrintable(backup.err));
        QCOMPARE(runCli({QStringLiteral("verify"), copy}).code, 0);
        const CliOutcome info = runCli({QStringLiteral("info"), copy, QStringLiteral("--json")});
        QCOMPARE(info.code, 0);
        QCOMPARE(QString::fromStdString(nlohmann::json::parse(info.out.toStdString())["name"].get<std::string>()), QStringLiteral("care"));
        // A damaged page is found, named, and the exit code says so.
        QFile f(copy);
        QVERIFY(f.open(QIODevice::ReadWrite));
        f.seek(4096);
        f.write(QByteArray(4096, '\x5a'));
        f.close();
        const CliOutcome damaged = runCli({QStringLiteral("verify"), copy});
        QCOMPARE(damaged.code, 1);
        QVERIFY2(damaged.out.contains(QLatin1String("damaged")), qPrintable(damaged.out));
        // The project itself is no place for a copy.
        const CliOutcome onto = runCli({QStringLiteral("backup"), project, project});
        QCOMPARE(onto.code, 1);
    }
};

ASSAY_TEST_GUILESS_MAIN(TestCli)

} // namespace tst_cli
#include "tst_cli.moc"
