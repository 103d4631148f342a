// Newton steps on the marginal likelihood (docs/METHODS.md §9.7): they reach the fixed point a
// long plain EM reaches — by Woodbury over the students on a wide matrix and densely over the
// parameters on a tall one; for the 1PL with its common a (the arrow); with items whose a the
// box cuts (pinned on the bound) —, every accepted step lowers the −log L, a
// step that finds no lower point moves nothing, and the 3PL fit with them ends no higher than
// the EM alone after the same start.
#include "testmain.h"
#include "irt/irtmarginal.h"
#include "irt/irtmarginalengine.h"
#include "irt/irtmarginalnewton.h"
#include "irt/irtsimulation.h"

#include <QtTest>

#include <cmath>

namespace tst_irtmarginalnewton {

using namespace assay;

namespace {

using Params = IrtMarginalEngine::Params;

// a = 1, b = −logit(share correct): the fit's own start without one given.
Params plainStart(const IrtData &data)
{
    Params x;
    for (int j = 0; j < data.items.size(); ++j) {
        int right = 0, answered = 0;
        for (const auto &row : data.responses)
            if (row[j] >= 0)
                right += row[j], ++answered;
        const double share = (right + 0.5) / (answered + 1.0);
        x.push_back({1.0, -std::log(share / (1.0 - share)), 0.0});
    }
    return x;
}

Params startFromOnePl(const IrtData &data)
{
    IrtMarginal::Options o;
    o.model = IrtOptions::Model::OnePL;
    auto one = IrtMarginal::fit(data, o);
    if (!one)
        qFatal("1PL: %s", qPrintable(one.error()));
    Params x;
    for (const IrtItem &it : one.value().items)
        x.push_back({it.a, it.b, 0.0});
    return x;
}

double maxDifference(const Params &x, const Params &y)
{
    double d = 0;
    for (size_t j = 0; j < x.size(); ++j)
        for (size_t u = 0; u < 3; ++u)
            d = std::max(d, std::abs(x[j][u] - y[j][u]));
    return d;
}

} // namespace

class TestIrtMarginalNewton : public QObject {
    Q_OBJECT
private slots:
    void reachesTheEmFixedPoint_data()
    {
        QTest::addColumn<int>("students");
        QTest::addColumn<int>("items");
        QTest::addColumn<int>("model");
        QTest::addColumn<double>("aMax");
        const int one = int(IrtOptions::Model::OnePL), two = int(IrtOptions::Model::TwoPL);
        QTest::newRow("wide: Woodbury over 40 students") << 40 << 150 << two << 4.0;
        QTest::newRow("tall: dense over 30 parameters") << 500 << 15 << two << 4.0;
        QTest::newRow("1PL wide: the common a's arrow, Woodbury") << 40 << 150 << one << 4.0;
        QTest::newRow("1PL tall: the common a's arrow, dense") << 500 << 15 << one << 4.0;
        QTest::newRow("wide, a ≤ 1.1: steps pinned on the bound") << 40 << 150 << two << 1.1;
    }
    void reachesTheEmFixedPoint()
    {
        QFETCH(int, students);
        QFETCH(int, items);
        QFETCH(int, model);
        QFETCH(double, aMax);
        const IrtSimulation sim = IrtSimulation::twoPl(students, items, 11);
        IrtBounds bounds = IrtBounds::preset(QStringLiteral("default")).value();
        bounds.aMax = aMax;
        const auto m = IrtOptions::Model(model);
        const Params start = m == IrtOptions::Model::OnePL ? plainStart(sim.data) : startFromOnePl(sim.data);

        // The reference: plain EM steps, as many as it takes.
        IrtMarginalEngine em(sim.data, m, bounds, IrtMarginal::DefaultNodes, false);
        Params reference = start;
        em.clamp(&reference); // into the box, as the fit does
        double emNll = em.eStep(reference);
        for (int step = 0; step < 20000; ++step) {
            em.mStep(&reference);
            const double next = em.eStep(reference);
            const bool done = emNll - next < 1e-10;
            emNll = next;
            if (done)
                break;
        }

        IrtMarginalEngine engine(sim.data, m, bounds, IrtMarginal::DefaultNodes, true);
        IrtMarginalNewton newton(engine);
        Params x = start;
        engine.clamp(&x);
        double nll = engine.eStep(x);
        int accepted = 0;
        for (int step = 0; step < 100; ++step) {
            if (!newton.step(&x))
                break;
            QVERIFY2(engine.lastNll() < nll, "an accepted step lowers the −log L");
            nll = engine.lastNll();
            ++accepted;
        }
        QVERIFY(accepted >= 3);
        QVERIFY2(accepted < 60, qPrintable(QStringLiteral("%1 steps").arg(accepted)));
        QVERIFY2(nll <= emNll + 1e-4, qPrintable(QStringLiteral("Newton %1, EM %2").arg(nll, 0, 'f', 6).arg(emNll, 0, 'f', 6)));
        if (aMax < 2) {
            // The box binds: the EM's per-item projected steps stall short of the optimum, so
            // the Newton point is checked by its own optimality conditions — some a's on the
            // bound with the gradient pointing out, every other gradient nil.
            int onBound = 0;
            for (int j = 0; j < int(x.size()); ++j) {
                const IrtMarginalEngine::Moments g = engine.moments(j, x[size_t(j)], IrtMarginalEngine::Derivatives::Expected);
                for (int u = 0; u < 2; ++u) {
                    const double v = x[size_t(j)][size_t(u)];
                    const QString where = QStringLiteral("item %1, %2 = %3: gradient %4").arg(j).arg(QLatin1Char(u ? 'b' : 'a')).arg(v).arg(g.g[u]);
                    QVERIFY2(v >= engine.lower(u) && v <= engine.upper(u), qPrintable(where));
                    if (v == engine.upper(u))
                        QVERIFY2(g.g[u] > -1e-3, qPrintable(where));
                    else if (v == engine.lower(u))
                        QVERIFY2(g.g[u] < 1e-3, qPrintable(where));
                    else
                        QVERIFY2(std::abs(g.g[u]) < 1e-3, qPrintable(where));
                }
                onBound += x[size_t(j)][0] == aMax;
            }
            QVERIFY2(onBound >= 5, qPrintable(QStringLiteral("%1 a's on the bound").arg(onBound)));
        } else {
            QVERIFY2(maxDifference(x, reference) < 5e-3,
                     qPrintable(QStringLiteral("parameters differ by %1; Newton %2, EM %3").arg(maxDifference(x, reference)).arg(nll, 0, 'f', 6).arg(emNll, 0, 'f', 6)));
        }
        if (m == IrtOptions::Model::OnePL)
            for (const auto &p : x)
                QCOMPARE(p[0], x[0][0]);

        // At the optimum no step is found, and nothing moves.
        const Params before = x;
        while (newton.step(&x))
            nll = engine.lastNll();
        const Params settled = x;
        QVERIFY(!newton.step(&x));
        QCOMPARE(maxDifference(x, settled), 0.0);
        QCOMPARE(engine.lastNll(), nll);
        QVERIFY(maxDifference(settled, before) < 1e-3);
    }

    void threePlEndsNoHigherThanTheEmAlone()
    {
        IrtSimulationSpec spec;
        spec.students = 60;
        spec.items = 200;
        spec.seed = 5;
        const IrtSimulation sim = IrtSimulation::generate(spec);
        const IrtBounds bounds = IrtBounds::preset(QStringLiteral("default")).value();
        IrtMarginal::Options o;
        o.model = IrtOptions::Model::ThreePL;
        Params start = startFromOnePl(sim.data);
        QVector<IrtItem> startItems;
        for (int j = 0; j < sim.data.items.size(); ++j)
            startItems << IrtItem(sim.data.items[j], start[size_t(j)][0], start[size_t(j)][1], bounds.cMin);
        auto fit = IrtMarginal::fit(sim.data, o, &startItems);
        QVERIFY2(fit, qPrintable(fit.error()));
        QVERIFY2(fit.value().converged, qPrintable(fit.value().message));

        IrtMarginalEngine em(sim.data, IrtOptions::Model::ThreePL, bounds, fit.value().nodes, true);
        for (auto &p : start)
            p[2] = bounds.cMin;
        double emNll = em.eStep(start);
        for (int step = 0; step < fit.value().iterations; ++step) {
            em.mStep(&start);
            emNll = em.eStep(start);
        }
        QVERIFY2(fit.value().nll <= emNll + 1e-6, qPrintable(QStringLiteral("fit %1 after %2 steps, EM alone %3").arg(fit.value().nll, 0, 'f', 5).arg(fit.value().iterations).arg(emNll, 0, 'f', 5)));
        // The reported −log L is the items' own (the quadrature's modes settled from scratch).
        QVERIFY(std::abs(fit.value().nll - IrtMarginal::nll(sim.data, fit.value().items, fit.value().nodes)) < 1e-5);
    }
};

ASSAY_TEST_APPLESS_MAIN(TestIrtMarginalNewton)

} // namespace tst_irtmarginalnewton
#include "tst_irtmarginalnewton.moc"
