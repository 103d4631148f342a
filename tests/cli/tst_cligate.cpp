// The evaluation loop from the command line on the demo (docs/ci.md): test-set versions
// (freeze, list, show, diff as JSON, a run on an old version after curation), baselines, and
// the gate's exit codes — 0 for an improvement, 1 for a regression, 3 for an inconclusive
// pair, 2 for bad usage — with its JSON, JUnit (validated) and Markdown; a baseline exported
// to a file gives the same verdict as the stored run; --pipeline --testset runs, scores and
// gates in one command.
#include "testmain.h"
#include "clirun.h"
#include "testdemo.h"

#include <QFile>
#include <QHash>
#include <QStandardPaths>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>

namespace tst_cligate {

class TestCliGate : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_project;

    nlohmann::json json(const CliOutcome &o)
    {
        return nlohmann::json::parse(o.out.toStdString(), nullptr, false);
    }

private slots:
    void initTestCase()
    {
        const QString out = m_dir.filePath(QStringLiteral("demo-out"));
        const QString error = assay::test::writeDemoOut(out);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        m_project = out + QStringLiteral("/demo.assay");
    }

    void testsetCommands()
    {
        CliOutcome o = runCli({QStringLiteral("testset"), QStringLiteral("list"), m_project});
        QCOMPARE(o.code, 0);
        QVERIFY2(o.out.contains(QStringLiteral("Queries → Versions → Freeze")), qPrintable(o.out));
        o = runCli({QStringLiteral("testset"), QStringLiteral("freeze"), m_project, QStringLiteral("--name"), QStringLiteral("v1"), QStringLiteral("--set"),
                    QStringLiteral("short"), QStringLiteral("--note"), QStringLiteral("release 1"), QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        const nlohmann::json v1 = json(o);
        QCOMPARE(v1["items"].get<qint64>(), qint64(10932));
        QCOMPARE(v1["note"].get<std::string>(), std::string("release 1"));
        QCOMPARE(runCli({QStringLiteral("testset"), QStringLiteral("freeze"), m_project, QStringLiteral("--name"), QStringLiteral("v1")}).code, 1); // taken
        QCOMPARE(runCli({QStringLiteral("testset"), QStringLiteral("freeze"), m_project}).code, 2);                                          // no name
        QCOMPARE(runCli({QStringLiteral("testset"), QStringLiteral("thaw"), m_project}).code, 2);
        // The demo's exam freezes too.
        o = runCli({QStringLiteral("testset"), QStringLiteral("freeze"), m_project, QStringLiteral("--name"), QStringLiteral("exam-v1"), QStringLiteral("--exam"),
                    QStringLiteral("demo-exam"), QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        QCOMPARE(json(o)["kind"].get<std::string>(), std::string("exam"));
        o = runCli({QStringLiteral("testset"), QStringLiteral("list"), m_project, QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        QCOMPARE(json(o).size(), size_t(2));
        o = runCli({QStringLiteral("testset"), QStringLiteral("show"), m_project, QStringLiteral("--name"), QStringLiteral("v1"), QStringLiteral("--items"), QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        QCOMPARE(json(o)["item_list"].size(), size_t(10932));
        // Curate after freezing: the diff against the working set says what changed.
        QVERIFY(QProcess::execute(QStringLiteral("sqlite3"), {m_project, QStringLiteral("UPDATE query SET state = 'rejected' WHERE id IN (SELECT q.id FROM query q JOIN text_template t "
                                                                                       "ON t.id = q.text_template_id WHERE t.form = 'short' ORDER BY q.id LIMIT 3)")}) == 0);
        o = runCli({QStringLiteral("testset"), QStringLiteral("diff"), m_project, QStringLiteral("--from"), QStringLiteral("v1"), QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        const nlohmann::json d = json(o);
        QCOMPARE(d["removed"].get<int>(), 3);
        QCOMPARE(d["added"].get<int>(), 0);
        QCOMPARE(d["unchanged"].get<int>(), 10929);
        QCOMPARE(d["items"].size(), size_t(3));
        QCOMPARE(d["items"][0]["change"].get<std::string>(), std::string("removed"));
        // A run on the old version gets its 10,932 items, and records it.
        o = runCli({QStringLiteral("run"), m_project, QStringLiteral("--name"), QStringLiteral("bm25-on-v1"), QStringLiteral("--pipeline"),
                    QStringLiteral("retriever=bm25,k=3,reader=none"), QStringLiteral("--testset"), QStringLiteral("v1")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        QVERIFY2(o.out.contains(QLatin1String("10932 items executed")), qPrintable(o.out));
        o = runCli({QStringLiteral("runs"), m_project, QStringLiteral("--json")});
        bool found = false;
        for (const auto &run : json(o))
            found = found || (run["name"] == "bm25-on-v1" && run["version"] == "v1");
        QVERIFY(found);
        QCOMPARE(runCli({QStringLiteral("run"), m_project, QStringLiteral("--name"), QStringLiteral("x"), QStringLiteral("--testset"), QStringLiteral("nope")}).code, 1);
        // Across versions: the same pipeline on today's working set (3 queries fewer) is
        // compared with the run on v1 on the 10,929 items both hold, paired by identity.
        o = runCli({QStringLiteral("run"), m_project, QStringLiteral("--name"), QStringLiteral("bm25-now"), QStringLiteral("--pipeline"),
                    QStringLiteral("retriever=bm25,k=3,reader=none"), QStringLiteral("--set"), QStringLiteral("short")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        for (const QString &run : {QStringLiteral("bm25-on-v1"), QStringLiteral("bm25-now")})
            QCOMPARE(runCli({QStringLiteral("score"), m_project, QStringLiteral("--run"), run, QStringLiteral("--judge"), QStringLiteral("contains")}).code, 0);
        o = runCli({QStringLiteral("gate"), m_project, QStringLiteral("--run"), QStringLiteral("bm25-now"), QStringLiteral("--baseline"), QStringLiteral("bm25-on-v1"),
                    QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err + o.out));
        const nlohmann::json across = json(o);
        QCOMPARE(across["shared"].get<int>(), 10929);
        QCOMPARE(across["paired_by"].get<std::string>(), std::string("identity"));
        QCOMPARE(across["difference"].get<double>(), 0.0);
        QCOMPARE(across["baseline_version"].get<std::string>(), std::string("v1"));
        const std::string notes = across["notes"].dump();
        QVERIFY2(notes.find("different test sets (the working set and version v1)") != std::string::npos, notes.c_str());
        QVERIFY2(notes.find("0 of the run's and 3 of the baseline's items are in one run only") != std::string::npos, notes.c_str());
    }

    void examAcrossVersions()
    {
        // exam-v1 was frozen with all 3,644 items; today's exam keeps all of them: every take's
        // estimate on the version is its own share right, exactly (nothing to predict).
        CliOutcome o = runCli({QStringLiteral("exam"), QStringLiteral("estimate"), m_project, QStringLiteral("--version"), QStringLiteral("exam-v1"), QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        const nlohmann::json before = json(o);
        QCOMPARE(before.size(), size_t(25));
        QHash<QString, double> whole;
        for (const auto &e : before) {
            QCOMPARE(e["version_items"].get<int>(), 3644);
            QCOMPARE(e["shared"].get<int>(), 3644);
            const int counted = e["answered"].get<int>() + e["predicted"].get<int>();
            QVERIFY(counted == 3644);
            if (e["predicted"].get<int>() == 0)
                QVERIFY(std::abs(e["accuracy"].get<double>() - e["right"].get<double>() / 3644.0) < 1e-12);
            whole.insert(QString::fromStdString(e["taker"].get<std::string>()), e["accuracy"].get<double>());
        }
        // Today's exam drops 600 of the version's items, and 6 takes are made after that (their
        // answers on the 600 are gone): those 6 are estimated on the version from the 3,044 they
        // answered, the 600 predicted and corrected on the 19 takes that answered everything;
        // the other takes still answer every item of the version, and their estimate is exact.
        const QString dropped = QStringLiteral("SELECT id FROM exam_item WHERE exam_id = (SELECT id FROM exam WHERE name = 'demo-exam') ORDER BY id DESC LIMIT 600");
        QCOMPARE(QProcess::execute(QStringLiteral("sqlite3"), {m_project, QStringLiteral("UPDATE exam_item SET state = 'rejected' WHERE id IN (%1); "
                                                                                         "DELETE FROM exam_answer WHERE exam_item_id IN (%1) AND exam_run_id IN "
                                                                                         "(SELECT id FROM exam_run ORDER BY id LIMIT 6)").arg(dropped)}),
                 0);
        o = runCli({QStringLiteral("exam"), QStringLiteral("estimate"), m_project, QStringLiteral("--version"), QStringLiteral("exam-v1"), QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        int covered = 0, later = 0;
        double worst = 0;
        for (const auto &e : json(o)) {
            QCOMPARE(e["shared"].get<int>(), 3044);
            const double truth = whole.value(QString::fromStdString(e["taker"].get<std::string>()));
            if (e["predicted"].get<int>() == 0) {
                QVERIFY(std::abs(e["accuracy"].get<double>() - truth) < 1e-12);
                continue;
            }
            ++later;
            QVERIFY(e["predicted"].get<int>() >= 600 - 10);
            QVERIFY(e["low"].get<double>() < e["high"].get<double>());
            worst = std::max(worst, std::abs(e["accuracy"].get<double>() - truth));
            covered += e["low"].get<double>() <= truth && truth <= e["high"].get<double>();
            qInfo("%s: %.4f (%.4f-%.4f), all items %.4f", e["taker"].get<std::string>().c_str(), e["accuracy"].get<double>(), e["low"].get<double>(),
                  e["high"].get<double>(), truth);
        }
        QCOMPARE(later, 6);
        qInfo("across versions: worst error %.4f, %d of 6 intervals cover the whole-version accuracy", worst, covered);
        QVERIFY2(worst < 0.02, qPrintable(QString::number(worst)));
        QVERIFY2(covered >= 5, qPrintable(QString::number(covered)));
        // Restore the exam for the other functions.
        QCOMPARE(QProcess::execute(QStringLiteral("sqlite3"), {m_project, QStringLiteral("UPDATE exam_item SET state = 'accepted'")}), 0);
        QCOMPARE(runCli({QStringLiteral("exam"), QStringLiteral("estimate"), m_project, QStringLiteral("--version"), QStringLiteral("v1")}).code, 1); // a query version
    }

    void gateExitCodes()
    {
        const QString junit = m_dir.filePath(QStringLiteral("gate.xml")), markdown = m_dir.filePath(QStringLiteral("gate.md"));
        // bm25 k=3 against tfidf k=1 on short queries: an improvement (exit 0).
        CliOutcome o = runCli({QStringLiteral("gate"), m_project, QStringLiteral("--run"), QStringLiteral("demo/short/bm25-k3"), QStringLiteral("--baseline"),
                               QStringLiteral("demo/short/tfidf-k1"), QStringLiteral("--json"), QStringLiteral("--junit"), junit, QStringLiteral("--markdown"), markdown});
        QVERIFY2(o.code == 0, qPrintable(o.err + o.out));
        nlohmann::json j = json(o);
        QCOMPARE(j["verdict"].get<std::string>(), std::string("improvement"));
        QCOMPARE(j["shared"].get<int>(), 10932);
        QVERIFY(j["difference"].get<double>() > 0.1);
        QVERIFY(j["ci"][0].get<double>() > 0);
        const QString xmllint = QStandardPaths::findExecutable(QStringLiteral("xmllint"));
        QVERIFY2(!xmllint.isEmpty(), "xmllint is missing: packaging/install-deps.sh installs libxml2-utils");
        QCOMPARE(QProcess::execute(xmllint, {QStringLiteral("--noout"), QStringLiteral("--schema"), QStringLiteral(ASSAY_TEST_DATA "/junit/junit.xsd"), junit}), 0);
        QFile md(markdown);
        QVERIFY(md.open(QIODevice::ReadOnly));
        QVERIFY(md.readAll().startsWith("### Assay gate: "));
        // The other way round: a regression (exit 1), with the regressed groups failing in JUnit.
        o = runCli({QStringLiteral("gate"), m_project, QStringLiteral("--run"), QStringLiteral("demo/short/tfidf-k1"), QStringLiteral("--baseline"),
                    QStringLiteral("demo/short/bm25-k3"), QStringLiteral("--junit"), junit});
        QCOMPARE(o.code, 1);
        QVERIFY2(o.out.startsWith(QLatin1String("REGRESSION")), qPrintable(o.out));
        QVERIFY2(o.out.contains(QLatin1String("lost: ")), qPrintable(o.out));
        QFile xml(junit);
        QVERIFY(xml.open(QIODevice::ReadOnly));
        QVERIFY(xml.readAll().count("<failure ") >= 2);
        // keyword k=3 against tfidf k=3: −1.6 points, interval straddling the 2-point allowance (exit 3).
        o = runCli({QStringLiteral("gate"), m_project, QStringLiteral("--run"), QStringLiteral("demo/short/keyword-k3"), QStringLiteral("--baseline"),
                    QStringLiteral("demo/short/tfidf-k3"), QStringLiteral("--json")});
        QCOMPARE(o.code, 3);
        QCOMPARE(json(o)["verdict"].get<std::string>(), std::string("inconclusive"));
        // With a 5-point allowance it passes.
        QCOMPARE(runCli({QStringLiteral("gate"), m_project, QStringLiteral("--run"), QStringLiteral("demo/short/keyword-k3"), QStringLiteral("--baseline"),
                         QStringLiteral("demo/short/tfidf-k3"), QStringLiteral("--max-drop"), QStringLiteral("5")}).code, 0);
        // Bad usage: exit 2.
        QCOMPARE(runCli({QStringLiteral("gate"), m_project, QStringLiteral("--run"), QStringLiteral("demo/short/bm25-k3"), QStringLiteral("--metric"), QStringLiteral("bleu")}).code, 2);
        QCOMPARE(runCli({QStringLiteral("gate"), m_project}).code, 2);
        o = runCli({QStringLiteral("gate"), m_project, QStringLiteral("--run"), QStringLiteral("demo/short/bm25-k3")});
        QCOMPARE(o.code, 2); // no baseline marked yet
        QVERIFY2(o.err.contains(QLatin1String("Mark as baseline")), qPrintable(o.err));
    }

    void baselinesAndFiles()
    {
        // Marked, the baseline need not be named.
        CliOutcome o = runCli({QStringLiteral("testset"), QStringLiteral("baseline"), m_project, QStringLiteral("--run"), QStringLiteral("demo/short/tfidf-k1")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        o = runCli({QStringLiteral("gate"), m_project, QStringLiteral("--run"), QStringLiteral("demo/short/bm25-k3"), QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        const nlohmann::json stored = json(o);
        QCOMPARE(stored["baseline"].get<std::string>(), std::string("demo/short/tfidf-k1"));
        // The same baseline exported to a file (as committed next to the code) gives the same figures.
        const QString file = m_dir.filePath(QStringLiteral("baseline.jsonl"));
        o = runCli({QStringLiteral("export"), QStringLiteral("results"), m_project, QStringLiteral("--run"), QStringLiteral("demo/short/tfidf-k1"),
                    QStringLiteral("--judge"), QStringLiteral("contains"), QStringLiteral("--out"), file});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        o = runCli({QStringLiteral("gate"), m_project, QStringLiteral("--run"), QStringLiteral("demo/short/bm25-k3"), QStringLiteral("--baseline-file"), file,
                    QStringLiteral("--judge"), QStringLiteral("contains"), QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        const nlohmann::json fromFile = json(o);
        QCOMPARE(fromFile["shared"], stored["shared"]);
        QCOMPARE(fromFile["difference"], stored["difference"]);
        QCOMPARE(fromFile["ci"], stored["ci"]);
        QCOMPARE(fromFile["p_value"], stored["p_value"]);
        // ... and, for a regression, the same module split: the file's retrieved and true
        // documents give the verdicts a stored run's default retrieval judge (covered) gives,
        // and a file without answers is a retrieval-only run.
        const QString better = m_dir.filePath(QStringLiteral("bm25.jsonl"));
        QCOMPARE(runCli({QStringLiteral("export"), QStringLiteral("results"), m_project, QStringLiteral("--run"), QStringLiteral("demo/short/bm25-k3"),
                         QStringLiteral("--judge"), QStringLiteral("contains"), QStringLiteral("--out"), better}).code, 0);
        o = runCli({QStringLiteral("gate"), m_project, QStringLiteral("--run"), QStringLiteral("demo/short/tfidf-k1"), QStringLiteral("--baseline"),
                    QStringLiteral("demo/short/bm25-k3"), QStringLiteral("--json")});
        QCOMPARE(o.code, 1);
        const nlohmann::json storedDrop = json(o);
        o = runCli({QStringLiteral("gate"), m_project, QStringLiteral("--run"), QStringLiteral("demo/short/tfidf-k1"), QStringLiteral("--baseline-file"), better,
                    QStringLiteral("--judge"), QStringLiteral("contains"), QStringLiteral("--json")});
        QCOMPARE(o.code, 1);
        const nlohmann::json fileDrop = json(o);
        // The demo's runs are retrieval-only: no LLM to blame (docs/METHODS.md §11.3).
        QVERIFY(storedDrop["modules"]["retriever"]["items_lost"].get<int>() > 0);
        QVERIFY2(!storedDrop["modules"].contains("llm"), storedDrop["modules"].dump().c_str());
        QCOMPARE(fileDrop["modules"], storedDrop["modules"]);
        QCOMPARE(fileDrop["difference"], storedDrop["difference"]);
        // --pipeline --testset: run, score and gate in one command; the same pipeline on the same
        // items as the baseline passes with no difference.
        o = runCli({QStringLiteral("gate"), m_project, QStringLiteral("--run"), QStringLiteral("candidate"), QStringLiteral("--pipeline"),
                    QStringLiteral("retriever=tfidf,k=1,reader=none"), QStringLiteral("--testset"), QStringLiteral("v1"), QStringLiteral("--baseline"),
                    QStringLiteral("demo/short/tfidf-k1"), QStringLiteral("--json")});
        QVERIFY2(o.code == 0, qPrintable(o.err + o.out));
        const nlohmann::json same = json(o);
        QCOMPARE(same["verdict"].get<std::string>(), std::string("pass"));
        QCOMPARE(same["difference"].get<double>(), 0.0);
        QCOMPARE(same["shared"].get<int>(), 10932);
        QCOMPARE(same["run_version"].get<std::string>(), std::string("v1"));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestCliGate)

} // namespace tst_cligate
#include "tst_cligate.moc"
