// The regression gate between two runs (docs/METHODS.md §11.3) on hand-made runs whose every
// figure is counted by hand: pairing by identity, the module split (retriever / LLM / knowledge
// gap), the most regressed groups with an example, McNemar's p; judge repeats that disagree
// widen the interval; the JUnit file validates against the XSD shipped with the tests (and a
// broken one does not); the Markdown names the verdict and the modules; a baseline file reads
// back with file:line errors.
#include "testmain.h"
#include "analysis/gatebaselinefile.h"
#include "analysis/gatecomparison.h"
#include "report/gatereportwriter.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace tst_gate {

using namespace assay;

namespace {
// One item: group, right?, retrieval right? (none: not judgeable).
Outcome item(qint64 id, const QString &group, bool right, std::optional<bool> retrieval, const QString &answer = {})
{
    Outcome o;
    o.itemId = id;
    o.key = QStringLiteral("q%1").arg(id);
    o.identity = QStringLiteral("id%1").arg(id);
    o.group = group;
    o.sqlTemplateId = group.mid(1).toLongLong() * 10;
    o.query = QStringLiteral("question %1").arg(id);
    o.gold = QStringLiteral("gold %1").arg(id);
    o.answer = answer.isEmpty() ? (right ? o.gold : QStringLiteral("wrong %1").arg(id)) : answer;
    o.verdict = right ? 1 : 0;
    if (retrieval) {
        o.retrievalVerdict = *retrieval ? 1 : 0;
        o.retrievalJudgeable = true;
    } else {
        o.retrievalJudgeable = false;
    }
    return o;
}

// Baseline and run over 10 items in 4 groups (see handCounted).
std::pair<RunOutcomes::Loaded, RunOutcomes::Loaded> handRuns()
{
    RunOutcomes::Loaded base, run;
    base.runName = QStringLiteral("base");
    run.runName = QStringLiteral("cand");
    base.judge = run.judge = QStringLiteral("contains");
    // g1: the retriever lost two of three items' documents, and their answers.
    base.outcomes << item(1, QStringLiteral("g1"), true, true) << item(2, QStringLiteral("g1"), true, true) << item(3, QStringLiteral("g1"), true, true);
    run.outcomes << item(1, QStringLiteral("g1"), true, true) << item(2, QStringLiteral("g1"), false, false) << item(3, QStringLiteral("g1"), false, false);
    // g2: retrieval intact, one form lost: the LLM (robust → non-robust).
    base.outcomes << item(4, QStringLiteral("g2"), true, true) << item(5, QStringLiteral("g2"), true, true) << item(6, QStringLiteral("g2"), true, true);
    run.outcomes << item(4, QStringLiteral("g2"), true, true) << item(5, QStringLiteral("g2"), true, true) << item(6, QStringLiteral("g2"), false, true);
    // g3: no true documents; the one right item lost, none right now: a knowledge gap.
    base.outcomes << item(7, QStringLiteral("g3"), true, std::nullopt) << item(8, QStringLiteral("g3"), false, std::nullopt);
    run.outcomes << item(7, QStringLiteral("g3"), false, std::nullopt) << item(8, QStringLiteral("g3"), false, std::nullopt);
    // g4: gained in the run.
    base.outcomes << item(9, QStringLiteral("g4"), false, true) << item(10, QStringLiteral("g4"), false, true);
    run.outcomes << item(9, QStringLiteral("g4"), true, true) << item(10, QStringLiteral("g4"), true, true);
    // Only in the run: not paired.
    run.outcomes << item(11, QStringLiteral("g5"), true, true);
    return {base, run};
}
} // namespace

class TestGate : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void handCounted()
    {
        const auto [base, run] = handRuns();
        GateComparison::Options options;
        options.gate.resamples = 500;
        options.gate.maxDrop = 0; // any significant drop
        auto report = GateComparison::compare(run, {}, base, {}, options);
        QVERIFY2(report.ok(), qPrintable(report.error()));
        const GateReport &r = report.value();
        QCOMPARE(r.pairedBy, QStringLiteral("identity"));
        QCOMPARE(r.result.shared, 10);
        QCOMPARE(r.result.groups, 4);
        QCOMPARE(r.result.runMean, 0.5);      // 1 + 2 + 0 + 2 of 10
        QCOMPARE(r.result.baselineMean, 0.7); // 3 + 3 + 1 + 0
        QVERIFY(std::abs(r.result.difference + 0.2) < 1e-12);
        QCOMPARE(r.result.runOnly, 2);
        QCOMPARE(r.result.baselineOnly, 4);
        // McNemar: 2 · P(X ≤ 2 | n = 6, ½) = 2 · (1 + 6 + 15) / 64.
        QVERIFY(std::abs(r.result.mcnemarP - 44.0 / 64.0) < 1e-12);
        QCOMPARE(r.modules.value(QStringLiteral("retriever")).groups, 1);
        QCOMPARE(r.modules.value(QStringLiteral("retriever")).itemsLost, 2);
        QCOMPARE(r.modules.value(QStringLiteral("llm")).itemsLost, 1);
        QCOMPARE(r.modules.value(QStringLiteral("llm")).itemsGained, 2); // g4, retrieval unchanged
        QCOMPARE(r.modules.value(QStringLiteral("knowledge")).itemsLost, 1);
        QVERIFY(std::abs(r.modules.value(QStringLiteral("retriever")).points + 20.0) < 1e-12);
        QVERIFY(std::abs(r.modules.value(QStringLiteral("llm")).points - 10.0) < 1e-12);
        QVERIFY(std::abs(r.modules.value(QStringLiteral("knowledge")).points + 10.0) < 1e-12);
        // The lines add up to the difference (−20 points).
        double sum = 0;
        for (const GateModule &m : r.modules)
            sum += m.points;
        QVERIFY(std::abs(sum - 100.0 * r.result.difference) < 1e-12);
        QCOMPARE(r.regressedGroups.size(), 3);
        const GateGroupChange &top = r.regressedGroups.first();
        QCOMPARE(top.group, QStringLiteral("g1"));
        QCOMPARE(top.module, QStringLiteral("retriever"));
        QCOMPARE(top.tagBefore, QStringLiteral("robust"));
        QCOMPARE(top.tagAfter, QStringLiteral("non-robust"));
        QCOMPARE(top.query, QStringLiteral("question 2"));
        QCOMPARE(top.baselineAnswer, QStringLiteral("gold 2"));
        QCOMPARE(top.runAnswer, QStringLiteral("wrong 2"));
        QCOMPARE(r.regressedGroups.at(2).tagAfter, QStringLiteral("gap"));
        QCOMPARE(r.regressedTemplates.first().sqlTemplateId, qint64(10));
        QVERIFY2(r.notes.first().contains(QLatin1String("1 of the run's and 0 of the baseline's")), qPrintable(r.notes.first()));
        // The JSON has every field the issue names.
        const nlohmann::json j = r.toJson();
        for (const char *key : {"verdict", "run", "baseline", "shared", "run_accuracy", "baseline_accuracy", "difference", "ci", "p_value", "modules", "regressed_groups"})
            QVERIFY2(j.contains(key), key);
        QCOMPARE(j["modules"]["retriever"]["items_lost"].get<int>(), 2);
        QCOMPARE(j["regressed_groups"][0]["example"]["run_answer"].get<std::string>(), std::string("wrong 2"));
        // A 20-point drop over 4 groups, one of which gained: resampling groups gives an interval
        // from a loss to a gain, which straddles the allowed drop.
        QVERIFY2(r.result.low < -0.02 && r.result.high > 0, qPrintable(r.result.reason));
        QCOMPARE(r.result.verdict, GateResult::Verdict::Inconclusive);
        QCOMPARE(r.exitCode(), 3);

        // Retrieval: over the items judgeable in both (8), refined: over groups answered somewhere (all 4 here).
        options.metric = QStringLiteral("retrieval");
        auto retrieval = GateComparison::compare(run, {}, base, {}, options);
        QVERIFY(retrieval.ok());
        QCOMPARE(retrieval.value().result.shared, 8);
        QCOMPARE(retrieval.value().result.baselineMean, 1.0);
        QCOMPARE(retrieval.value().result.runMean, 6.0 / 8.0); // g1 lost two documents
        options.metric = QStringLiteral("refined");
        QCOMPARE(GateComparison::compare(run, {}, base, {}, options).value().result.shared, 10);
    }

    void pairingByKeyWhenIdentitiesAreMissing()
    {
        auto [base, run] = handRuns();
        run.outcomes[0].identity.clear();
        GateComparison::Options strict;
        strict.gate.maxDrop = 0;
        auto report = GateComparison::compare(run, {}, base, {}, strict);
        QVERIFY(report.ok());
        QCOMPARE(report.value().pairedBy, QStringLiteral("key"));
        QCOMPARE(report.value().result.shared, 10);
        // Nothing shared: said, not a crash.
        for (Outcome &o : run.outcomes) {
            o.identity = QStringLiteral("other-") + o.identity;
            o.key = QStringLiteral("other-") + o.key;
        }
        auto none = GateComparison::compare(run, {}, base, {}, {});
        QVERIFY(!none.ok());
        QVERIFY2(none.error().contains(QLatin1String("share no items")), qPrintable(none.error()));
    }

    void retrievalOnlyExamples()
    {
        // Retrieval-only runs have no answer: the example names the top document and whether
        // the gold stood in the context (same top document, k = 3 against k = 1).
        RunOutcomes::Loaded base, run;
        base.runName = QStringLiteral("k3");
        run.runName = QStringLiteral("k1");
        base.readerless = run.readerless = true;
        for (int i = 1; i <= 2; ++i) {
            Outcome b = item(i, QStringLiteral("g1"), true, true, QStringLiteral("-")), r = item(i, QStringLiteral("g1"), i == 2, true, QStringLiteral("-"));
            b.answer.clear();
            r.answer.clear();
            b.top1 = r.top1 = QStringLiteral("d7");
            b.retrieved = {QStringLiteral("d7"), QStringLiteral("d2"), QStringLiteral("d3")};
            r.retrieved = {QStringLiteral("d7")};
            b.goldInContext = true;
            r.goldInContext = i == 2;
            base.outcomes << b;
            run.outcomes << r;
        }
        auto report = GateComparison::compare(run, {}, base, {}, {});
        QVERIFY(report.ok());
        QCOMPARE(report.value().regressedGroups.size(), 1);
        // No reader, no LLM: the same document first, k differs — the context size lost it.
        QCOMPARE(report.value().regressedGroups.first().module, QStringLiteral("context"));
        QVERIFY(!report.value().modules.contains(QStringLiteral("llm")));
        QCOMPARE(report.value().modules.value(QStringLiteral("context")).itemsLost, 1);
        // Another first document is the retriever's.
        run.outcomes[0].retrieved = {QStringLiteral("d9")};
        auto other = GateComparison::compare(run, {}, base, {}, {});
        QVERIFY(other.ok());
        QCOMPARE(other.value().regressedGroups.first().module, QStringLiteral("retriever"));
        QCOMPARE(report.value().regressedGroups.first().baselineAnswer, QStringLiteral("(top document d7, gold in the context)"));
        QCOMPARE(report.value().regressedGroups.first().runAnswer, QStringLiteral("(top document d7, gold not in the context)"));
    }

    void judgeFlipsWidenTheInterval()
    {
        // 400 items in 200 groups, equal runs; the judge's repeats disagree on 80 of the run's items.
        RunOutcomes::Loaded base, run;
        base.runName = QStringLiteral("b");
        run.runName = QStringLiteral("r");
        QHash<qint64, QVector<int>> votes;
        for (int i = 0; i < 400; ++i) {
            const bool right = i % 3 != 0;
            base.outcomes << item(i + 1, QStringLiteral("g%1").arg(i / 2), right, true);
            run.outcomes << item(i + 1, QStringLiteral("g%1").arg(i / 2), right, true);
            if (i % 5 == 0)
                votes.insert(i + 1, {1, 0, right ? 1 : 0});
        }
        GateComparison::Options options;
        auto quiet = GateComparison::compare(run, {}, base, {}, options);
        auto noisy = GateComparison::compare(run, votes, base, {}, options);
        QVERIFY(quiet.ok() && noisy.ok());
        QCOMPARE(quiet.value().result.flipping, 0);
        QCOMPARE(noisy.value().result.flipping, 80);
        QVERIFY(noisy.value().result.high - noisy.value().result.low > quiet.value().result.high - quiet.value().result.low);
        QVERIFY(noisy.value().notes.join(QLatin1Char(' ')).contains(QLatin1String("80 items' verdicts flipped")));
        QVERIFY(quiet.value().notes.join(QLatin1Char(' ')).contains(QLatin1String("not repeated")));
    }

    void junitValidatesAgainstTheXsd()
    {
        const QString xmllint = QStandardPaths::findExecutable(QStringLiteral("xmllint"));
        QVERIFY2(!xmllint.isEmpty(), "xmllint is missing: packaging/install-deps.sh installs libxml2-utils");
        const auto [base, run] = handRuns();
        GateComparison::Options options;
        options.gate.minAccuracy = 0.6;
        auto report = GateComparison::compare(run, {}, base, {}, options);
        QVERIFY(report.ok());
        QCOMPARE(report.value().result.verdict, GateResult::Verdict::Regression); // 50% < the 60% floor
        const QByteArray xml = GateReportWriter::junit(report.value());
        auto validate = [&](const QByteArray &bytes) {
            QFile f(m_dir.filePath(QStringLiteral("junit.xml")));
            if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
                return -1;
            f.close();
            QProcess p;
            p.start(xmllint, {QStringLiteral("--noout"), QStringLiteral("--schema"), QStringLiteral(ASSAY_TEST_DATA "/junit/junit.xsd"), f.fileName()});
            return p.waitForFinished(30000) ? p.exitCode() : -1;
        };
        QCOMPARE(validate(xml), 0);
        // One case per check (the drop, the floor) and one per regressed group; failures named.
        QCOMPARE(xml.count("<testcase "), 2 + 3);
        // Failures: the floor and the 3 groups; the drop's interval straddles the allowed drop.
        QVERIFY(xml.contains("failures=\"4\""));
        QVERIFY(xml.contains("question 2"));
        QVERIFY(xml.contains("wrong 2"));
        // The validator can fail: a test case without its class name is refused.
        QByteArray broken = xml;
        broken.replace("classname=\"assay.gate\" ", "");
        QVERIFY(validate(broken) != 0);
        // An inconclusive gate (skipped cases) and one that could not evaluate (<error>) validate too.
        options.gate.minAccuracy = qQNaN();
        auto inconclusive = GateComparison::compare(run, {}, base, {}, options);
        QVERIFY(inconclusive.ok());
        QCOMPARE(inconclusive.value().result.verdict, GateResult::Verdict::Inconclusive);
        QCOMPARE(validate(GateReportWriter::junit(inconclusive.value())), 0);
        auto failing = run;
        for (Outcome &o : failing.outcomes)
            o.error = QStringLiteral("timeout: no first byte within 25 s of the request");
        auto error = GateComparison::compare(failing, {}, base, {}, options);
        QVERIFY(error.ok());
        QCOMPARE(error.value().result.verdict, GateResult::Verdict::Error);
        QCOMPARE(validate(GateReportWriter::junit(error.value())), 0);
    }

    void failedAndUnreadItemsAreNeverLosses()
    {
        // The candidate's endpoint failed on 3 of the 10 shared items and its judge could not
        // read one more: above a 1% bound the gate cannot evaluate (never a regression, never
        // a pass), with its own exit code, a JUnit <error> naming the cause and a Markdown line.
        auto [base, run] = handRuns();
        for (int i : {1, 2, 5}) {
            run.outcomes[i].error = QStringLiteral("server: HTTP 500: The server had an error");
            run.outcomes[i].answer.clear();
            run.outcomes[i].verdict = 0; // what a string judge would have said of an empty answer
        }
        run.outcomes[6].verdict.reset(); // unread
        GateComparison::Options options;
        options.gate.resamples = 500;
        auto report = GateComparison::compare(run, {}, base, {}, options);
        QVERIFY2(report.ok(), qPrintable(report.error()));
        const GateReport &r = report.value();
        QCOMPARE(r.result.verdict, GateResult::Verdict::Error);
        QCOMPARE(r.exitCode(), 4);
        QCOMPARE(r.paired, 10);
        QCOMPARE(r.runFailed, 3);
        QCOMPARE(r.unread, 1);
        QVERIFY(r.modules.isEmpty());
        QCOMPARE(r.coverageText(), QStringLiteral("4 of 10 shared items could not be evaluated: 3 failed in cand, 1 unread (no judge verdict) "
                                                  "(e.g. in cand: server: HTTP 500: The server had an error)."));
        const nlohmann::json j = r.toJson();
        QCOMPARE(j["verdict"].get<std::string>(), std::string("error"));
        QCOMPARE(j["n_failed"].get<int>(), 3);
        QCOMPARE(j["n_unread"].get<int>(), 1);
        const QByteArray xml = GateReportWriter::junit(r);
        QVERIFY2(xml.contains("errors=\"1\"") && xml.contains("<error message=\"could not evaluate: 4 of 10 shared items"), xml.constData());
        QVERIFY(!xml.contains("<failure"));
        QVERIFY(GateReportWriter::markdown(r).contains(QLatin1String("could not evaluate")));

        // With a bound above the share, the 4 items are left out and counted: the other 6 are
        // compared, and the items that failed are not counted as lost.
        options.gate.maxErrors = 0.5;
        auto tolerant = GateComparison::compare(run, {}, base, {}, options);
        QVERIFY(tolerant.ok());
        QVERIFY(tolerant.value().result.verdict != GateResult::Verdict::Error);
        QCOMPARE(tolerant.value().result.shared, 6);
        QCOMPARE(tolerant.value().modules.value(QStringLiteral("retriever")).itemsLost, 0); // g1's lost items had failed
        QVERIFY(tolerant.value().notes.first().startsWith(QLatin1String("4 of 10 shared items could not be evaluated")));
        // An inconclusive gate's regressed groups are skipped cases, not passes.
        if (tolerant.value().result.verdict == GateResult::Verdict::Inconclusive && !tolerant.value().regressedGroups.isEmpty()) {
            const QByteArray skipped = GateReportWriter::junit(tolerant.value());
            QCOMPARE(skipped.count("<skipped "), 1 + tolerant.value().regressedGroups.size());
        }
    }

    void inconclusiveGroupsAreSkippedInJunit()
    {
        const auto [base, run] = handRuns();
        GateComparison::Options options;
        options.gate.resamples = 500;
        auto report = GateComparison::compare(run, {}, base, {}, options);
        QVERIFY(report.ok());
        QCOMPARE(report.value().result.verdict, GateResult::Verdict::Inconclusive);
        const QByteArray xml = GateReportWriter::junit(report.value());
        QCOMPARE(xml.count("<skipped "), 1 + 3); // the gate's case and its three regressed groups
        QVERIFY(xml.contains("skipped=\"4\""));
    }

    void markdownForAPullRequest()
    {
        const auto [base, run] = handRuns();
        GateComparison::Options options;
        options.gate.minAccuracy = 0.6;
        auto report = GateComparison::compare(run, {}, base, {}, options);
        QVERIFY(report.ok());
        const QString md = GateReportWriter::markdown(report.value());
        QVERIFY2(md.startsWith(QLatin1String("### Assay gate: ")), qPrintable(md));
        QVERIFY(md.contains(QLatin1String("regression")));
        QVERIFY(md.contains(QLatin1String("| accuracy | 50.0% | 70.0% |")));
        QVERIFY(md.contains(QLatin1String("retriever (other documents came back): -20.0 points (2 item(s) lost, 0 gained, in 1 group(s))")));
        QVERIFY(md.contains(QStringLiteral("| g1 | 10 | retriever | 1/3 (3) | robust → non-robust | question 2 | gold 2 | gold 2 | wrong 2 |")));
        QVERIFY(md.contains(QLatin1String("below the minimum 60.0%")));
    }

    void baselineFile()
    {
        auto write = [&](const QString &name, const QByteArray &bytes) {
            QFile f(m_dir.filePath(name));
            f.open(QIODevice::WriteOnly);
            f.write(bytes);
            return f.fileName();
        };
        const QString good = write(QStringLiteral("base.jsonl"),
                                   "{\"id\": \"q1\", \"identity\": \"id1\", \"group\": \"g1\", \"template\": 10, \"query\": \"a\", \"gold\": \"x\", \"answer\": \"x\", \"verdict\": 1, \"retrieval_verdict\": 0, \"true_doc_ids\": [\"d1\"]}\n"
                                   "\n{\"id\": \"q2\", \"query\": \"b\", \"gold\": \"y\", \"answer\": \"z\", \"verdict\": 0}\n");
        auto loaded = GateBaselineFile::load(good, true);
        QVERIFY2(loaded.ok(), qPrintable(loaded.error()));
        QCOMPARE(loaded.value().outcomes.size(), 2);
        QCOMPARE(loaded.value().outcomes[0].verdict.value_or(-1), 0); // the closed-domain rule: retrieval wrong
        QCOMPARE(loaded.value().outcomes[0].sqlTemplateId, qint64(10));
        QCOMPARE(loaded.value().outcomes[1].group, QStringLiteral("q2")); // no group: its own
        QCOMPARE(GateBaselineFile::load(good, false).value().outcomes[0].verdict.value_or(-1), 1);
        const QString bad = write(QStringLiteral("bad.jsonl"), "{\"id\": \"q1\", \"query\": \"a\", \"verdict\": 1}\n{\"id\": \"q2\", \"verdict\": 2}\n");
        auto failed = GateBaselineFile::load(bad, true);
        QVERIFY(!failed.ok());
        QVERIFY2(failed.error().contains(QLatin1String("bad.jsonl:2: 'verdict'")), qPrintable(failed.error()));
        const QString twice = write(QStringLiteral("twice.jsonl"), "{\"id\": \"q1\", \"verdict\": 1}\n{\"id\": \"q1\", \"verdict\": 0}\n");
        QVERIFY(GateBaselineFile::load(twice, true).error().contains(QLatin1String("twice.jsonl:2: id 'q1' appears twice")));
        const QString unjudged = write(QStringLiteral("unjudged.jsonl"), "{\"id\": \"q1\", \"answer\": \"a\"}\n");
        QVERIFY(GateBaselineFile::load(unjudged, true).error().contains(QLatin1String("no item has a verdict")));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestGate)

} // namespace tst_gate
#include "tst_gate.moc"
