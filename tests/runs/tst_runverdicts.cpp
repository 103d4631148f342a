// A run's verdicts read in one pass (RunResultStore::verdictsOf, RunVerdicts): judges named in
// SQLite's byte order, each item's verdict by judge; checked against one SQL lookup per item and
// judge on runs whose ids form one range and on runs whose items interleave with another's, and
// the analysis's outcomes against the store's own per-item join.
#include "testmain.h"
#include "analysis/runoutcomes.h"
#include "project/database.h"
#include "project/project.h"
#include "runs/runresultstore.h"
#include "runs/runverdicts.h"
#include "testsettings.h"

#include <QtTest>

#include <random>

namespace tst_runverdicts {

using namespace assay;
using Aspect = RunVerdicts::Aspect;

class TestRunVerdicts : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;
    const QStringList m_answerJudges{QStringLiteral("contains"), QStringLiteral("Zeta"), QStringLiteral("human:ana"), QStringLiteral("llm:ré")};
    const QStringList m_retrievalJudges{QStringLiteral("covered"), QStringLiteral("top1")};

    Database &db() { return m_project->database(); }

    // The verdict one SQL lookup finds: none for no row and for a NULL verdict.
    std::optional<int> lookedUp(qint64 item, const QString &judge, const QString &aspect)
    {
        std::optional<int> out;
        auto s = db().first(QStringLiteral("SELECT verdict FROM judgement WHERE run_item_id = ? AND judge = ? AND aspect = ?"), {item, judge, aspect},
                            [&](const Statement &r) {
                                if (!r.isNull(0))
                                    out = int(r.integer(0));
                            });
        if (!s)
            qFatal("%s", qPrintable(s.error()));
        return out;
    }

private slots:
    void initTestCase()
    {
        test::isolateSettings();
        auto project = Project::create(m_dir.filePath(QStringLiteral("verdicts.assay")));
        QVERIFY2(project.ok(), qPrintable(project.error()));
        m_project = project.take();
        // Runs 1 and 2 take turns (their ids interleave); run 3's ids are one range; run 4 has no
        // judgement at all. Each judge leaves some items without a row and some with NULL.
        QVERIFY(db().exec(QStringLiteral("INSERT INTO run(id, name, created_at) VALUES (1, 'a', 'now'), (2, 'b', 'now'), (3, 'c', 'now'), (4, 'd', 'now')")).ok());
        std::mt19937 random(11);
        qint64 id = 0;
        const auto addItem = [&](int run) {
            ++id;
            QVERIFY(db().run(QStringLiteral("INSERT INTO run_item(id, run_id, item_key, query, gold, status, group_key) VALUES (?, ?, ?, 'q', 'g', ?, 'g1')"),
                             {id, run, QStringLiteral("k%1").arg(id), id % 17 == 0 ? QStringLiteral("pending") : QStringLiteral("done")})
                        .ok());
            if (run == 4)
                return;
            for (const auto &[aspect, judges] : {std::pair{QStringLiteral("answer"), m_answerJudges}, std::pair{QStringLiteral("retrieval"), m_retrievalJudges}})
                for (const QString &judge : judges) {
                    const unsigned draw = random() % 10;
                    if (draw == 0 || (run == 2 && judge == QLatin1String("Zeta")))
                        continue; // no row (judge Zeta never judged run b)
                    const QVariant verdict = draw == 1 ? QVariant() : QVariant(int(draw % 2));
                    QVERIFY(db().run(QStringLiteral("INSERT INTO judgement(run_item_id, judge, aspect, verdict) VALUES (?, ?, ?, ?)"), {id, judge, aspect, verdict}).ok());
                }
        };
        for (int i = 0; i < 300; ++i)
            addItem(1 + i % 2);
        for (int i = 0; i < 200; ++i)
            addItem(3);
        for (int i = 0; i < 5; ++i)
            addItem(4);
    }

    void tableByIdAndBySlot()
    {
        for (const bool byId : {true, false}) {
            RunVerdicts v = byId ? RunVerdicts(10, 12) : RunVerdicts();
            v.add(10, Aspect::Answer, "b", 1);
            v.add(11, Aspect::Answer, "b", std::nullopt);
            v.add(12, Aspect::Answer, "B", 0);
            v.add(12, Aspect::Retrieval, "b", 0);
            v.add(10, Aspect::Answer, "\xc3\xa9", 1); // é sorts after every ASCII name, as in SQLite
            v.finish();
            QCOMPARE(v.judges(Aspect::Answer), (QStringList{QStringLiteral("B"), QStringLiteral("b"), QStringLiteral("é")}));
            QCOMPARE(v.judges(Aspect::Retrieval), QStringList{QStringLiteral("b")});
            const int b = v.indexOf(Aspect::Answer, QStringLiteral("b"));
            QCOMPARE(v.verdict(10, Aspect::Answer, b), std::optional<int>(1));
            QCOMPARE(v.verdict(11, Aspect::Answer, b), std::nullopt); // NULL: unreadable
            QCOMPARE(v.verdict(12, Aspect::Answer, b), std::nullopt); // no row
            QCOMPARE(v.verdict(12, Aspect::Answer, v.indexOf(Aspect::Answer, QStringLiteral("B"))), std::optional<int>(0));
            QCOMPARE(v.verdict(12, Aspect::Retrieval, 0), std::optional<int>(0));
            QCOMPARE(v.verdict(10, Aspect::Retrieval, 0), std::nullopt);
            QCOMPARE(v.verdict(99, Aspect::Answer, b), std::nullopt); // not the run's
            QCOMPARE(v.verdict(10, Aspect::Answer, -1), std::nullopt); // a judge the run lacks
            QCOMPARE(v.indexOf(Aspect::Answer, QStringLiteral("missing")), -1);
        }
    }

    void everyVerdictAsOneLookupFindsIt()
    {
        RunResultStore store(db());
        for (qint64 run : {1, 2, 3, 4}) {
            auto v = store.verdictsOf(run);
            QVERIFY2(v.ok(), qPrintable(v.error()));
            // The judges as SQLite's DISTINCT … ORDER BY names them.
            QStringList answer, retrieval;
            QVERIFY(db().each(QStringLiteral("SELECT DISTINCT j.aspect, j.judge FROM judgement j JOIN run_item i ON i.id = j.run_item_id WHERE i.run_id = ? "
                                             "ORDER BY j.aspect, j.judge"),
                              {run}, [&](const Statement &r) { (r.text(0) == QLatin1String("answer") ? answer : retrieval) << r.text(1); })
                          .ok());
            QCOMPARE(v.value().judges(Aspect::Answer), answer);
            QCOMPARE(v.value().judges(Aspect::Retrieval), retrieval);
            QCOMPARE(store.judgesOf(run).value().answer, answer);
            if (run == 2)
                QVERIFY(!answer.contains(QStringLiteral("Zeta")));
            if (run == 4)
                QVERIFY(answer.isEmpty() && retrieval.isEmpty());
            int compared = 0;
            QVERIFY(db().each(QStringLiteral("SELECT id FROM run_item WHERE run_id = ?"), {run}, [&](const Statement &r) {
                          const qint64 item = r.integer(0);
                          for (int j = 0; j < answer.size(); ++j, ++compared)
                              QCOMPARE(v.value().verdict(item, Aspect::Answer, j), lookedUp(item, answer[j], QStringLiteral("answer")));
                          for (int j = 0; j < retrieval.size(); ++j, ++compared)
                              QCOMPARE(v.value().verdict(item, Aspect::Retrieval, j), lookedUp(item, retrieval[j], QStringLiteral("retrieval")));
                      }).ok());
            QCOMPARE(compared, run == 4 ? 0 : run == 3 ? 200 * 6 : 150 * (run == 2 ? 5 : 6));
        }
    }

    void outcomesCarryTheStoresJoinedVerdicts()
    {
        // The analysis's outcomes take their verdicts from verdictsOf; the store's per-item join
        // (forEachExecuted with judges) is the reference.
        RunResultStore store(db());
        for (const QString &run : {QStringLiteral("a"), QStringLiteral("c")}) {
            const qint64 runId = run == QLatin1String("a") ? 1 : 3;
            RunOutcomes::Options options;
            options.judge = QStringLiteral("llm:ré");
            options.retrievalJudge = QStringLiteral("top1");
            options.closedDomain = false;
            auto loaded = RunOutcomes::load(db(), run, options);
            QVERIFY2(loaded.ok(), qPrintable(loaded.error()));
            auto joined = store.executed(runId, options.judge, options.retrievalJudge, false);
            QVERIFY(joined.ok());
            QCOMPARE(loaded.value().outcomes.size(), joined.value().size());
            QVERIFY(joined.value().size() < (run == QLatin1String("a") ? 150 : 200)); // pending items are left out
            for (qsizetype i = 0; i < joined.value().size(); ++i) {
                QCOMPARE(loaded.value().outcomes[i].itemId, joined.value()[i].id);
                QCOMPARE(loaded.value().outcomes[i].verdict, joined.value()[i].verdict);
                QCOMPARE(loaded.value().outcomes[i].retrievalVerdict, joined.value()[i].retrievalVerdict);
            }
        }
    }
};

ASSAY_TEST_GUILESS_MAIN(TestRunVerdicts)

} // namespace tst_runverdicts
#include "tst_runverdicts.moc"
