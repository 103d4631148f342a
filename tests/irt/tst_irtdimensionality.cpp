// The dimensionality check (issue 50 item 1, docs/METHODS.md §9.17): Spearman by hand, Yen's Q3
// against a plain pairwise loop, and the verdict on simulated one- and two-dimensional
// populations, the second dimension named after the students' factor.
#include "testmain.h"
#include "irt/irtdimensionality.h"
#include "irt/irtfitter.h"
#include "irt/irtjson.h"
#include "irt/irtsearch.h"
#include "irt/irtsimulation.h"

#include <QRandomGenerator>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <random>

namespace tst_irtdimensionality {

using namespace assay;

namespace {

// Two traits, bifactor-like: every item measures the general θ₁, the second half also θ₂,
// which is mostly the student's family (two families, ±1.2) — the retriever family of
// issue 50's data, which helps on some items and not on others.
IrtData twoTraits(int students, int items, quint64 seed)
{
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal(0, 1);
    std::uniform_real_distribution<double> uniform(0, 1);
    IrtData d;
    d.factors = {QStringLiteral("retriever")};
    std::vector<double> t1(static_cast<size_t>(students)), t2(static_cast<size_t>(students));
    for (int s = 0; s < students; ++s) {
        const bool tfidf = s % 2 == 0;
        d.students << QStringLiteral("s%1").arg(s);
        d.levels << QStringList{tfidf ? QStringLiteral("tfidf") : QStringLiteral("bm25")};
        t1[size_t(s)] = normal(rng);
        t2[size_t(s)] = (tfidf ? 1.5 : -1.5) + 0.3 * normal(rng);
    }
    std::vector<double> a(static_cast<size_t>(items)), b(static_cast<size_t>(items));
    for (int j = 0; j < items; ++j) {
        d.items << QStringLiteral("i%1").arg(j);
        a[size_t(j)] = 1.0 + uniform(rng);
        b[size_t(j)] = normal(rng);
    }
    d.responses.resize(students);
    for (int s = 0; s < students; ++s)
        for (int j = 0; j < items; ++j) {
            const double theta = j < items / 2 ? t1[size_t(s)] : t1[size_t(s)] + t2[size_t(s)];
            d.responses[s] << qint8(uniform(rng) < IrtFitter::probability(a[size_t(j)], b[size_t(j)], 0, theta) ? 1 : 0);
        }
    return d;
}

} // namespace

class TestIrtDimensionality : public QObject {
    Q_OBJECT

private slots:
    void spearmanByHand()
    {
        QCOMPARE(IrtDimensionality::spearman({1, 2, 3, 4}, {10, 20, 30, 40}), 1.0);
        QCOMPARE(IrtDimensionality::spearman({1, 2, 3, 4}, {4, 3, 2, 1}), -1.0);
        // Ties get their mean rank: x ranks 1, 2.5, 2.5, 4; y ranks 1, 3, 2, 4.
        // Pearson of those: cov 1.25·… worked out: Σdx·dy = 4.5, Σdx² = 4.5, Σdy² = 5 → 0.9487.
        QVERIFY(std::abs(IrtDimensionality::spearman({1, 2, 2, 3}, {1, 3, 2, 4}) - 4.5 / std::sqrt(4.5 * 5)) < 1e-12);
        QVERIFY(std::isnan(IrtDimensionality::spearman({1, 1, 1}, {1, 2, 3})));
    }

    // The blocked products give every pair's Q3 exactly as a plain loop over the students who
    // answered both does, with missing cells and without (the correlation product), and over a
    // block boundary: 300 items.
    void q3AgreesWithAPlainLoop_data()
    {
        QTest::addColumn<double>("missing");
        QTest::newRow("missing cells") << 0.2;
        QTest::newRow("every cell answered") << 0.0;
    }

    void q3AgreesWithAPlainLoop()
    {
        QFETCH(double, missing);
        IrtSimulationSpec spec;
        spec.students = 40;
        spec.items = 300;
        spec.missing = missing;
        spec.seed = 7;
        const IrtSimulation sim = IrtSimulation::generate(spec);
        QVector<IrtItem> items(sim.items.begin(), sim.items.end());
        const QVector<double> theta(sim.theta.begin(), sim.theta.end());
        const auto check = IrtDimensionality::check(sim.data, items, theta, true);
        QVERIFY(check.computed);
        double max = 0, sum = 0, best = -1;
        qint64 pairs = 0;
        for (int j = 0; j < spec.items; ++j)
            for (int k = j + 1; k < spec.items; ++k) {
                double n = 0, sj = 0, sk = 0, sjj = 0, skk = 0, sjk = 0;
                for (int s = 0; s < spec.students; ++s) {
                    const qint8 uj = sim.data.responses[s][j], uk = sim.data.responses[s][k];
                    if (uj < 0 || uk < 0)
                        continue;
                    const double rj = uj - IrtFitter::probability(items[j].a, items[j].b, items[j].c, theta[s]);
                    const double rk = uk - IrtFitter::probability(items[k].a, items[k].b, items[k].c, theta[s]);
                    n += 1, sj += rj, sk += rk, sjj += rj * rj, skk += rk * rk, sjk += rj * rk;
                }
                const double vj = n * sjj - sj * sj, vk = n * skk - sk * sk;
                if (n < 10 || vj <= 1e-12 || vk <= 1e-12)
                    continue;
                const double q = (n * sjk - sj * sk) / std::sqrt(vj * vk);
                max = std::max(max, std::abs(q));
                best = std::max(best, q);
                sum += q;
                ++pairs;
            }
        QVERIFY2(std::abs(check.q3Max - max) < 1e-5, qPrintable(QStringLiteral("%1 vs %2").arg(check.q3Max).arg(max)));
        QVERIFY(std::abs(check.q3Mean - sum / double(pairs)) < 1e-6);
        QCOMPARE(check.q3Worst.size(), 10);
        QVERIFY(check.q3Worst[0].q3 >= check.q3Worst[9].q3);
        QVERIFY2(std::abs(check.q3Worst[0].q3 - best) < 1e-9, qPrintable(QStringLiteral("%1 vs %2").arg(check.q3Worst[0].q3).arg(best)));
    }

    // One trait: one dominant eigenvalue, θ ranks as the share correct does, no factor named.
    void oneDimensionIsSaid()
    {
        IrtSimulationSpec spec;
        spec.students = 300;
        spec.items = 60;
        spec.cMax = 0;
        spec.seed = 11;
        IrtSimulation sim = IrtSimulation::generate(spec);
        // A factor that has nothing to do with the answers is not named.
        sim.data.factors = {QStringLiteral("retriever")};
        for (int s = 0; s < spec.students; ++s)
            sim.data.levels << QStringList{s % 3 == 0 ? QStringLiteral("bm25") : s % 3 == 1 ? QStringLiteral("tfidf") : QStringLiteral("keyword")};
        IrtOptions options;
        options.model = IrtOptions::Model::TwoPL;
        auto fit = IrtSearch::run(sim.data, options);
        QVERIFY2(fit, qPrintable(fit.error()));
        const auto &d = fit.value().dimensionality;
        qInfo("one trait: %s", qPrintable(d.summary()));
        QVERIFY(d.computed);
        QVERIFY2(d.unidimensional, qPrintable(d.summary()));
        QVERIFY(d.eigenRatio >= 3);
        QVERIFY(d.thetaAccuracySpearman >= 0.95);
        QVERIFY(d.thetaWeightedScoreSpearman >= 0.95);
        QVERIFY(d.warning().isEmpty());
        QVERIFY2(d.secondDimensionFactor.isEmpty(), qPrintable(QString::number(d.secondDimensionEta2)));
        const nlohmann::json j = IrtJson::fit(fit.value());
        for (const char *key : {"q3_max", "q3_mean_abs", "eigen_ratio", "theta_accuracy_spearman", "unidimensional"})
            QVERIFY2(j["dimensionality"].contains(key), key);
        QCOMPARE(j["dimensionality"]["unidimensional"].get<bool>(), true);
    }

    // Two traits, the second the students' family: the fit says so and names the factor.
    void aSecondDimensionIsNamed()
    {
        const IrtData data = twoTraits(240, 120, 5);
        IrtOptions options;
        options.model = IrtOptions::Model::TwoPL;
        auto fit = IrtSearch::run(data, options);
        QVERIFY2(fit, qPrintable(fit.error()));
        const auto &d = fit.value().dimensionality;
        qInfo("two traits: %s", qPrintable(d.summary()));
        QVERIFY(d.computed);
        QVERIFY2(!d.unidimensional, qPrintable(d.summary()));
        QVERIFY2(d.q3PairsAbove * 100 > 60 * 59 / 2, "local dependence among the family's items");
        QCOMPARE(d.secondDimensionFactor, QStringLiteral("retriever"));
        QVERIFY(d.secondDimensionEta2 >= 0.2 && d.secondDimensionP < 0.01);
        QVERIFY(d.warning().contains(QLatin1String("the second follows the retriever")));
        QVERIFY(fit.value().warnings.join(QLatin1Char('\n')).contains(QLatin1String("more than one dimension")));
        QCOMPARE(IrtJson::fit(fit.value())["dimensionality"]["second_dimension_factor"].get<std::string>(), std::string("retriever"));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestIrtDimensionality)

} // namespace tst_irtdimensionality

#include "tst_irtdimensionality.moc"
