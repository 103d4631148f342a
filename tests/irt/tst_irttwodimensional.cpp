// The two-dimensional compensatory 2PL (issue 50 item 3, docs/METHODS.md §9.18): the adaptive
// 2-D quadrature against a brute-force grid, the recovery of both abilities on a simulated
// two-dimensional population, and the comparison with the one-dimensional 2PL both ways.
#include "testmain.h"
#include "irt/irtfitter.h"
#include "irt/irtjson.h"
#include "irt/irtsearch.h"
#include "irt/irtmarginal.h"
#include "irt/irtsimulation.h"
#include "irt/irttwodimadaptive.h"
#include "irt/irtvalidation.h"
#include "irt/irttwodimensional.h"
#include "irt/irttwodimposterior.h"

#include <QSet>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <Eigen/Dense>

#include <cmath>
#include <random>

namespace tst_irttwodimensional {

using namespace assay;

namespace {

struct TwoDim {
    IrtData data;
    std::vector<double> t1, t2;
    QVector<IrtTwoDimItem> items;
};

// θ ~ N(0, I₂); a third of the items measure θ₁ only, a third θ₂ only, a third both; every
// student also has a factor "family" that follows θ₂'s sign.
TwoDim simulate(int students, int items, quint64 seed)
{
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal(0, 1);
    std::uniform_real_distribution<double> slope(1.0, 2.2);
    TwoDim out;
    out.data.factors = {QStringLiteral("family")};
    for (int s = 0; s < students; ++s) {
        out.t1.push_back(normal(rng));
        out.t2.push_back(normal(rng));
        out.data.students << QStringLiteral("s%1").arg(s);
        out.data.levels << QStringList{out.t2.back() > 0 ? QStringLiteral("upper") : QStringLiteral("lower")};
    }
    for (int j = 0; j < items; ++j) {
        IrtTwoDimItem i;
        i.id = QStringLiteral("i%1").arg(j);
        const int kind = j % 3;
        i.a1 = kind == 1 ? 0 : slope(rng);
        i.a2 = kind == 0 ? 0 : slope(rng);
        i.d = normal(rng);
        out.items << i;
        out.data.items << i.id;
    }
    std::uniform_real_distribution<double> uniform(0, 1);
    out.data.responses.resize(students);
    for (int s = 0; s < students; ++s)
        for (const IrtTwoDimItem &i : std::as_const(out.items))
            out.data.responses[s] << qint8(uniform(rng) < IrtTwoDimensional::probability(i, out.t1[size_t(s)], out.t2[size_t(s)]) ? 1 : 0);
    return out;
}

Result<IrtMarginalFit> twoPl(const IrtData &data)
{
    IrtMarginal::Options o;
    o.model = IrtOptions::Model::TwoPL;
    return IrtMarginal::fit(data, o);
}

} // namespace

class TestIrtTwoDimensional : public QObject {
    Q_OBJECT

private slots:
    // The adaptive rule's marginal likelihood and posterior mean against a 401 × 401 grid.
    void quadratureAgreesWithAGrid()
    {
        const std::vector<double> a1{1.2, 0.3, 1.8, -0.4, 0.9, 2.0}, a2{0.1, 1.5, 0.9, 1.1, -0.7, 0.0}, d{0.3, -0.5, 1.0, 0.2, -1.2, 0.8};
        const std::vector<IrtCell> answers{{0, 1}, {1, 0}, {2, 1}, {3, 1}, {4, 0}, {5, 1}};
        IrtTwoDimPosterior rule(7);
        std::vector<double> t1(size_t(rule.size())), t2 = t1, w = t1;
        double mode[2] = {0, 0};
        const double adaptive = rule.integrate(answers, a1.data(), a2.data(), d.data(), mode, t1.data(), t2.data(), w.data());
        double mean1 = 0;
        for (size_t k = 0; k < w.size(); ++k)
            mean1 += w[k] * t1[k];
        double sum = 0, sum1 = 0;
        const double h = 16.0 / 400;
        for (int x = 0; x <= 400; ++x)
            for (int y = 0; y <= 400; ++y) {
                const double u = -8 + x * h, v = -8 + y * h;
                double l = -0.5 * (u * u + v * v) - std::log(2 * M_PI);
                for (const IrtCell &c : answers)
                    l += IrtTwoDimPosterior::logProbability(c.correct, a1[size_t(c.index)] * u + a2[size_t(c.index)] * v + d[size_t(c.index)]);
                sum += std::exp(l) * h * h;
                sum1 += u * std::exp(l) * h * h;
            }
        QVERIFY2(std::abs(adaptive - std::log(sum)) < 1e-4, qPrintable(QStringLiteral("%1 vs %2").arg(adaptive, 0, 'g', 10).arg(std::log(sum), 0, 'g', 10)));
        QVERIFY2(std::abs(mean1 - sum1 / sum) < 1e-3, qPrintable(QStringLiteral("%1 vs %2").arg(mean1).arg(sum1 / sum)));
        // Many answers make the posterior narrow: still integrated, and its mode found.
        std::vector<IrtCell> many;
        std::vector<double> b1, b2, bd;
        std::mt19937_64 rng(3);
        std::normal_distribution<double> normal(0, 1);
        for (int j = 0; j < 2000; ++j) {
            b1.push_back(1 + 0.5 * normal(rng));
            b2.push_back(0.5 * normal(rng));
            bd.push_back(normal(rng));
            const double p = 1 / (1 + std::exp(-(b1.back() * 0.7 + b2.back() * -0.4 + bd.back())));
            many.push_back({j, qint8(std::uniform_real_distribution<double>(0, 1)(rng) < p ? 1 : 0)});
        }
        double m[2] = {0, 0};
        rule.integrate(many, b1.data(), b2.data(), bd.data(), m, t1.data(), t2.data(), w.data());
        QVERIFY2(std::abs(m[0] - 0.7) < 0.15 && std::abs(m[1] + 0.4) < 0.3, qPrintable(QStringLiteral("mode %1, %2").arg(m[0]).arg(m[1])));
    }

    // Both abilities of a simulated two-dimensional population are recovered (r ≥ 0.9 with the
    // truth once the fit's axes are turned onto the true ones by Procrustes on the slopes), and
    // the comparison prefers two dimensions; the second follows the students' family.
    void recoversBothAbilities()
    {
        const TwoDim sim = simulate(800, 60, 11);
        auto one = twoPl(sim.data);
        QVERIFY2(one, qPrintable(one.error()));
        auto fit = IrtTwoDimensional::fit(sim.data, one.value().items, one.value().nll, {});
        QVERIFY2(fit, qPrintable(fit.error()));
        const IrtTwoDimFit &f = fit.value();
        QVERIFY(f.computed);
        QVERIFY2(f.converged, qPrintable(f.summary()));
        Eigen::MatrixXd est(60, 2), truth(60, 2);
        for (int j = 0; j < 60; ++j) {
            est(j, 0) = f.items[j].a1, est(j, 1) = f.items[j].a2;
            truth(j, 0) = sim.items[j].a1, truth(j, 1) = sim.items[j].a2;
        }
        // The orthogonal R minimising ‖est·R − truth‖ (reflections allowed: a dimension's sign is a convention).
        Eigen::JacobiSVD<Eigen::MatrixXd> svd(est.transpose() * truth, Eigen::ComputeFullU | Eigen::ComputeFullV);
        const Eigen::Matrix2d r = svd.matrixU() * svd.matrixV().transpose();
        std::vector<double> e1, e2;
        for (const IrtTwoDimAbility &a : f.students) {
            const Eigen::RowVector2d t = Eigen::RowVector2d(a.theta1, a.theta2) * r;
            e1.push_back(t(0));
            e2.push_back(t(1));
        }
        const double r1 = IrtSimulation::correlation(e1, sim.t1), r2 = IrtSimulation::correlation(e2, sim.t2);
        qInfo("recovery: r(θ₁) %.3f, r(θ₂) %.3f; BIC %.1f vs %.1f (1-D); LR %.1f on %d df; %d EM cycles, %.2f s", r1, r2, f.bic, f.oneDimBic, f.lrStatistic,
              f.lrDf, f.iterations, f.seconds);
        QVERIFY2(r1 >= 0.9 && r2 >= 0.9, qPrintable(QStringLiteral("r %1, %2").arg(r1).arg(r2)));
        const Eigen::MatrixXd turned = est * r;
        double slopeError = 0;
        for (int j = 0; j < 60; ++j)
            slopeError = std::max(slopeError, (turned.row(j) - truth.row(j)).norm());
        QVERIFY2(slopeError < 1.0, qPrintable(QStringLiteral("largest slope error %1").arg(slopeError)));
        QVERIFY(f.preferred());
        QVERIFY(f.lrP < 0.01 && f.bic < f.oneDimBic);
        QCOMPARE(f.lrDf, 59);
        QCOMPARE(f.parameters, 179);
        QVERIFY2(f.summary().contains(QStringLiteral("a second ability is supported")), qPrintable(f.summary()));
        // A new taker's posterior on the fitted items: higher on θ₂ after answering θ₂'s items right.
        QVector<QPair<int, int>> rightOnSecond, wrongOnSecond;
        for (int j = 1; j < 60; j += 3)
            rightOnSecond << qMakePair(j, 1), wrongOnSecond << qMakePair(j, 0);
        const IrtTwoDimAbility hi = IrtTwoDimensional::ability(f.items, rightOnSecond), lo = IrtTwoDimensional::ability(f.items, wrongOnSecond);
        const Eigen::RowVector2d hiT = Eigen::RowVector2d(hi.theta1, hi.theta2) * r, loT = Eigen::RowVector2d(lo.theta1, lo.theta2) * r;
        QVERIFY2(hiT(1) > loT(1) + 1.5, qPrintable(QStringLiteral("θ₂ %1 vs %2").arg(hiT(1)).arg(loT(1))));
        QVERIFY(IrtTwoDimensional::expectedAccuracy(f.items, rightOnSecond) > IrtTwoDimensional::expectedAccuracy(f.items, wrongOnSecond));
        const nlohmann::json j = f.toJson();
        QCOMPARE(j.at("lr_test").at("df").get<int>(), 59);
        QCOMPARE(j.at("students").size(), size_t(800));
        QVERIFY(j.at("preferred").get<bool>());
    }

    // On one-dimensional data the second ability does not pay for its parameters.
    void oneDimensionIsEnough()
    {
        const IrtSimulation sim = IrtSimulation::twoPl(500, 40, 7);
        auto one = twoPl(sim.data);
        QVERIFY2(one, qPrintable(one.error()));
        auto fit = IrtTwoDimensional::fit(sim.data, one.value().items, one.value().nll, {});
        QVERIFY2(fit, qPrintable(fit.error()));
        const IrtTwoDimFit &f = fit.value();
        qInfo("1-D data: BIC %.1f vs %.1f (1-D); LR %.1f on %d df, p %.3f", f.bic, f.oneDimBic, f.lrStatistic, f.lrDf, f.lrP);
        QVERIFY(f.computed);
        QVERIFY(!f.preferred());
        QVERIFY(f.bic > f.oneDimBic);
        // θ₁ is the general ability: it agrees with the truth as the 1-D θ does.
        std::vector<double> t1;
        for (const IrtTwoDimAbility &a : f.students)
            t1.push_back(a.theta1);
        QVERIFY2(IrtSimulation::correlation(t1, sim.theta) > 0.9, qPrintable(QString::number(IrtSimulation::correlation(t1, sim.theta))));
        QVERIFY(f.summary().contains(QStringLiteral("one ability is enough")));
    }

    // Short forms and adaptive tests through the two-ability model (IrtValidation's random-2d
    // and adaptive-2d): on two-dimensional takers the adaptive test on both abilities estimates
    // the whole exam's accuracy best, and its items are the D-optimal ones (all different, the
    // first the most informative at θ = 0).
    void shortFormsUseIt()
    {
        const TwoDim sim = simulate(120, 90, 23);
        IrtValidation::Options o;
        o.methods = {QStringLiteral("random"), QStringLiteral("plain"), QStringLiteral("random-2d"), QStringLiteral("adaptive-2d")};
        o.sizes = {15, 30};
        o.folds = 4;
        o.seeds = 3;
        o.fit.model = IrtOptions::Model::TwoPL;
        o.fit.prior = true;
        auto report = IrtValidation::run(sim.data, o);
        QVERIFY2(report, qPrintable(report.error()));
        const auto &c = report.value().cells;
        for (int n : {15, 30})
            qInfo("N=%d MAE: random %.3f, plain %.3f, random-2d %.3f, adaptive-2d %.3f; recommended %s", n, c[QStringLiteral("random")][n].mae,
                  c[QStringLiteral("plain")][n].mae, c[QStringLiteral("random-2d")][n].mae, c[QStringLiteral("adaptive-2d")][n].mae,
                  qPrintable(report.value().recommended(n)));
        // The same random items tell the accuracy as well through either model (it is a sum
        // over items); the adaptive test on both abilities tells it better than either (measured:
        // 0.053 against 0.069 random and 0.087 plain at 15 items, 0.035 against 0.050 and 0.056 at 30).
        for (int n : {15, 30}) {
            QVERIFY(std::abs(c[QStringLiteral("random-2d")][n].mae - c[QStringLiteral("random")][n].mae) < 0.01);
            QVERIFY(c[QStringLiteral("adaptive-2d")][n].mae < c[QStringLiteral("random")][n].mae - 0.01);
            QVERIFY(c[QStringLiteral("adaptive-2d")][n].mae < c[QStringLiteral("plain")][n].mae - 0.01);
            QCOMPARE(report.value().recommended(n), QStringLiteral("adaptive-2d"));
        }
        QVERIFY(report.value().toJson().at("methods").contains("adaptive-2d"));
        // The adaptive test on the true items: distinct items, the first the most informative at 0.
        const auto test = IrtTwoDimAdaptive::run(sim.items, 20, [](int j) { return j % 2; });
        QCOMPARE(test.size(), 20);
        QSet<int> seen;
        for (const auto &g : test)
            seen.insert(g.first);
        QCOMPARE(seen.size(), 20);
        int first = 0;
        double most = -1;
        for (int j = 0; j < sim.items.size(); ++j) {
            const IrtTwoDimItem &it = sim.items[j];
            const double p = IrtTwoDimensional::probability(it, 0, 0), info = p * (1 - p) * (it.a1 * it.a1 + it.a2 * it.a2);
            if (info > most)
                most = info, first = j;
        }
        QCOMPARE(test.first().first, first);
    }

    // Through the fit the Exams page and `irt fit --dimensions 2` run: the 2-D row joins the
    // comparison in the JSON, and nothing is fitted unless asked for.
    void theSearchFitsItWhenAsked()
    {
        const TwoDim sim = simulate(300, 30, 5);
        IrtOptions o;
        o.model = IrtOptions::Model::TwoPL;
        o.dimensions = 2;
        auto fit = IrtSearch::run(sim.data, o);
        QVERIFY2(fit, qPrintable(fit.error()));
        QVERIFY(fit.value().twoDimensional.computed);
        QVERIFY(fit.value().twoDimensional.preferred());
        QCOMPARE(fit.value().twoDimensional.oneDimNll, fit.value().comparison[1].nll); // against the comparison's 2PL
        const nlohmann::json j = IrtJson::fit(fit.value());
        QVERIFY(j.contains("two_dimensional"));
        QCOMPARE(j["two_dimensional"]["lr_test"]["df"].get<int>(), 29);
        QVERIFY(j["two_dimensional"]["preferred"].get<bool>());
        o.dimensions = 1;
        auto plain = IrtSearch::run(sim.data, o);
        QVERIFY(plain);
        QVERIFY(!plain.value().twoDimensional.computed);
        QVERIFY(!IrtJson::fit(plain.value()).contains("two_dimensional"));
    }

    void tooFewStudentsSaysSo()
    {
        const IrtSimulation sim = IrtSimulation::twoPl(6, 20, 3);
        QVector<IrtItem> start;
        for (const QString &id : sim.data.items)
            start << IrtItem(id);
        auto fit = IrtTwoDimensional::fit(sim.data, start, qQNaN(), {});
        QVERIFY(fit);
        QVERIFY(!fit.value().computed);
        QVERIFY(fit.value().note.contains(QStringLiteral("at least 10 students")));
        QVERIFY(!IrtTwoDimensional::fit(sim.data, start.mid(1), qQNaN(), {}));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestIrtTwoDimensional)

} // namespace tst_irttwodimensional
#include "tst_irttwodimensional.moc"
