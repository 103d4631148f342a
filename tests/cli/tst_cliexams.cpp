// assay-cli's IRT and exam commands on the demo's project and exported matrix: joint fits,
// Bayes modal and marginal ML, short forms, estimates, adaptive takes and the validation.
#include "testmain.h"
#include "clirun.h"
#include "testdemo.h"

#include <QFile>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>

namespace tst_cliexams {

class TestCliExams : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    // Each function on a demo of its own (ctest runs them as separate cases, in parallel).
    void init()
    {
        const QString out = m_dir.filePath(QStringLiteral("demo-out"));
        QVERIFY(QDir(out).removeRecursively());
        const QString error = assay::test::writeDemoOut(out);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }

    void irtFit()
    {
        // From the demo's exported matrix: a 2PL fit with one improvement step, as JSON.
        const QString out = m_dir.filePath(QStringLiteral("demo-out"));
        const QString responses = out + QStringLiteral("/exam-responses.csv"), factors = out + QStringLiteral("/exam-factors.csv");
        CliOutcome o = runCli({QStringLiteral("irt"), QStringLiteral("fit"), QStringLiteral("--responses"), responses, QStringLiteral("--model"), QStringLiteral("2pl"),
                            QStringLiteral("--iterate"), QStringLiteral("1"), QStringLiteral("--drop-quantile"), QStringLiteral("0.2"), QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        auto j = nlohmann::json::parse(o.out.toStdString());
        QCOMPARE(j["model"].get<std::string>(), std::string("2pl"));
        for (const char *key : {"nll", "converged", "iterations", "seconds", "items", "students", "factors", "steps"})
            QVERIFY2(j.contains(key), key);
        QCOMPARE(j["students"].size(), size_t(25));
        QCOMPARE(j["steps"].size(), size_t(2));
        QCOMPARE(j["items"].size() + j["steps"][1]["dropped"].size(), j["steps"][0]["items"].size());
        for (const auto &item : j["items"])
            QVERIFY(item["c"].get<double>() == 0.0 && item["a"].get<double>() >= 0.25);
        // Hierarchical from the factors file: levels relative to each factor's first.
        o = runCli({QStringLiteral("irt"), QStringLiteral("fit"), QStringLiteral("--responses"), responses, QStringLiteral("--factors"), factors,
                    QStringLiteral("--bounds"), QStringLiteral("exam-paper"), QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        j = nlohmann::json::parse(o.out.toStdString());
        QCOMPARE(j["factors"]["retriever"]["keyword"].get<double>(), 0.0);
        QVERIFY(j["factors"]["retriever"]["oracle"].get<double>() > 0);
        QCOMPARE(j["estimator"].get<std::string>(), std::string("jml"));
        // Bayes modal: the priors hold every c inside (0, 0.5) and the fit says which it is.
        o = runCli({QStringLiteral("irt"), QStringLiteral("fit"), QStringLiteral("--responses"), responses, QStringLiteral("--prior"), QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        j = nlohmann::json::parse(o.out.toStdString());
        QCOMPARE(j["estimator"].get<std::string>(), std::string("bayes-modal"));
        QVERIFY(j["converged"].get<bool>());
        for (const auto &item : j["items"])
            QVERIFY(item["c"].get<double>() > 0.01 && item["c"].get<double>() < 0.5);
        // --model auto: the three models compared, the BIC's choice said.
        o = runCli({QStringLiteral("irt"), QStringLiteral("fit"), QStringLiteral("--responses"), responses, QStringLiteral("--model"), QStringLiteral("auto"),
                    QStringLiteral("--prior")});
        QCOMPARE(o.code, 0);
        QVERIFY2(o.out.contains(QLatin1String("chosen by BIC")) && o.out.contains(QStringLiteral("LR test 1PL → 2PL")), qPrintable(o.out));
        QCOMPARE(runCli({QStringLiteral("irt"), QStringLiteral("fit"), QStringLiteral("--responses"), responses, QStringLiteral("--drop-by"), QStringLiteral("bogus")}).code, 2);
        const CliOutcome three = runCli({QStringLiteral("irt"), QStringLiteral("fit"), QStringLiteral("--responses"), responses, QStringLiteral("--dimensions"), QStringLiteral("3")});
        QCOMPARE(three.code, 2);
        QVERIFY2(three.err.contains(QStringLiteral("--dimensions takes 1 or 2")), qPrintable(three.err));
        QCOMPARE(runCli({QStringLiteral("irt"), QStringLiteral("fit"), QStringLiteral("--responses"), responses, QStringLiteral("--info-range"), QStringLiteral("2:1")}).code, 2);
        // From the project: parameters saved into the exam.
        o = runCli({QStringLiteral("irt"), QStringLiteral("fit"), out + QStringLiteral("/demo.assay"), QStringLiteral("--exam"), QStringLiteral("demo-exam"),
                    QStringLiteral("--model"), QStringLiteral("1pl")});
        QCOMPARE(o.code, 0);
        QVERIFY2(o.err.contains(QLatin1String("Saved a, b, c of 3644 items")), qPrintable(o.err));
        QVERIFY(o.out.contains(QLatin1String("1PL")) && o.out.contains(QLatin1String("converged")));
        // The identifiability guard speaks before the fit, once: 6 students are too few for a 2PL.
        QFile few(m_dir.filePath(QStringLiteral("few.csv")));
        QVERIFY(few.open(QIODevice::WriteOnly));
        few.write("student,q1,q2,q3,q4,q5\ns1,1,0,1,1,0\ns2,0,0,1,1,1\ns3,1,1,1,0,0\ns4,0,1,0,1,1\ns5,1,1,1,1,0\ns6,0,0,0,1,1\n");
        few.close();
        o = runCli({QStringLiteral("irt"), QStringLiteral("fit"), QStringLiteral("--responses"), few.fileName(), QStringLiteral("--model"), QStringLiteral("2pl")});
        QCOMPARE(o.code, 0);
        QCOMPARE(o.err.count(QLatin1String("6 students are too few for a 2PL")), 1);
        QVERIFY2(o.err.startsWith(QLatin1String("warning: 6 students are too few for a 2PL")), qPrintable(o.err));
        // Bad input names the file, line and field; bad usage exits 2.
        QFile bad(m_dir.filePath(QStringLiteral("bad.csv")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("student,q1,q2\ns1,1,0\ns2,0,2\n");
        bad.close();
        o = runCli({QStringLiteral("irt"), QStringLiteral("fit"), QStringLiteral("--responses"), bad.fileName()});
        QCOMPARE(o.code, 1);
        QVERIFY2(o.err.contains(bad.fileName() + QStringLiteral(":3")) && o.err.contains(QLatin1String("'q2'")), qPrintable(o.err));
        QCOMPARE(runCli({QStringLiteral("irt"), QStringLiteral("fit"), QStringLiteral("--responses"), responses, QStringLiteral("--model"), QStringLiteral("4pl")}).code, 2);
        QCOMPARE(runCli({QStringLiteral("irt"), QStringLiteral("fit")}).code, 2);
    }

    void shortFormsAdaptiveAndValidation()
    {
        // On the demo's project with its exam refitted as a 1PL: marginal ML as an estimator, a
        // short form and its estimate, an adaptive take, the validation.
        const QString out = m_dir.filePath(QStringLiteral("demo-out")), project = out + QStringLiteral("/demo.assay");
        CliOutcome o = runCli({QStringLiteral("irt"), QStringLiteral("fit"), project, QStringLiteral("--exam"), QStringLiteral("demo-exam"), QStringLiteral("--model"),
                            QStringLiteral("1pl")});
        QVERIFY2(o.code == 0, qPrintable(o.err));
        o = runCli({QStringLiteral("irt"), QStringLiteral("fit"), QStringLiteral("--responses"), out + QStringLiteral("/exam-responses.csv"), QStringLiteral("--model"),
                            QStringLiteral("2pl"), QStringLiteral("--estimator"), QStringLiteral("mml"), QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        auto j = nlohmann::json::parse(o.out.toStdString());
        QCOMPARE(j["estimator"].get<std::string>(), std::string("mml"));
        QCOMPARE(j["students"].size(), size_t(25));
        for (const auto &student : j["students"])
            QVERIFY(student["se_theta"].is_number() && student["se_theta"].get<double>() > 0);
        QCOMPARE(runCli({QStringLiteral("irt"), QStringLiteral("fit"), QStringLiteral("--responses"), out + QStringLiteral("/exam-responses.csv"), QStringLiteral("--estimator"),
                         QStringLiteral("mml"), QStringLiteral("--prior")}).code, 2);
        o = runCli({QStringLiteral("exam"), QStringLiteral("shortform"), project, QStringLiteral("--exam"), QStringLiteral("demo-exam"), QStringLiteral("--name"),
                    QStringLiteral("demo-anchors"), QStringLiteral("--items"), QStringLiteral("40"), QStringLiteral("--method"), QStringLiteral("anchors"), QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        j = nlohmann::json::parse(o.out.toStdString());
        QCOMPARE(j["items"].size(), size_t(40));
        double weights = 0;
        for (const auto &item : j["items"])
            weights += item["weight"].get<double>();
        QVERIFY(std::abs(weights - 1) < 1e-9);
        QCOMPARE(runCli({QStringLiteral("exam"), QStringLiteral("take"), project, QStringLiteral("--exam"), QStringLiteral("demo-anchors"), QStringLiteral("--taker"),
                         QStringLiteral("ir:bm25:3")}).code, 0);
        o = runCli({QStringLiteral("exam"), QStringLiteral("estimate"), project, QStringLiteral("--exam"), QStringLiteral("demo-anchors"), QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        j = nlohmann::json::parse(o.out.toStdString());
        QCOMPARE(j.size(), size_t(1));
        QVERIFY(j[0]["low"].get<double>() <= j[0]["accuracy"].get<double>() && j[0]["accuracy"].get<double>() <= j[0]["high"].get<double>());
        QVERIFY(std::abs(j[0]["accuracy"].get<double>() - j[0]["full"].get<double>()) < 0.1);
        QCOMPARE(j[0]["estimated_on"].get<std::string>(), std::string("demo-exam")); // a short form's take: on the parent
        // The plain estimate beside it: the share correct on the 40 items with its binomial interval.
        QCOMPARE(j[0]["plain"]["accuracy"].get<double>(), j[0]["observed"].get<double>());
        QVERIFY(j[0]["plain"]["low"].get<double>() < j[0]["observed"].get<double>() && j[0]["observed"].get<double>() < j[0]["plain"]["high"].get<double>());
        o = runCli({QStringLiteral("exam"), QStringLiteral("estimate"), project, QStringLiteral("--exam"), QStringLiteral("demo-anchors")});
        QCOMPARE(o.code, 0);
        QVERIFY2(o.out.contains(QLatin1String("estimated accuracy on the whole of 'demo-exam'")), qPrintable(o.out));
        // Text mode speaks in words, not JSON.
        o = runCli({QStringLiteral("exam"), QStringLiteral("stats"), project, QStringLiteral("--exam"), QStringLiteral("demo-exam")});
        QCOMPARE(o.code, 0);
        QVERIFY2(o.out.contains(QLatin1String("3644 kept of 3644 generated")) && o.out.contains(QLatin1String("baselines: A ")) &&
                     o.out.contains(QLatin1String("question types: ")) && !o.out.contains(QLatin1Char('{')),
                 qPrintable(o.out));
        o = runCli({QStringLiteral("exam"), QStringLiteral("take"), project, QStringLiteral("--exam"), QStringLiteral("demo-exam"), QStringLiteral("--taker"),
                    QStringLiteral("ir:tfidf:2"), QStringLiteral("--adaptive"), QStringLiteral("se=0.3,max=30"), QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        j = nlohmann::json::parse(o.out.toStdString());
        QCOMPARE(j[0]["taker"].get<std::string>(), std::string("ir:tfidf:2 @adaptive"));
        QVERIFY(j[0]["items_used"].get<int>() >= 1 && j[0]["items_used"].get<int>() <= 30);
        QCOMPARE(j[0]["items"].size(), size_t(j[0]["items_used"].get<int>()));
        QCOMPARE(j[0]["exam_items"].get<int>(), 3644);
        o = runCli({QStringLiteral("exam"), QStringLiteral("validate"), project, QStringLiteral("--exam"), QStringLiteral("demo-exam"), QStringLiteral("--methods"),
                    QStringLiteral("random,anchors"), QStringLiteral("--items"), QStringLiteral("10,20"), QStringLiteral("--folds"), QStringLiteral("5"), QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        j = nlohmann::json::parse(o.out.toStdString());
        QCOMPARE(j["students"].get<int>(), 25); // the adaptive take left out
        QCOMPARE(j["items"].get<int>(), 3644);
        for (const char *method : {"random", "anchors"})
            for (const char *n : {"10", "20"})
                QVERIFY(j["methods"][method][n]["mae"].is_number() && j["methods"][method][n]["kendall_tau"].is_number());
        QCOMPARE(runCli({QStringLiteral("exam"), QStringLiteral("shortform"), project, QStringLiteral("--exam"), QStringLiteral("demo-exam"), QStringLiteral("--name"),
                         QStringLiteral("x"), QStringLiteral("--items"), QStringLiteral("5"), QStringLiteral("--method"), QStringLiteral("best")}).code, 2);
        // auto: the method the validation just measured best at the nearest size (20 for 25 items).
        const auto mae3 = [&](const char *m) { return std::round(j["methods"][m]["20"]["mae"].get<double>() * 1000); }; // a tie to 3 decimals: the first listed
        const QString bestAt20 = QString::fromStdString(mae3("random") <= mae3("anchors") ? "random" : "anchors");
        o = runCli({QStringLiteral("exam"), QStringLiteral("shortform"), project, QStringLiteral("--exam"), QStringLiteral("demo-exam"), QStringLiteral("--name"),
                    QStringLiteral("demo-auto"), QStringLiteral("--items"), QStringLiteral("25"), QStringLiteral("--method"), QStringLiteral("auto"), QStringLiteral("--json")});
        QCOMPARE(o.code, 0);
        QVERIFY2(o.err.contains(QStringLiteral("at 20 items")), qPrintable(o.err));
        QCOMPARE(QString::fromStdString(nlohmann::json::parse(o.out.toStdString())["method"].get<std::string>()), bestAt20);
        QCOMPARE(runCli({QStringLiteral("exam"), QStringLiteral("take"), project, QStringLiteral("--exam"), QStringLiteral("demo-exam"), QStringLiteral("--taker"),
                         QStringLiteral("ir"), QStringLiteral("--adaptive"), QStringLiteral("se=2")}).code, 2);
        QCOMPARE(runCli({QStringLiteral("exam"), QStringLiteral("validate"), project, QStringLiteral("--exam"), QStringLiteral("demo-exam"), QStringLiteral("--methods"),
                         QStringLiteral("psychic")}).code, 1);
    }

};

ASSAY_TEST_GUILESS_MAIN(TestCliExams)

} // namespace tst_cliexams
#include "tst_cliexams.moc"
