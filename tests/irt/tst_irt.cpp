// The IRT fitter (issue "Item response theory", in progress): likelihood gradient against
// finite differences (1PL/2PL/3PL, flat and hierarchical, with missing cells), hierarchical
// factor effects recovered on simulated data, and Lord's information (peak right of b when
// c > 0; the 2PL formula when c = 0).
#include "irt/irtfitter.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace assay;

namespace {
// Responses drawn from known parameters; ~5% of cells missing when asked.
IrtData simulate(int students, int items, std::mt19937_64 &random, std::vector<double> *theta, std::vector<IrtItem> *truth, bool missing = false)
{
    std::normal_distribution<double> normal(0, 1);
    std::uniform_real_distribution<double> uniform(0, 1);
    IrtData d;
    for (int s = 0; s < students; ++s) {
        d.students << QStringLiteral("s%1").arg(s);
        theta->push_back(std::clamp(normal(random), -3.0, 3.0));
    }
    for (int i = 0; i < items; ++i) {
        d.items << QStringLiteral("i%1").arg(i);
        truth->push_back({d.items.last(), 0.8 + 1.2 * uniform(random), std::clamp(normal(random), -2.5, 2.5), 0.1 + 0.15 * uniform(random)});
    }
    for (int s = 0; s < students; ++s) {
        QVector<qint8> row;
        for (int i = 0; i < items; ++i) {
            const IrtItem &t = (*truth)[size_t(i)];
            row << qint8(missing && uniform(random) < 0.05 ? -1 : uniform(random) < IrtFitter::probability(t.a, t.b, t.c, (*theta)[size_t(s)]) ? 1 : 0);
        }
        d.responses << row;
    }
    return d;
}
} // namespace

class TestIrt : public QObject {
    Q_OBJECT
private slots:
    void gradientMatchesFiniteDifferences_data()
    {
        QTest::addColumn<int>("model");
        QTest::addColumn<bool>("hierarchical");
        QTest::newRow("1pl") << int(IrtOptions::Model::OnePL) << false;
        QTest::newRow("2pl") << int(IrtOptions::Model::TwoPL) << false;
        QTest::newRow("3pl") << int(IrtOptions::Model::ThreePL) << false;
        QTest::newRow("3pl hierarchical") << int(IrtOptions::Model::ThreePL) << true;
    }
    void gradientMatchesFiniteDifferences()
    {
        QFETCH(int, model);
        QFETCH(bool, hierarchical);
        std::mt19937_64 random(3);
        std::vector<double> theta;
        std::vector<IrtItem> truth;
        IrtData d = simulate(6, 5, random, &theta, &truth, true);
        d.factors = {QStringLiteral("llm"), QStringLiteral("retriever")};
        for (int s = 0; s < 6; ++s)
            d.levels << QStringList{QStringLiteral("L%1").arg(s % 2), QStringLiteral("R%1").arg(s % 3)};
        IrtOptions options;
        options.model = IrtOptions::Model(model);
        options.hierarchical = hierarchical;
        const int n = IrtFitter::parameterCount(d, options);
        std::uniform_real_distribution<double> u(0.2, 0.8);
        std::vector<double> x(static_cast<size_t>(n));
        for (double &v : x)
            v = u(random);
        std::vector<double> g;
        IrtFitter::objective(d, options, x, &g);
        for (int k = 0; k < n; ++k) {
            const double h = 1e-6;
            std::vector<double> up = x, down = x;
            up[size_t(k)] += h;
            down[size_t(k)] -= h;
            const double numeric = (IrtFitter::objective(d, options, up, nullptr) - IrtFitter::objective(d, options, down, nullptr)) / (2 * h);
            QVERIFY2(std::abs(numeric - g[size_t(k)]) < 1e-5 * std::max(1.0, std::abs(numeric)), qPrintable(QStringLiteral("parameter %1: %2 vs %3").arg(k).arg(numeric).arg(g[size_t(k)])));
        }
    }

    void hierarchicalEffects()
    {
        // Students are combinations of an LLM (strong / weak) and a retriever (good / bad):
        // θ = llm effect + retriever effect. The fitted effects keep the differences' signs
        // and rough sizes.
        std::mt19937_64 random(7);
        std::uniform_real_distribution<double> uniform(0, 1);
        std::normal_distribution<double> normal(0, 1);
        IrtData d;
        d.factors = {QStringLiteral("llm"), QStringLiteral("retriever")};
        std::vector<IrtItem> items;
        for (int i = 0; i < 400; ++i) {
            d.items << QStringLiteral("i%1").arg(i);
            items.push_back({d.items.last(), 1.0 + 0.5 * uniform(random), normal(random), 0.0});
        }
        for (int s = 0; s < 40; ++s) {
            const bool strong = s % 2 == 0, good = s % 4 < 2;
            const double theta = (strong ? 1.0 : -0.5) + (good ? 0.5 : -0.5);
            d.students << QStringLiteral("s%1").arg(s);
            d.levels << QStringList{strong ? QStringLiteral("strong") : QStringLiteral("weak"), good ? QStringLiteral("good") : QStringLiteral("bad")};
            QVector<qint8> row;
            for (const IrtItem &it : items)
                row << qint8(uniform(random) < IrtFitter::probability(it.a, it.b, 0, theta) ? 1 : 0);
            d.responses << row;
        }
        IrtOptions options;
        options.model = IrtOptions::Model::TwoPL;
        options.hierarchical = true;
        auto fit = IrtFitter::fit(d, options);
        QVERIFY2(fit.ok(), qPrintable(fit.error()));
        const auto llm = fit.value().factors.value(QStringLiteral("llm"));
        const auto retriever = fit.value().factors.value(QStringLiteral("retriever"));
        QCOMPARE(llm.size(), 2);
        QCOMPARE(llm[0].first, QStringLiteral("strong"));
        QCOMPARE(llm[0].second, 0.0); // relative to the first level
        QVERIFY2(llm[1].second < -0.9 && llm[1].second > -2.2, qPrintable(QString::number(llm[1].second))); // weak: −1.5
        QCOMPARE(retriever[0].first, QStringLiteral("good"));
        QVERIFY2(retriever[1].second < -0.5 && retriever[1].second > -1.6, qPrintable(QString::number(retriever[1].second))); // bad: −1.0
        QVERIFY(IrtFitter::fit(IrtData{d.students, d.items, d.responses, {}, {}}, options).error().contains(QLatin1String("factors")));
    }

    void lordInformation()
    {
        // c = 0: the 2PL formula a²·P·(1 − P), peaking at b.
        for (double t : {-1.0, 0.0, 0.7, 2.0}) {
            const double p = IrtFitter::probability(1.3, 0.5, 0, t);
            QVERIFY(std::abs(IrtFitter::information(1.3, 0.5, 0, t) - 1.3 * 1.3 * p * (1 - p)) < 1e-12);
        }
        // c > 0: the peak moves right of b.
        double best = -10, bestInfo = -1;
        for (int k = 0; k <= 6000; ++k) {
            const double t = -3 + k * 0.001;
            const double info = IrtFitter::information(1.5, 0.2, 0.25, t);
            if (info > bestInfo)
                bestInfo = info, best = t;
        }
        QVERIFY2(best > 0.2 + 0.05, qPrintable(QString::number(best)));
    }
};

QTEST_GUILESS_MAIN(TestIrt)
#include "tst_irt.moc"
