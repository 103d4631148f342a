// Human labels and what they make trustworthy (docs/METHODS.md §5.9 and §5.10): the
// prediction-powered interval's coverage simulated over
// 1,000 seeds against the judge-only and the labels-only intervals; Cohen's and Fleiss' κ,
// Wilson and Wald intervals against values computed by hand; the label store's round trip,
// majority and undo; the labels file's checks; the labelling orders.
#include "testmain.h"
#include "analysis/cohenkappa.h"
#include "analysis/judgeagreement.h"
#include "analysis/labelleragreement.h"
#include "analysis/labelqueue.h"
#include "analysis/ppianalysis.h"
#include "analysis/ppiestimate.h"
#include "analysis/runoutcomes.h"
#include "commands/setlabelcommand.h"
#include "project/project.h"
#include "runs/labelsfile.h"
#include "runs/labelstore.h"
#include "runs/runstore.h"
#include "runs/scorer.h"
#include "testlabels.h"

#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <random>

#include <nlohmann/json.hpp>

namespace tst_labels {

using namespace assay;
using assay::test::projectWithRun;


class TestLabels : public QObject {
    Q_OBJECT
private slots:
    // Hand-computed: table both 40, first only 10, second only 5, neither 45 (n = 100):
    // p_o = 0.85, p1 = 0.5, p2 = 0.45, p_e = 0.5·0.45 + 0.5·0.55 = 0.5, κ = 0.7,
    // SE = √(0.85·0.15/100)/0.5 = 0.0714142843, interval 0.7 ± 1.959964·SE.
    void cohenKappaGolden()
    {
        const KappaEstimate k = CohenKappa::of(40, 10, 5, 45);
        QCOMPARE(k.n, 100);
        QVERIFY(qFuzzyCompare(k.observed, 0.85));
        QVERIFY(qFuzzyCompare(k.expected, 0.5));
        QVERIFY(std::abs(*k.kappa - 0.7) < 1e-12);
        QVERIFY(std::abs(*k.low - (0.7 - 1.959963984540054 * 0.0714142842854285)) < 1e-9);
        QVERIFY(std::abs(*k.high - (0.7 + 1.959963984540054 * 0.0714142842854285)) < 1e-9);
        // Chance agreement certain (both always say Correct): no κ.
        QVERIFY(!CohenKappa::of(10, 0, 0, 0).kappa);
        QVERIFY(!CohenKappa::of(0, 0, 0, 0).kappa);
        // Complete disagreement on 3 items (p_o = 0): κ = −0.8 with an interval of some width.
        const KappaEstimate none = CohenKappa::of(0, 1, 2, 0);
        QVERIFY(std::abs(*none.kappa + 0.8) < 1e-12);
        QVERIFY(*none.high - *none.low > 0.1);
        // Perfect disagreement with balanced shares: κ = −1.
        QVERIFY(std::abs(*CohenKappa::of(0, 5, 5, 0).kappa + 1) < 1e-12);
    }
    // Hand-computed Fleiss: three items rated 3 times with 3, 0 and 2 "correct" ratings:
    // P_i = 1, 1, 1/3 → P̄ = 7/9; p = 5/9, P_e = 25/81 + 16/81 = 41/81;
    // κ = (7/9 − 41/81)/(1 − 41/81) = (63 − 41)/(81 − 41) = 0.55; SE = √(2/(3·3·2)) = 1/3.
    void fleissKappaGolden()
    {
        const KappaEstimate k = CohenKappa::fleiss({3, 0, 2, 1}, {3, 3, 3, 1});
        QCOMPARE(k.n, 3); // the item rated once is left out
        QVERIFY(std::abs(*k.kappa - 0.55) < 1e-12);
        QVERIFY(std::abs(*k.low - (0.55 - 1.959963984540054 / 3)) < 1e-12);
    }
    // Wilson for 8 of 10: centre (0.8 + 1.92073/10)/(1 + 3.84146/10), half-width by hand.
    void wilsonAndWaldGolden()
    {
        const auto [lo, hi] = JudgeAgreement::wilson(8, 10);
        QVERIFY(std::abs(lo - 0.4901624) < 1e-6);
        QVERIFY(std::abs(hi - 0.9433178) < 1e-6);
        const auto [wlo, whi] = CohenKappa::wald(0.8, 100);
        QVERIFY(std::abs(wlo - (0.8 - 1.959963984540054 * 0.04)) < 1e-12);
        QVERIFY(std::abs(whi - (0.8 + 1.959963984540054 * 0.04)) < 1e-12);
        QCOMPARE(CohenKappa::wald(1.0, 50).second, 1.0);
    }
    // 10,000 items, true accuracy 0.6, a judge with false-positive rate 0.2 and false-negative
    // rate 0.05 (optimistic: it says 0.65), 300 human labels drawn at random, 1,000 seeds.
    void ppiCoversTheTruth()
    {
        const int items = 10000, labels = 300, seeds = 1000;
        int ppiCovers = 0, judgeCovers = 0, humanCovers = 0, narrower = 0;
        double ppiWidth = 0, humanWidth = 0;
        for (int seed = 1; seed <= seeds; ++seed) {
            std::mt19937_64 random{quint64(seed)};
            std::bernoulli_distribution correct(0.6), falsePositive(0.2), falseNegative(0.05);
            // Items by index (no map of strings per seed: 10 million hashes in all); the first
            // seeds also go through the maps by key, which must give the same estimate.
            std::vector<int> judge(items), truth(items);
            double truthSum = 0;
            qint64 judgedRight = 0;
            for (int i = 0; i < items; ++i) {
                const int y = correct(random);
                truth[size_t(i)] = y;
                truthSum += y;
                judge[size_t(i)] = y ? int(!falseNegative(random)) : int(falsePositive(random));
                judgedRight += judge[size_t(i)];
            }
            QVector<int> order(items);
            std::iota(order.begin(), order.end(), 0);
            std::shuffle(order.begin(), order.end(), random);
            QVector<std::pair<int, int>> labelled;
            for (int j = 0; j < labels; ++j)
                labelled.append({judge[size_t(order[j])], truth[size_t(order[j])]});
            const double trueAccuracy = truthSum / items;
            const PpiEstimate e = PpiEstimator::estimate(items, judgedRight, labelled);
            if (seed <= 5) {
                QHash<QString, int> byKey, human;
                for (int i = 0; i < items; ++i)
                    byKey.insert(QString::number(i), judge[size_t(i)]);
                for (int j = 0; j < labels; ++j)
                    human.insert(QString::number(order[j]), truth[size_t(order[j])]);
                const PpiEstimate keyed = PpiEstimator::estimate(byKey, human);
                QCOMPARE(keyed.ppiAccuracy, e.ppiAccuracy);
                QCOMPARE(keyed.ppiCi, e.ppiCi);
                QCOMPARE(keyed.disagreements, e.disagreements);
            }
            QVERIFY(e.ppiAccuracy);
            QCOMPARE(e.labelled, labels);
            ppiCovers += e.ppiCi.first <= trueAccuracy && trueAccuracy <= e.ppiCi.second;
            judgeCovers += e.judgeCi.first <= trueAccuracy && trueAccuracy <= e.judgeCi.second;
            humanCovers += e.humanCi.first <= trueAccuracy && trueAccuracy <= e.humanCi.second;
            ppiWidth += e.ppiCi.second - e.ppiCi.first;
            humanWidth += e.humanCi.second - e.humanCi.first;
            narrower += (e.ppiCi.second - e.ppiCi.first) < (e.humanCi.second - e.humanCi.first);
            QVERIFY(e.effectiveLabels && *e.effectiveLabels > labels);
            // The projection agrees with the interval today and shrinks with more labels.
            QVERIFY(std::abs(*e.halfWidthWith(0) - (e.ppiCi.second - e.ppiCi.first) / 2) < 1e-9 || e.ppiCi.first == 0 || e.ppiCi.second == 1);
            QVERIFY(*e.halfWidthWith(300) < *e.halfWidthWith(0));
        }
        qInfo("coverage over %d seeds: corrected %.3f, judge only %.3f, labels only %.3f; mean width corrected %.4f, labels only %.4f; "
              "corrected narrower in %d",
              seeds, double(ppiCovers) / seeds, double(judgeCovers) / seeds, double(humanCovers) / seeds, ppiWidth / seeds, humanWidth / seeds, narrower);
        QVERIFY2(ppiCovers >= 930 && ppiCovers <= 970, qPrintable(QString::number(ppiCovers)));
        QVERIFY(judgeCovers < 100); // the judge's bias puts its interval off the truth
        QVERIFY(ppiWidth < humanWidth);
        QVERIFY(narrower > 990);
    }
    void ppiIntervalWithFewLabels()
    {
        // The company/employee case: the judge says correct on 90% of 1,000 items, and the first
        // labels all land on items it called incorrect that people call correct. The raw estimate
        // 0.9 + 1 leaves [0, 1]; clipping only its lower end gave [1.635, 1.0]. At 2, 3 and 5
        // labels the interval lies in [0, 1] and holds the estimate; "as precise as N labels" is
        // never 0; and under 30 labels the estimate says it is not yet reliable. The mirror
        // case (the judge wrong the other way) stays above 0.
        for (const bool high : {true, false})
            for (const int labels : {2, 3, 5}) {
                QHash<QString, int> judge, human;
                for (int i = 0; i < 1000; ++i)
                    judge.insert(QString::number(i), high ? int(i % 10 != 0) : int(i % 10 == 0));
                for (int l = 0; l < labels; ++l)
                    human.insert(QString::number(l * 10), high ? 1 : 0); // judged 0 (high) or 1 (low)
                const PpiEstimate e = PpiEstimator::estimate(judge, human);
                QVERIFY(e.ppiAccuracy);
                const double est = *e.ppiAccuracy;
                QVERIFY2(e.ppiCi.first <= est && est <= e.ppiCi.second, qPrintable(QStringLiteral("%1 labels: %2 [%3, %4]").arg(labels).arg(est).arg(e.ppiCi.first).arg(e.ppiCi.second)));
                QVERIFY(e.ppiCi.first >= 0 && e.ppiCi.second <= 1);
                QCOMPARE(est, high ? 1.0 : 0.0);
                QVERIFY(!e.effectiveLabels || *e.effectiveLabels >= 1);
                QVERIFY(!e.reliable());
                QVERIFY2(e.caution().startsWith(QStringLiteral("not yet reliable: %1 labels").arg(labels)), qPrintable(e.caution()));
                QVERIFY(e.text().contains(QLatin1String("not yet reliable")));
                QCOMPARE(e.toJson()["reliable"].get<bool>(), false);
            }
        // With 30 labels the caution goes.
        QHash<QString, int> judge, human;
        for (int i = 0; i < 300; ++i) {
            judge.insert(QString::number(i), i % 3 != 0);
            if (i < 30)
                human.insert(QString::number(i), i % 4 != 0);
        }
        const PpiEstimate e = PpiEstimator::estimate(judge, human);
        QVERIFY(e.reliable() && e.caution().isEmpty());
        QVERIFY(e.effectiveLabels && *e.effectiveLabels >= 1);
    }

    void ppiDifferenceAndMissing()
    {
        QHash<QString, int> j1, h1, j2, h2;
        for (int i = 0; i < 1000; ++i) {
            const QString k = QString::number(i);
            j1.insert(k, i % 4 != 0); // 0.75
            j2.insert(k, i % 2 == 0); // 0.5
            if (i % 10 == 0) {        // humans: the judge of run 1 is right, run 2's says 1 too often
                h1.insert(k, i % 4 != 0);
                h2.insert(k, 0);
            }
        }
        const PpiDifference d = PpiEstimator::difference(j1, h1, j2, h2);
        QCOMPARE(d.shared, 1000);
        QCOMPARE(d.labelled, 100);
        // run 2 corrected: 0.5 − mean(f2 − 0) on labelled (i%10==0 → all even → f2 = 1) = −0.5 → 0;
        // run 1 corrected 0.75 − 0 → difference 0.75 − 0.5 + 1·… = 0.25 − (0 − 1) = 1.25? no:
        // difference = mean(f1 − f2) − mean((f1 − h1) − (f2 − h2)) = 0.25 − (0 − 1) = 1.25.
        // That raw estimate lies outside [−1, 1], where no difference of accuracies can: it is
        // clipped, and so is its interval.
        QVERIFY(std::abs(*d.ppi - 1.0) < 1e-12);
        QVERIFY(d.ppiCi.first <= *d.ppi && *d.ppi <= d.ppiCi.second && d.ppiCi.first >= -1 && d.ppiCi.second <= 1);
        QVERIFY(!PpiEstimator::estimate(j1, {}).ppiAccuracy);
        QVERIFY(PpiEstimator::estimate(j1, {}).missing.contains(QLatin1String("Labels")));
        QVERIFY(!PpiEstimator::difference(j1, {}, j2, {}).ppi);
        const nlohmann::json json = PpiEstimator::estimate(j1, h1).toJson();
        for (const char *key : {"run", "n", "labelled", "judge_accuracy", "judge_ci", "human_accuracy", "human_ci", "ppi_accuracy", "ppi_ci", "effective_labels"})
            QVERIFY2(json.contains(key), key);
    }
    // Labels round-trip through the project, the majority follows them, undo puts them back,
    // and `human` reads as a judge of the labelled items only.
    void storeRoundTripMajorityAndUndo()
    {
        QTemporaryDir dir;
        auto project = projectWithRun(dir, 30);
        QVERIFY(project);
        LabelStore *store = project->service<LabelStore>();
        const qint64 run = store->runId(QStringLiteral("r")).value();
        const QHash<QString, qint64> ids = store->itemIds(run).value();
        QCOMPARE(ids.size(), 30);
        QUndoStack stack;
        const auto label = [&](const char *key, const char *who, int verdict) {
            HumanLabel l;
            l.itemId = ids.value(QString::fromLatin1(key));
            l.itemKey = QString::fromLatin1(key);
            l.labeller = QString::fromLatin1(who);
            l.verdict = verdict;
            l.rule = QStringLiteral("random");
            stack.push(new SetLabelCommand(store, l));
        };
        label("q0", "ann", 1);
        label("q0", "bob", 0);
        label("q1", "ann", 0);
        label("q1", "bob", 0);
        label("q2", "ann", 1);
        QCOMPARE(store->labels(run).value().size(), 5);
        QCOMPARE(store->labellers(run).value(), (QStringList{QStringLiteral("ann"), QStringLiteral("bob")}));
        // Majority: q0 a tie (no verdict), q1 incorrect, q2 correct.
        auto human = RunOutcomes::load(project->database(), QStringLiteral("r"), {QStringLiteral("human"), QString(), true, true});
        QVERIFY2(human, qPrintable(human.error()));
        QCOMPARE(human.value().outcomes.size(), 2); // only items with a verdict: the tie is not one
        auto ann = RunOutcomes::load(project->database(), QStringLiteral("r"), {QStringLiteral("human:ann"), QString(), true, true});
        QCOMPARE(ann.value().outcomes.size(), 3);
        // The run's own judge is still the default when labels exist.
        auto byDefault = RunOutcomes::load(project->database(), QStringLiteral("r"), {QString(), QString(), true, true});
        QVERIFY2(byDefault, qPrintable(byDefault.error()));
        QCOMPARE(byDefault.value().judge, QStringLiteral("imported"));
        // A relabel replaces, undo restores the earlier verdict, undo again removes.
        label("q2", "ann", 0);
        QCOMPARE(store->labels(run).value().size(), 5);
        stack.undo();
        QCOMPARE(store->labels(run).value().last().verdict, 1);
        stack.undo();
        QCOMPARE(store->labels(run).value().size(), 4);
        stack.redo();
        QCOMPARE(store->labels(run).value().size(), 5);
        // κ between ann and bob on q0, q1: both 0 on q1, split on q0.
        const QVector<LabellerPair> pairs = LabellerAgreement::pairs(store->labels(run).value());
        QCOMPARE(pairs.size(), 1);
        QCOMPARE(pairs.first().kappa.n, 2);
        // A bad labeller name is refused and nothing is written.
        HumanLabel bad;
        bad.itemId = ids.value(QStringLiteral("q3"));
        bad.labeller = QStringLiteral("a:b");
        bad.verdict = 1;
        QVERIFY(!store->set(bad));
        for (const char *reserved : {"human", "Simulated"}) { // the majority, and the demo's labeller
            bad.labeller = QString::fromLatin1(reserved);
            QVERIFY(!store->set(bad));
        }
        bad.labeller = QStringLiteral("simulated");
        bad.simulated = true; // the demo's own labels
        QVERIFY(store->set(bad));
        QVERIFY(store->restore(bad.itemId, bad.labeller, std::nullopt));
        QCOMPARE(store->labels(run).value().size(), 5);
        // Scoring with the human judge is refused before anything is written.
        auto scored = Scorer::score(project->database(), run, QStringLiteral("human"), {});
        QVERIFY(!scored);
        QVERIFY(scored.error().contains(QStringLiteral("Analysis → Labels")));
    }
    // The corrected accuracy of a run from its stored labels.
    void ppiFromTheProject()
    {
        QTemporaryDir dir;
        auto project = projectWithRun(dir, 200);
        QVERIFY(project);
        LabelStore *store = project->service<LabelStore>();
        const qint64 run = store->runId(QStringLiteral("r")).value();
        QVector<HumanLabel> labels;
        for (int i = 0; i < 100; ++i) { // the first half, the truth
            HumanLabel l;
            l.itemKey = QStringLiteral("q%1").arg(i);
            l.itemId = store->itemIds(run).value().value(l.itemKey);
            l.labeller = QStringLiteral("ann");
            l.verdict = i % 2 == 0;
            labels << l;
        }
        QVERIFY(store->setMany(labels));
        auto e = PpiAnalysis::forRun(project->database(), QStringLiteral("r"), QStringLiteral("imported"), QStringLiteral("human"), false);
        QVERIFY2(e, qPrintable(e.error()));
        QCOMPARE(e.value().n, 200);
        QCOMPARE(e.value().labelled, 100);
        QVERIFY(std::abs(e.value().judgeAccuracy - 0.5) < 1e-12); // +20 optimistic, −20 cynical
        QVERIFY(std::abs(*e.value().humanAccuracy - 0.5) < 1e-12);
        // The judge errs on 20 of the labelled items, 10 each way: the correction is 0.
        QVERIFY(std::abs(*e.value().ppiAccuracy - 0.5) < 1e-12);
        QVERIFY(!PpiAnalysis::forRun(project->database(), QStringLiteral("r"), QStringLiteral("human"), QStringLiteral("human"), false));
    }
    void labelsFileChecksEveryRow()
    {
        const QHash<QString, qint64> ids{{QStringLiteral("q1"), 11}, {QStringLiteral("q,2"), 12}};
        auto good = LabelsFile::parse("item_id,verdict,labeller\nq1,1,ann\n\"q,2\",incorrect,bob\n", QStringLiteral("l.csv"), ids);
        QVERIFY2(good, qPrintable(good.error()));
        QCOMPARE(good.value().size(), 2);
        QCOMPARE(good.value()[1].itemId, 12);
        QCOMPARE(good.value()[1].verdict, 0);
        // Round trip through write().
        auto again = LabelsFile::parse(LabelsFile::write(good.value()), QStringLiteral("again.csv"), ids);
        QVERIFY(again);
        QCOMPARE(again.value().size(), 2);
        QCOMPARE(again.value()[1].itemKey, QStringLiteral("q,2"));
        const QList<std::pair<QByteArray, QString>> bad{
            {"item_id,verdict,labeller\nq1,1,ann\nq9,1,ann\n", QStringLiteral("l.csv:3: item_id 'q9' is not an item of the run")},
            {"item_id,verdict,labeller\nq1,yes,ann\n", QStringLiteral("l.csv:2: verdict 'yes'")},
            {"item_id,verdict,labeller\nq1,1,\n", QStringLiteral("l.csv:2: labeller:")},
            {"item_id,verdict,labeller\nq1,1,ann\nq1,0,ann\n", QStringLiteral("l.csv:3: item 'q1' is labelled twice by ann")},
            {"item,verdict,labeller\nq1,1,ann\n", QStringLiteral("l.csv:1: the header must name")},
        };
        for (const auto &[bytes, expected] : bad) {
            auto r = LabelsFile::parse(bytes, QStringLiteral("l.csv"), ids);
            QVERIFY(!r);
            QVERIFY2(r.error().startsWith(expected), qPrintable(r.error()));
        }
    }
    void labellingOrders()
    {
        QTemporaryDir dir;
        auto project = projectWithRun(dir, 60);
        QVERIFY(project);
        Database &db = project->database();
        auto a = LabelQueue::order(db, QStringLiteral("r"), LabelQueue::Rule::Random, 7);
        auto b = LabelQueue::order(db, QStringLiteral("r"), LabelQueue::Rule::Random, 7);
        auto c = LabelQueue::order(db, QStringLiteral("r"), LabelQueue::Rule::Random, 8);
        QVERIFY(a && b && c);
        QCOMPARE(a.value().items.size(), 60);
        QCOMPARE(a.value().items, b.value().items);
        QVERIFY(a.value().items != c.value().items);
        // Stratified: the judge's verdicts alternate while both strata last.
        auto s = LabelQueue::order(db, QStringLiteral("r"), LabelQueue::Rule::Stratified, 7);
        QVERIFY(s);
        const QHash<qint64, int> verdicts = RunStore(db).verdicts(project->service<LabelStore>()->runId(QStringLiteral("r")).value(), QStringLiteral("imported"),
                                                                   QStringLiteral("answer")).value();
        for (int i = 0; i + 1 < 20; i += 2)
            QVERIFY(verdicts.value(s.value().items[i]) != verdicts.value(s.value().items[i + 1]));
        // Disagreement with one judge falls back to random and says so.
        auto d = LabelQueue::order(db, QStringLiteral("r"), LabelQueue::Rule::Disagreement, 7);
        QVERIFY(d);
        QVERIFY(d.value().note.contains(QLatin1String("two scoring judges")));
        // A judge asked three times, split on q5 and q7 only: those come first.
        QVector<RunStore::Judgement> rows;
        const QHash<QString, qint64> ids = project->service<LabelStore>()->itemIds(project->service<LabelStore>()->runId(QStringLiteral("r")).value()).value();
        for (auto it = ids.cbegin(); it != ids.cend(); ++it) {
            const bool split = it.key() == QLatin1String("q5") || it.key() == QLatin1String("q7");
            rows.append({it.value(), 1, std::nullopt, split ? QStringLiteral("votes 1 0 1; Correct") : QStringLiteral("votes 1 1 1; Correct")});
        }
        QVERIFY(RunStore(db).replaceJudgements(project->service<LabelStore>()->runId(QStringLiteral("r")).value(), QStringLiteral("llm:x"), QStringLiteral("answer"), rows));
        auto repeated = LabelQueue::order(db, QStringLiteral("r"), LabelQueue::Rule::Disagreement, 7);
        QVERIFY(repeated);
        const QSet<qint64> firstTwo{repeated.value().items[0], repeated.value().items[1]};
        QCOMPARE(firstTwo, (QSet<qint64>{ids.value(QStringLiteral("q5")), ids.value(QStringLiteral("q7"))}));
        QCOMPARE(LabelQueue::parseRule(QStringLiteral("stratified")), LabelQueue::Rule::Stratified);
        QVERIFY(!LabelQueue::parseRule(QStringLiteral("other")));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestLabels)

} // namespace tst_labels
#include "tst_labels.moc"
