// Item response theory: the likelihood gradient against finite differences (1PL/2PL/3PL,
// flat and hierarchical, with missing cells); parameter recovery on simulated data with fixed
// seeds; bounds respected; missing cells ignored; hierarchical factor effects recovered;
// Lord's information (peak right of b when c > 0, the 2PL formula when c = 0), test and group
// information; iterative improvement dropping the right columns; RMSE diagnostics, chart data,
// the JSON keys and cancelling.
#include "testmain.h"
#include "irt/irtaliasedlevels.h"
#include "irt/irtcharts.h"
#include "irt/irtfitter.h"
#include "irt/irtguard.h"
#include "irt/irtimprovement.h"
#include "irt/irtjson.h"
#include "irt/irtlayout.h"
#include "irt/irtnewton.h"
#include "irt/irtsimulation.h"

#include <QtTest>

#include <cmath>
#include <random>

namespace tst_irt {

using namespace assay;

namespace {
// Responses drawn from known parameters; ~5% of cells missing when asked.
// A simulation design: students × items from a seed (the rest as IrtSimulationSpec has it).
IrtSimulationSpec design(int students, int items, quint64 seed)
{
    IrtSimulationSpec spec;
    spec.students = students;
    spec.items = items;
    spec.seed = seed;
    return spec;
}

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

// A small matrix (6 students × 5 items, some cells missing, two factors) and a random point
// in its parameter space, for checking derivatives.
struct DerivativeCase {
    IrtData data;
    IrtOptions options;
    std::vector<double> x;
};

DerivativeCase derivativeCase(quint64 seed, int model, bool hierarchical, bool prior)
{
    std::mt19937_64 random(seed);
    std::vector<double> theta;
    std::vector<IrtItem> truth;
    DerivativeCase c;
    c.data = simulate(6, 5, random, &theta, &truth, true);
    c.data.factors = {QStringLiteral("llm"), QStringLiteral("retriever")};
    for (int s = 0; s < 6; ++s)
        c.data.levels << QStringList{QStringLiteral("L%1").arg(s % 2), QStringLiteral("R%1").arg(s % 3)};
    c.options.model = IrtOptions::Model(model);
    c.options.hierarchical = hierarchical;
    c.options.prior = prior;
    std::uniform_real_distribution<double> u(0.2, 0.8);
    c.x.resize(static_cast<size_t>(IrtFitter::parameterCount(c.data, c.options)));
    for (double &v : c.x)
        v = u(random);
    return c;
}
} // namespace

class TestIrt : public QObject {
    Q_OBJECT
private slots:
    // Too few students for the model is said before the fit, with what to do instead.
    void identifiabilityGuard()
    {
        using M = IrtOptions::Model;
        const QString three = IrtGuard::warning(10, 300, 3000, M::ThreePL, false);
        QVERIFY2(three.startsWith(QLatin1String("10 students are too few for a 3PL (at least 30)")), qPrintable(three));
        QVERIFY(three.contains(QLatin1String("fit a 1PL")) && !three.contains(QLatin1String("fit a 2PL")) && three.contains(QLatin1String("priors")));
        QVERIFY(three.endsWith(QLatin1String("or take the exam with more students.")));
        QVERIFY(three.contains(QLatin1String("classical item analysis")));
        QVERIFY(IrtGuard::warning(10, 300, 3000, M::OnePL, false).isEmpty());
        QVERIFY(IrtGuard::warning(29, 100, 2900, M::ThreePL, true).contains(QLatin1String("fit a 2PL")));
        QVERIFY(!IrtGuard::warning(29, 100, 2900, M::ThreePL, true).contains(QLatin1String("priors")));
        QVERIFY(IrtGuard::warning(30, 100, 3000, M::ThreePL, false).isEmpty());
        QVERIFY(IrtGuard::warning(19, 100, 1900, M::TwoPL, false).contains(QLatin1String("too few for a 2PL (at least 20)")));
        // Enough students but most cells missing: fewer answers than parameters.
        QVERIFY(IrtGuard::warning(40, 100, 300, M::ThreePL, false).startsWith(QLatin1String("300 answers for 340 parameters")));
    }

    void gradientMatchesFiniteDifferences_data()
    {
        QTest::addColumn<int>("model");
        QTest::addColumn<bool>("hierarchical");
        QTest::addColumn<bool>("prior");
        QTest::newRow("1pl") << int(IrtOptions::Model::OnePL) << false << false;
        QTest::newRow("2pl") << int(IrtOptions::Model::TwoPL) << false << false;
        QTest::newRow("3pl") << int(IrtOptions::Model::ThreePL) << false << false;
        QTest::newRow("3pl hierarchical") << int(IrtOptions::Model::ThreePL) << true << false;
        QTest::newRow("2pl bayes modal") << int(IrtOptions::Model::TwoPL) << false << true;
        QTest::newRow("3pl bayes modal") << int(IrtOptions::Model::ThreePL) << false << true;
        QTest::newRow("3pl hierarchical bayes modal") << int(IrtOptions::Model::ThreePL) << true << true;
    }
    void gradientMatchesFiniteDifferences()
    {
        QFETCH(int, model);
        QFETCH(bool, hierarchical);
        QFETCH(bool, prior);
        const DerivativeCase c = derivativeCase(3, model, hierarchical, prior);
        const IrtData &d = c.data;
        const IrtOptions &options = c.options;
        const std::vector<double> &x = c.x;
        const int n = int(x.size());
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

    void hessianMatchesFiniteDifferences_data() { gradientMatchesFiniteDifferences_data(); }
    void hessianMatchesFiniteDifferences()
    {
        // The blocks Newton steps with (item blocks, item × ability cross terms, the
        // abilities' block) make up the exact Hessian: each column against central
        // differences of the analytic gradient.
        QFETCH(int, model);
        QFETCH(bool, hierarchical);
        QFETCH(bool, prior);
        const DerivativeCase c = derivativeCase(5, model, hierarchical, prior);
        const IrtData &d = c.data;
        const IrtOptions &options = c.options;
        const std::vector<double> &x = c.x;
        const IrtLayout layout = IrtLayout::of(d, options);
        const int n = layout.parameters();
        std::vector<double> lower(static_cast<size_t>(n), -10), upper(static_cast<size_t>(n), 10);
        IrtNewton newton(d, layout, lower.data(), upper.data());
        const Eigen::MatrixXd H = newton.hessian(x.data());
        QCOMPARE(int(H.rows()), n);
        QVERIFY((H - H.transpose()).cwiseAbs().maxCoeff() < 1e-12);
        for (int k = 0; k < n; ++k) {
            const double h = 1e-5;
            std::vector<double> up = x, down = x, gUp, gDown;
            up[size_t(k)] += h;
            down[size_t(k)] -= h;
            IrtFitter::objective(d, options, up, &gUp);
            IrtFitter::objective(d, options, down, &gDown);
            for (int r = 0; r < n; ++r) {
                const double numeric = (gUp[size_t(r)] - gDown[size_t(r)]) / (2 * h);
                QVERIFY2(std::abs(numeric - H(r, k)) < 1e-5 * std::max(1.0, std::abs(numeric)),
                         qPrintable(QStringLiteral("H(%1, %2): %3 vs %4").arg(r).arg(k).arg(numeric).arg(H(r, k))));
            }
        }
    }

    void newtonAndLbfgsbReachTheSameOptimum()
    {
        // The joint Newton steps and L-BFGS-B alone (maxNewton = 0) both converge, to the
        // same likelihood and abilities; Newton in far fewer passes over the matrix.
        IrtSimulationSpec spec;
        spec.students = 40;
        spec.items = 200;
        spec.seed = 9;
        spec.cMax = 0;
        const IrtSimulation sim = IrtSimulation::generate(spec);
        IrtOptions options;
        options.model = IrtOptions::Model::TwoPL;
        auto newton = IrtFitter::fit(sim.data, options);
        options.maxNewton = 0;
        auto lbfgsb = IrtFitter::fit(sim.data, options);
        QVERIFY(newton && lbfgsb);
        QVERIFY(newton.value().converged && lbfgsb.value().converged);
        QVERIFY(newton.value().newtonSteps > 0);
        QCOMPARE(lbfgsb.value().newtonSteps, 0);
        QVERIFY(lbfgsb.value().iterations > newton.value().newtonSteps);
        QVERIFY2(std::abs(newton.value().nll - lbfgsb.value().nll) < 1e-3, qPrintable(QStringLiteral("%1 vs %2").arg(newton.value().nll).arg(lbfgsb.value().nll)));
        for (int s = 0; s < spec.students; ++s)
            QVERIFY(std::abs(newton.value().students[s].second - lbfgsb.value().students[s].second) < 1e-2);
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

    void recovery_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<double>("cMax");
        QTest::addColumn<double>("aMin");
        QTest::addColumn<double>("aMax");
        QTest::addColumn<bool>("prior");
        QTest::newRow("1pl") << QStringLiteral("1pl") << 0.0 << 1.0 << 1.0 << false;
        QTest::newRow("2pl") << QStringLiteral("2pl") << 0.0 << 0.7 << 2.0 << false;
        // Plain joint ML of the 3PL overfits 63 students (θ 0.92, b 0.79: low students run to
        // the θ bound, the c's take their lucky answers); the Bayes modal fit recovers both.
        QTest::newRow("3pl bayes modal") << QStringLiteral("3pl") << 0.25 << 0.7 << 2.0 << true;
    }
    void recovery()
    {
        // 63 students × 1,000 items drawn from known parameters (seed 5): θ and b come back.
        QFETCH(QString, model);
        QFETCH(double, cMax);
        QFETCH(double, aMin);
        QFETCH(double, aMax);
        QFETCH(bool, prior);
        IrtSimulationSpec spec = design(63, 1000, 5);
        spec.cMax = cMax, spec.aMin = aMin, spec.aMax = aMax;
        const IrtSimulation sim = IrtSimulation::generate(spec);
        IrtOptions options;
        options.model = IrtOptions::modelFromName(model).value();
        options.prior = prior;
        auto fit = IrtFitter::fit(sim.data, options);
        QVERIFY2(fit.ok(), qPrintable(fit.error()));
        QVERIFY2(fit.value().converged, qPrintable(fit.value().message));
        QVERIFY(fit.value().projectedGradient <= 1e-4);
        std::vector<double> theta, b, trueB;
        for (const auto &s : fit.value().students)
            theta.push_back(s.second);
        for (size_t i = 0; i < sim.items.size(); ++i)
            b.push_back(fit.value().items[int(i)].b), trueB.push_back(sim.items[i].b);
        const double rTheta = IrtSimulation::correlation(theta, sim.theta), rB = IrtSimulation::correlation(b, trueB);
        QVERIFY2(rTheta >= 0.97, qPrintable(QString::number(rTheta)));
        QVERIFY2(rB >= 0.9, qPrintable(QString::number(rB)));
    }

    void hierarchicalRecovery3pl()
    {
        // 63 pipelines = 7 LLMs × 3 retrievers × 3 ICL settings, 300 items, 3PL under the exam
        // paper's bounds: converged, θ recovered, and each factor's level effects ordered as
        // the true ones.
        IrtSimulationSpec spec;
        spec.items = 300;
        spec.seed = 11;
        spec.aMin = 0.5, spec.aMax = 1.5, spec.cMin = 0.2, spec.cMax = 0.4;
        spec.factorLevels = {{QStringLiteral("llm"), 7}, {QStringLiteral("retriever"), 3}, {QStringLiteral("icl"), 3}};
        const IrtSimulation sim = IrtSimulation::generate(spec);
        QCOMPARE(sim.data.students.size(), 63);
        IrtOptions options;
        options.hierarchical = true;
        options.bounds = QStringLiteral("exam-paper");
        auto fit = IrtFitter::fit(sim.data, options);
        QVERIFY2(fit.ok(), qPrintable(fit.error()));
        QVERIFY2(fit.value().converged, qPrintable(fit.value().message));
        std::vector<double> theta;
        for (const auto &s : fit.value().students)
            theta.push_back(s.second);
        QVERIFY2(IrtSimulation::correlation(theta, sim.theta) >= 0.97, qPrintable(QString::number(IrtSimulation::correlation(theta, sim.theta))));
        for (auto it = sim.effects.constBegin(); it != sim.effects.constEnd(); ++it) {
            const auto levels = fit.value().factors.value(it.key());
            QCOMPARE(size_t(levels.size()), it.value().size());
            std::vector<double> fitted;
            for (const auto &l : levels)
                fitted.push_back(l.second);
            QCOMPARE(fitted[0], 0.0); // relative to the first level
            QVERIFY2(IrtSimulation::correlation(fitted, it.value()) >= 0.9, qPrintable(it.key()));
        }
    }

    void boundsRespected_data()
    {
        QTest::addColumn<QString>("bounds");
        QTest::newRow("default") << QStringLiteral("default");
        QTest::newRow("exam-paper") << QStringLiteral("exam-paper");
    }
    void boundsRespected()
    {
        QFETCH(QString, bounds);
        IrtSimulationSpec spec = design(30, 120, 2);
        spec.aMax = 3.5; // some items want more than exam-paper's 1.5
        const IrtSimulation sim = IrtSimulation::generate(spec);
        IrtOptions options;
        options.bounds = bounds;
        auto fit = IrtFitter::fit(sim.data, options);
        QVERIFY(fit.ok());
        const IrtBounds B = IrtBounds::preset(bounds).value();
        bool pressed = false;
        for (const IrtItem &it : fit.value().items) {
            QVERIFY(it.a >= B.aMin && it.a <= B.aMax && it.b >= B.bMin && it.b <= B.bMax && it.c >= B.cMin && it.c <= B.cMax);
            pressed = pressed || it.a == B.aMax || it.c == B.cMin;
        }
        for (const auto &s : fit.value().students)
            QVERIFY(s.second >= B.thetaMin && s.second <= B.thetaMax);
        QVERIFY(pressed); // the bounds were active, not just never reached
        QVERIFY(!IrtBounds::preset(QStringLiteral("wide")).ok());
    }

    void missingCells()
    {
        // An empty cell does not enter the likelihood: whatever it would have held, the
        // objective is the same; and a fit with 10% of the cells missing still recovers θ.
        IrtSimulationSpec spec = design(40, 400, 9);
        spec.cMax = 0;
        spec.missing = 0.1;
        IrtSimulation sim = IrtSimulation::generate(spec);
        IrtOptions options;
        options.model = IrtOptions::Model::TwoPL;
        std::vector<double> x(size_t(IrtFitter::parameterCount(sim.data, options)), 0.3);
        const double before = IrtFitter::objective(sim.data, options, x, nullptr);
        int missing = 0;
        for (const auto &row : sim.data.responses)
            missing += int(std::count(row.begin(), row.end(), qint8(-1)));
        QVERIFY(missing > 1200 && missing < 2000);
        IrtData filled = sim.data;
        for (auto &row : filled.responses)
            for (qint8 &v : row)
                if (v < 0)
                    v = 1;
        QVERIFY(IrtFitter::objective(filled, options, x, nullptr) > before + 1);
        auto fit = IrtFitter::fit(sim.data, options);
        QVERIFY(fit.ok() && fit.value().converged);
        std::vector<double> theta;
        for (const auto &s : fit.value().students)
            theta.push_back(s.second);
        QVERIFY(IrtSimulation::correlation(theta, sim.theta) >= 0.97);
        for (const IrtItem &it : fit.value().items)
            QVERIFY(it.answered < 40 || it.answered == 40);
    }

    void testAndGroupInformation()
    {
        const QVector<IrtItem> items{{QStringLiteral("x"), 1.2, -0.5, 0.2}, {QStringLiteral("y"), 0.8, 1.0, 0.0}, {QStringLiteral("z"), 2.0, 0.3, 0.25}};
        const auto grid = IrtInformation::grid();
        QCOMPARE(grid.size(), size_t(301));
        QCOMPARE(grid.front(), -3.0);
        QCOMPARE(grid.back(), 3.0);
        QVERIFY(std::abs(grid[150]) < 1e-12);
        const IrtCurve sum = IrtInformation::test(items, grid, false), mean = IrtInformation::test(items, grid, true);
        for (size_t k = 0; k < grid.size(); k += 37) {
            double expected = 0;
            for (const IrtItem &it : items)
                expected += IrtFitter::information(it.a, it.b, it.c, grid[k]);
            QVERIFY(std::abs(sum.values[k] - expected) < 1e-12);
            QVERIFY(std::abs(mean.values[k] - expected / 3) < 1e-12);
        }
        // The mean from the sum is the mean computed: value for value, name and item count.
        const IrtCurve fromSum = IrtInformation::meanOf(sum);
        QCOMPARE(fromSum.name, mean.name);
        QCOMPARE(fromSum.items, 3);
        QVERIFY(fromSum.values == mean.values);
        // Multi-label groups: x is both Remember and Apply.
        QHash<QString, QStringList> groups{{QStringLiteral("x"), {QStringLiteral("Remember"), QStringLiteral("Apply")}}, {QStringLiteral("y"), {QStringLiteral("Apply")}}};
        const QVector<IrtCurve> curves = IrtInformation::byGroup(items, groups, grid);
        QCOMPARE(curves.size(), 2);
        QCOMPARE(curves[0].name, QStringLiteral("Apply"));
        QCOMPARE(curves[0].items, 2);
        QCOMPARE(curves[1].items, 1);
        QVERIFY(std::abs(curves[1].values[100] - IrtFitter::information(1.2, -0.5, 0.2, grid[100])) < 1e-12);
    }

    void quantileAndImprovement()
    {
        QCOMPARE(IrtImprovement::quantile({4, 1, 3, 2}, 0.1), 1.3);
        QCOMPARE(IrtImprovement::quantile({5}, 0.5), 5.0);
        IrtSimulationSpec spec = design(40, 200, 4);
        spec.aMin = 0.3;
        spec.cMax = 0;
        const IrtSimulation sim = IrtSimulation::generate(spec);
        IrtOptions options;
        options.model = IrtOptions::Model::TwoPL;
        auto steps = IrtImprovement::run(sim.data, options, 2, 0.1);
        QVERIFY2(steps.ok(), qPrintable(steps.error()));
        QCOMPARE(steps.value().size(), 3);
        for (int k = 1; k < 3; ++k) {
            const IrtStep &before = steps.value()[k - 1], &step = steps.value()[k];
            std::vector<double> as;
            for (const IrtItem &it : before.fit.items)
                as.push_back(it.a);
            const double q = IrtImprovement::quantile(as, 0.1);
            QCOMPARE(step.threshold, q);
            QStringList expectedDropped, expectedKept;
            for (const IrtItem &it : before.fit.items)
                (it.a <= q ? expectedDropped : expectedKept) << it.id;
            QCOMPARE(step.dropped, expectedDropped);
            QStringList kept;
            for (const IrtItem &it : step.fit.items)
                kept << it.id;
            QCOMPARE(kept, expectedKept); // the remaining columns, in their order
            QVERIFY(step.dropped.size() >= 4);
            QCOMPARE(step.information.values.size(), size_t(301));
            QVERIFY(step.fit.converged);
        }
        QVERIFY(!IrtImprovement::run(sim.data, options, 1, 1.5).ok());

        // Charts and JSON of the steps.
        const ChartData overlay = IrtCharts::improvement(steps.value(), IrtInformation::grid());
        QCOMPARE(overlay.kind, ChartData::Kind::Lines);
        QCOMPARE(overlay.series.size(), 3);
        QCOMPARE(overlay.series[0].x.size(), 301);
        const nlohmann::json j = IrtJson::steps(steps.value(), IrtInformation::grid());
        for (const char *key : {"model", "nll", "converged", "iterations", "seconds", "items", "students", "factors", "steps"})
            QVERIFY2(j.contains(key), key);
        QCOMPARE(j["model"].get<std::string>(), std::string("2pl"));
        QCOMPARE(j["items"].size(), size_t(steps.value().last().fit.items.size()));
        for (const char *key : {"id", "a", "b", "c"})
            QVERIFY(j["items"][0].contains(key));
        QVERIFY(j["students"][0].contains("id") && j["students"][0].contains("theta"));
        QCOMPARE(j["steps"].size(), size_t(3));
        QCOMPARE(j["steps"][1]["dropped"].size(), size_t(steps.value()[1].dropped.size()));
        QCOMPARE(j["steps"][2]["test_information"].size(), size_t(301));
    }

    void diagnosticsBeatTheBaseline()
    {
        // RMSE of the fitted probabilities against the answers, per item and overall, beside
        // the item's mean accuracy; one item checked by hand.
        IrtSimulationSpec spec = design(50, 150, 8);
        const IrtSimulation sim = IrtSimulation::generate(spec);
        IrtOptions options;
        auto fit = IrtFitter::fit(sim.data, options);
        QVERIFY(fit.ok());
        const IrtFit &f = fit.value();
        QVERIFY2(f.rmse < f.baselineRmse, qPrintable(QStringLiteral("%1 vs %2").arg(f.rmse).arg(f.baselineRmse)));
        const IrtItem &it = f.items[7];
        double model = 0, baseline = 0, mean = 0;
        for (int s = 0; s < 50; ++s)
            mean += sim.data.responses[s][7];
        mean /= 50;
        for (int s = 0; s < 50; ++s) {
            const double y = sim.data.responses[s][7];
            model += std::pow(y - IrtFitter::probability(it.a, it.b, it.c, f.students[s].second), 2);
            baseline += std::pow(y - mean, 2);
        }
        QVERIFY(std::abs(it.rmse - std::sqrt(model / 50)) < 1e-12);
        QVERIFY(std::abs(it.baselineRmse - std::sqrt(baseline / 50)) < 1e-12);
        QCOMPARE(it.answered, 50);
    }

    void abilitiesChartAndCancel()
    {
        IrtFit fit;
        fit.model = QStringLiteral("3pl");
        fit.factors[QStringLiteral("llm")] = {{QStringLiteral("a"), 0.0}, {QStringLiteral("b"), -1.2}};
        fit.factors[QStringLiteral("retriever")] = {{QStringLiteral("bm25"), 0.0}, {QStringLiteral("dense"), 0.4}, {QStringLiteral("none"), -0.7}};
        fit.factors[QStringLiteral("icl")] = {{QStringLiteral("0"), 0.0}}; // one level: nothing to compare, no series (issue 50 item 6)
        const ChartData c = IrtCharts::abilities(fit);
        // The first levels are the references, at 0: named in the subtitle, not empty slots.
        QCOMPARE(c.categories, (QStringList{QStringLiteral("llm<br>b"), QStringLiteral("retriever<br>dense"), QStringLiteral("retriever<br>none")}));
        QCOMPARE(c.series.size(), 2);
        QCOMPARE(c.series[0].name, QStringLiteral("llm"));
        QVERIFY2(!c.subtitle.contains(QLatin1String("icl")), qPrintable(c.subtitle));
        QCOMPARE(c.series[0].values, (QVector<double>{-1.2, 0, 0}));
        QCOMPARE(c.series[1].values, (QVector<double>{0, 0.4, -0.7}));
        QVERIFY2(c.subtitle.contains(QLatin1String("reference (llm a, retriever bm25, at 0)")), qPrintable(c.subtitle));
        QCOMPARE(c.yMin, -1.2);
        {
            // Levels held by the same takers (the oracle alone has retriever oracle and k all):
            // the answers fix their sum only, so one bar shows the sum, without an interval,
            // and the report says why (issue 50 item 6: "k all" ± 1.5 unexplained).
            IrtData data;
            data.students = {QStringLiteral("s1"), QStringLiteral("s2"), QStringLiteral("s3")};
            data.factors = {QStringLiteral("retriever"), QStringLiteral("k")};
            data.levels = {{QStringLiteral("bm25"), QStringLiteral("1")}, {QStringLiteral("bm25"), QStringLiteral("3")}, {QStringLiteral("oracle"), QStringLiteral("all")}};
            const QVector<IrtAliasedLevels::Alias> aliases = IrtAliasedLevels::find(data);
            QCOMPARE(aliases.size(), 1);
            QCOMPARE(aliases[0].factor + QLatin1Char(' ') + aliases[0].level, QStringLiteral("k all"));
            QCOMPARE(aliases[0].otherFactor + QLatin1Char(' ') + aliases[0].otherLevel, QStringLiteral("retriever oracle"));
            QCOMPARE(aliases[0].students, QStringList{QStringLiteral("s3")});
            IrtFit two;
            two.model = QStringLiteral("1pl");
            two.factors[QStringLiteral("retriever")] = {{QStringLiteral("bm25"), 0.0}, {QStringLiteral("oracle"), 0.8}};
            two.factors[QStringLiteral("k")] = {{QStringLiteral("1"), 0.0}, {QStringLiteral("3"), -0.2}, {QStringLiteral("all"), 0.1}};
            two.factorSe[QStringLiteral("retriever")] = {0.0, 0.78};
            two.factorSe[QStringLiteral("k")] = {0.0, 0.05, 0.78};
            const ChartData alone = IrtCharts::abilities(two), summed = IrtCharts::abilities(two, data);
            QCOMPARE(alone.categories.size(), 3);
            QCOMPARE(summed.categories, (QStringList{QStringLiteral("k<br>3"), QStringLiteral("retriever<br>oracle + k all")}));
            QCOMPARE(summed.series[1].values.size(), 2);
            QVERIFY(summed.series[1].values[0] == 0 && std::abs(summed.series[1].values[1] - 0.9) < 1e-12);
            QVERIFY(std::isnan(summed.series[1].low[1]) && std::isfinite(summed.series[0].low[0]));
            QVERIFY2(summed.subtitle.contains(QLatin1String("retriever oracle and k all are the same takers'")), qPrintable(summed.subtitle));
        }
        // Cancelling stops a fit.
        IrtSimulationSpec spec;
        spec.students = 30;
        spec.items = 200;
        IrtOptions options;
        options.cancelled = [] { return true; };
        auto cancelled = IrtFitter::fit(IrtSimulation::generate(spec).data, options);
        QVERIFY(!cancelled.ok());
        QCOMPARE(cancelled.error(), QStringLiteral("cancelled"));
    }

    void readCsvErrorsNameTheLine()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("m.csv"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("student,q1,q2\ns1,1,0\ns2,1,yes\n");
        f.close();
        auto d = IrtData::readCsv(path);
        QVERIFY(!d.ok());
        QVERIFY2(d.error().contains(path + QStringLiteral(":3")) && d.error().contains(QLatin1String("q2")), qPrintable(d.error()));
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

ASSAY_TEST_GUILESS_MAIN(TestIrt)

} // namespace tst_irt
#include "tst_irt.moc"
