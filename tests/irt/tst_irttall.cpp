// IRT on tall matrices (many students, few items; docs/METHODS.md §9.2): the damped Newton
// system solved by eliminating the students equals the dense solve, a tall fit reaches the
// same optimum as L-BFGS-B alone, and the standard errors of either elimination equal the
// dense bordered (gauge-constrained) inverse of the observed information; and the gauge
// search (IrtGauge) is exact and gains where a held variable breaks the gauge.
#include "testmain.h"
#include "irt/irtcovariance.h"
#include "irt/irtfitter.h"
#include "irt/irtgauge.h"
#include "irt/irtlayout.h"
#include "irt/irtnewton.h"
#include "irt/irtsimulation.h"
#include "irt/irtstudentelimination.h"

#include <Eigen/Dense>

#include <QtTest>

#include <cmath>

namespace tst_irttall {

using namespace assay;

namespace {

IrtSimulation tall(int students, int items, double cMax, quint64 seed)
{
    IrtSimulationSpec spec;
    spec.students = students;
    spec.items = items;
    spec.cMax = cMax;
    spec.seed = seed;
    return IrtSimulation::generate(spec);
}

// The fitted point as the layout's vector, and the default box.
struct Point {
    std::vector<double> x, lower, upper;
};

Point pointOf(const IrtFit &fit, const IrtLayout &l, const QString &bounds = QStringLiteral("default"))
{
    Point p;
    const IrtBounds b = IrtBounds::preset(bounds).value();
    for (const IrtItem &it : fit.items) {
        if (l.hasA)
            p.x.push_back(it.a), p.lower.push_back(b.aMin), p.upper.push_back(b.aMax);
        p.x.push_back(it.b), p.lower.push_back(b.bMin), p.upper.push_back(b.bMax);
        if (l.hasC)
            p.x.push_back(it.c), p.lower.push_back(b.cMin), p.upper.push_back(b.cMax);
    }
    for (const auto &s : fit.students)
        p.x.push_back(s.second), p.lower.push_back(b.thetaMin), p.upper.push_back(b.thetaMax);
    return p;
}

// Standard errors from the dense observed information with the gauge as constraints (the
// location of θ, and its scale when a is free), over the parameters off their bounds.
std::vector<double> denseBorderedSe(const IrtData &data, const IrtLayout &l, const Point &p)
{
    IrtNewton newton(data, l, p.lower.data(), p.upper.data());
    const Eigen::MatrixXd H = newton.hessian(p.x.data());
    const int n = l.parameters(), offset = l.abilityOffset(), g = l.hasA ? 2 : 1;
    std::vector<int> free;
    for (int k = 0; k < n; ++k)
        if (!IrtCovariance::atBound(p.x[size_t(k)], p.lower[size_t(k)], p.upper[size_t(k)]))
            free.push_back(k);
    const int f = int(free.size());
    Eigen::MatrixXd M = Eigen::MatrixXd::Zero(f + g, f + g);
    for (int u = 0; u < f; ++u) {
        for (int v = 0; v < f; ++v)
            M(u, v) = H(free[size_t(u)], free[size_t(v)]);
        if (free[size_t(u)] >= offset) {
            M(u, f) = M(f, u) = 1.0;
            if (g > 1)
                M(u, f + 1) = M(f + 1, u) = p.x[size_t(free[size_t(u)])];
        }
    }
    const Eigen::MatrixXd inverse = M.fullPivLu().inverse();
    std::vector<double> se(size_t(n), qQNaN());
    for (int u = 0; u < f; ++u)
        se[size_t(free[size_t(u)])] = std::sqrt(inverse(u, u));
    return se;
}

} // namespace

class TestIrtTall : public QObject {
    Q_OBJECT
private slots:
    // Which side is eliminated follows the shape: students when they outnumber the item
    // parameters (flat only), the items otherwise.
    void theCheaperSideIsEliminated()
    {
        IrtOptions three;
        const IrtSimulation wide = tall(60, 300, 0.25, 1), high = tall(2000, 50, 0.25, 1);
        QVERIFY(!IrtStudentElimination::preferred(IrtLayout::of(wide.data, three), 60));
        QVERIFY(IrtStudentElimination::preferred(IrtLayout::of(high.data, three), 2000));
    }

    // The solver's step equals the dense damped solve, with held variables at zero; twice
    // on the same blocks (the second from the cached Gram) at another damping.
    void studentEliminationEqualsTheDenseSolve_data()
    {
        QTest::addColumn<bool>("threePl");
        QTest::newRow("3pl") << true;
        QTest::newRow("2pl") << false;
    }
    void studentEliminationEqualsTheDenseSolve()
    {
        QFETCH(bool, threePl);
        const IrtSimulation sim = tall(300, 8, threePl ? 0.25 : 0.0, 4);
        IrtOptions options;
        options.model = threePl ? IrtOptions::Model::ThreePL : IrtOptions::Model::TwoPL;
        const IrtLayout l = IrtLayout::of(sim.data, options);
        const int n = l.parameters(), offset = l.abilityOffset();
        std::vector<double> x, lower(size_t(n), -10), upper(size_t(n), 10);
        for (const IrtItem &it : sim.items) {
            x.insert(x.end(), {it.a, it.b});
            if (threePl)
                x.push_back(std::max(it.c, 0.1));
        }
        x.insert(x.end(), sim.theta.begin(), sim.theta.end());
        IrtNewton newton(sim.data, l, lower.data(), upper.data());
        const Eigen::MatrixXd H = newton.hessian(x.data());
        const IrtNewton::Assembly &a = newton.assembleAt(x.data());
        std::vector<char> fixed(size_t(n), 0);
        fixed[2] = fixed[9] = fixed[size_t(offset + 7)] = 1; // item parameters and a student
        IrtStudentElimination::Workspace work;
        for (const double lambda : {10.0, 40.0}) {
            Eigen::VectorXd step;
            QVERIFY(IrtStudentElimination::solve({a.g, a.itemH, a.cross, a.abilityDiagonal, a.generation}, l, lambda, fixed, work, &step));
            Eigen::MatrixXd damped = H;
            Eigen::VectorXd rhs(n);
            for (int k = 0; k < n; ++k) {
                damped(k, k) += lambda * std::max(std::abs(H(k, k)), 1e-6);
                rhs[k] = -a.g[size_t(k)];
                if (fixed[size_t(k)]) {
                    damped.row(k).setZero(), damped.col(k).setZero();
                    damped(k, k) = 1, rhs[k] = 0;
                }
            }
            const Eigen::LLT<Eigen::MatrixXd> llt(damped);
            QCOMPARE(llt.info(), Eigen::Success); // positive definite: no extra damping on either side
            const Eigen::VectorXd dense = llt.solve(rhs);
            QVERIFY2((step - dense).cwiseAbs().maxCoeff() < 1e-8 * std::max(1.0, dense.cwiseAbs().maxCoeff()),
                     qPrintable(QStringLiteral("λ %1: max difference %2").arg(lambda).arg((step - dense).cwiseAbs().maxCoeff())));
            QCOMPARE(step[2], 0.0);
            QCOMPARE(step[offset + 7], 0.0);
            // The Gram is reused exactly when every free student's curvature is positive
            // (always in a 2PL; a 3PL row can be locally concave).
            bool positive = true;
            for (int st = 0; st < l.abilities; ++st)
                positive = positive && (fixed[size_t(offset + st)] || a.abilityDiagonal[st] > 0);
            QCOMPARE(work.reusable, positive);
            if (!threePl)
                QVERIFY(work.reusable);
        }
    }

    // A tall 2PL by Newton (students eliminated) and by L-BFGS-B alone: the same optimum.
    void tallFitReachesTheOptimum()
    {
        const IrtSimulation sim = tall(800, 12, 0, 6);
        IrtOptions options;
        options.model = IrtOptions::Model::TwoPL;
        options.diagnostics = false;
        auto newton = IrtFitter::fit(sim.data, options);
        options.maxNewton = 0;
        auto lbfgsb = IrtFitter::fit(sim.data, options);
        QVERIFY(newton && lbfgsb);
        QVERIFY(newton.value().converged);
        QVERIFY(newton.value().newtonSteps > 0);
        QVERIFY2(newton.value().nll <= lbfgsb.value().nll + 1e-3, qPrintable(QStringLiteral("%1 vs %2").arg(newton.value().nll).arg(lbfgsb.value().nll)));
    }

    // The gauge (§9.16): moving every variable along it leaves the likelihood as it was; with
    // a student held at a bound a search gains, its gain is the likelihood's true change
    // (only the held rows and clipped columns are summed), and it never lands outside the box.
    void gaugeMovesKeepTheLikelihoodAndTheSearchGains()
    {
        const IrtSimulation sim = tall(400, 20, 0, 9);
        IrtOptions options;
        options.model = IrtOptions::Model::TwoPL;
        options.diagnostics = false;
        options.maxNewton = 0;
        options.maxIterations = 30; // short of the optimum, as in the middle of a fit
        auto fit = IrtFitter::fit(sim.data, options);
        QVERIFY(fit);
        const IrtLayout l = IrtLayout::of(sim.data, options);
        Point p = pointOf(fit.value(), l);
        const int n = l.parameters();
        // Without held variables and far from the box, a gauge move changes nothing.
        const std::vector<char> none(size_t(n), 0);
        const std::vector<double> below(size_t(n), -1e9), above(size_t(n), 1e9);
        std::vector<double> moved(static_cast<size_t>(n));
        IrtGauge::move(l, below.data(), above.data(), none, p.x.data(), std::log(1.3), 0.4, moved.data());
        const double nll = l.evaluate(sim.data, p.x.data(), nullptr);
        QVERIFY(std::abs(l.evaluate(sim.data, moved.data(), nullptr) - nll) < 1e-8 * nll);
        QVERIFY(std::abs(moved[0] - p.x[0] / 1.3) < 1e-12); // a / s
        QVERIFY(std::abs(moved[size_t(n - 1)] - (1.3 * p.x[size_t(n - 1)] + 0.4)) < 1e-12); // sθ + t
        // One student displaced by +1 and held there: in a box too wide to clip anything, the
        // rest of the panel moves along the gauge to meet it, which recovers (nearly) all the
        // likelihood the displacement lost.
        const int mid = l.abilities / 2;
        const size_t held1 = size_t(l.abilityOffset() + mid);
        std::vector<char> held(size_t(n), 0);
        held[held1] = 1;
        std::vector<double> x = p.x;
        x[held1] += 1.0;
        const double start = l.evaluate(sim.data, x.data(), nullptr);
        QVERIFY(start > nll + 1e-2);
        const double gain = IrtGauge::search(sim.data, l, below.data(), above.data(), held, x.data(), start);
        QVERIFY2(gain >= 0.9 * (start - nll), qPrintable(QStringLiteral("gain %1 of %2").arg(gain).arg(start - nll)));
        const double after = l.evaluate(sim.data, x.data(), nullptr);
        // The gain is the likelihood's true change (only the held row was summed).
        QVERIFY2(std::abs((start - after) - gain) < 1e-6 * start, qPrintable(QStringLiteral("%1 vs %2").arg(start - after).arg(gain)));
        QCOMPARE(x[held1], p.x[held1] + 1.0);
        // In the real box (where clipping the panel's best students may cost more than it gains) the
        // search never loses and never leaves the box.
        std::vector<double> boxed = p.x;
        boxed[held1] = std::min(boxed[held1] + 1.0, p.upper[held1]);
        const double boxedStart = l.evaluate(sim.data, boxed.data(), nullptr);
        const double boxedGain = IrtGauge::search(sim.data, l, p.lower.data(), p.upper.data(), held, boxed.data(), boxedStart);
        QVERIFY(boxedGain >= 0);
        QVERIFY(std::abs((boxedStart - l.evaluate(sim.data, boxed.data(), nullptr)) - boxedGain) < 1e-6 * boxedStart);
        for (int k = 0; k < n; ++k)
            QVERIFY(boxed[size_t(k)] >= p.lower[size_t(k)] && boxed[size_t(k)] <= p.upper[size_t(k)]);
        // The priors fix the gauge: nothing to search.
        IrtLayout withPrior = l;
        withPrior.prior = true;
        QCOMPARE(IrtGauge::search(sim.data, withPrior, p.lower.data(), p.upper.data(), held, x.data(), after), 0.0);
    }

    // Standard errors: the students' elimination (tall) and the items' (wide) both equal the
    // dense bordered inverse — the tall one exactly, the wide one up to its gauge projection.
    void standardErrorsEqualTheDenseBorderedInverse_data()
    {
        QTest::addColumn<int>("students");
        QTest::addColumn<int>("items");
        QTest::addColumn<double>("tolerance");
        QTest::newRow("tall 400 × 6") << 400 << 6 << 1e-6;
        QTest::newRow("wide 30 × 40") << 30 << 40 << 2e-2;
    }
    void standardErrorsEqualTheDenseBorderedInverse()
    {
        QFETCH(int, students);
        QFETCH(int, items);
        QFETCH(double, tolerance);
        const IrtSimulation sim = tall(students, items, 0, 8);
        IrtOptions options;
        options.model = IrtOptions::Model::TwoPL;
        options.diagnostics = false;
        options.tolerance = 1e-8;
        auto fit = IrtFitter::fit(sim.data, options);
        QVERIFY(fit);
        const IrtLayout l = IrtLayout::of(sim.data, options);
        QCOMPARE(IrtStudentElimination::preferred(l, students), students > 2 * items);
        const Point p = pointOf(fit.value(), l);
        const IrtCovarianceResult r = IrtCovariance::compute(sim.data, l, p.x.data(), p.lower.data(), p.upper.data(), true);
        const std::vector<double> dense = denseBorderedSe(sim.data, l, p);
        int compared = 0;
        for (int k = 0; k < l.parameters(); ++k) {
            if (std::isnan(dense[size_t(k)]))
                continue;
            QVERIFY2(std::abs(r.se[size_t(k)] - dense[size_t(k)]) <= tolerance * dense[size_t(k)],
                     qPrintable(QStringLiteral("parameter %1: %2 vs dense %3").arg(k).arg(r.se[size_t(k)]).arg(dense[size_t(k)])));
            ++compared;
        }
        QVERIFY(compared > l.parameters() / 2);
        QCOMPARE(int(r.studentSe.size()), students);
    }

    // The θ scale is projected out of the errors under the exam paper's box too (issue 48):
    // the students' SEs the fit reports are those of the gauge-projected covariance, and they
    // differ from the unprojected ones on the same optimum.
    void thetaScaleProjectedUnderBothBoxes()
    {
        const IrtSimulation sim = tall(60, 30, 0, 11);
        IrtOptions options;
        options.model = IrtOptions::Model::TwoPL;
        options.bounds = QStringLiteral("exam-paper");
        options.tolerance = 1e-8;
        auto fit = IrtFitter::fit(sim.data, options);
        QVERIFY2(fit, qPrintable(fit.error()));
        const IrtLayout l = IrtLayout::of(sim.data, options);
        const Point p = pointOf(fit.value(), l, QStringLiteral("exam-paper"));
        const IrtCovarianceResult projected = IrtCovariance::compute(sim.data, l, p.x.data(), p.lower.data(), p.upper.data(), true);
        const IrtCovarianceResult raw = IrtCovariance::compute(sim.data, l, p.x.data(), p.lower.data(), p.upper.data(), false);
        int compared = 0, differ = 0;
        for (int s = 0; s < int(fit.value().studentSe.size()); ++s) {
            const double reported = fit.value().studentSe[size_t(s)];
            if (std::isnan(reported))
                continue;
            QVERIFY2(std::abs(reported - projected.studentSe[size_t(s)]) <= 1e-9 * reported,
                     qPrintable(QStringLiteral("student %1: %2 vs projected %3").arg(s).arg(reported).arg(projected.studentSe[size_t(s)])));
            differ += std::abs(reported - raw.studentSe[size_t(s)]) > 0.01 * reported;
            ++compared;
        }
        QVERIFY(compared > 30);
        QVERIFY2(differ > 0, "the projection changes nothing: the test cannot tell the two apart");
        // The projected covariance has no variance along θ's location (the free students' mean).
        if (projected.abilities.size() > 0) {
            Eigen::VectorXd ones = Eigen::VectorXd::Zero(l.abilities);
            for (int j = 0; j < l.abilities; ++j)
                ones[j] = IrtCovariance::atBound(p.x[size_t(l.abilityOffset() + j)], p.lower[size_t(l.abilityOffset() + j)], p.upper[size_t(l.abilityOffset() + j)]) ? 0 : 1;
            QVERIFY(std::abs(ones.dot(projected.abilities * ones)) < 1e-6 * projected.abilities.trace());
        }
        // With priors the scale is the prior's: nothing is projected.
        options.prior = true;
        auto bayes = IrtFitter::fit(sim.data, options);
        QVERIFY(bayes);
        const Point q = pointOf(bayes.value(), IrtLayout::of(sim.data, options), QStringLiteral("exam-paper"));
        const IrtCovarianceResult unprojected = IrtCovariance::compute(sim.data, IrtLayout::of(sim.data, options), q.x.data(), q.lower.data(), q.upper.data(), false);
        for (int s = 0; s < int(bayes.value().studentSe.size()); ++s)
            if (!std::isnan(bayes.value().studentSe[size_t(s)]))
                QVERIFY(std::abs(bayes.value().studentSe[size_t(s)] - unprojected.studentSe[size_t(s)]) <= 1e-9 * bayes.value().studentSe[size_t(s)]);
    }
};

ASSAY_TEST_GUILESS_MAIN(TestIrtTall)

} // namespace tst_irttall
#include "tst_irttall.moc"
