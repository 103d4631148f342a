// Short forms, adaptive testing and their validation on simulated panels with known truth
// (docs/METHODS.md §9.15): EAP abilities recover θ, an adaptive test stops by its rule and
// reaches SE ≤ 0.3 within 50 items of a 2,000-item 2PL bank, the information and anchor
// forms estimate accuracy better than random forms of the same size, Kendall's τ on known
// cases, the leave-out validation's figures and JSON, and the marginal-ML estimator.
#include "testmain.h"
#include "irt/irtability.h"
#include "irt/irtadaptive.h"
#include "irt/irtfitter.h"
#include "irt/irtformcalibration.h"
#include "irt/irtshortform.h"
#include "irt/irtsimulation.h"
#include "irt/irtvalidation.h"
#include "irt/shortformcharts.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace tst_irtshortform {

using namespace assay;

namespace {

QVector<IrtItem> truth(const IrtSimulation &sim)
{
    return QVector<IrtItem>(sim.items.begin(), sim.items.end());
}

QVector<int> row(const IrtData &data, int s)
{
    QVector<int> out;
    for (qint8 y : data.responses[s])
        out << int(y);
    return out;
}

double observed(const IrtData &data, int s)
{
    int n = 0, right = 0;
    for (qint8 y : data.responses[s])
        if (y >= 0)
            ++n, right += y;
    return double(right) / n;
}

} // namespace

class TestIrtShortForm : public QObject {
    Q_OBJECT

private slots:
    void eapRecoversAbilities()
    {
        const IrtSimulation sim = IrtSimulation::twoPl(200, 400, 11);
        const QVector<IrtItem> items = truth(sim);
        std::vector<double> eap;
        double meanSe = 0;
        for (int s = 0; s < 200; ++s) {
            const IrtAbilityEstimate e = IrtAbility::eap(items, row(sim.data, s));
            QCOMPARE(e.answered, 400);
            eap.push_back(e.theta);
            meanSe += e.se / 200;
        }
        QVERIFY2(IrtSimulation::correlation(eap, sim.theta) > 0.97, qPrintable(QString::number(IrtSimulation::correlation(eap, sim.theta))));
        QVERIFY2(meanSe < 0.2, qPrintable(QString::number(meanSe)));
        // Nothing answered: the prior.
        const IrtAbilityEstimate none = IrtAbility::eap(items, QVector<int>(400, -1));
        QVERIFY(std::abs(none.theta) < 1e-6);
        QVERIFY(std::abs(none.se - 1) < 1e-3);
        // The accuracy interval brackets the point and follows θ.
        const IrtAccuracyEstimate a = IrtAbility::accuracy(items, {0.5, 0.2, 10});
        QVERIFY(a.low < a.accuracy && a.accuracy < a.high);
        QVERIFY(IrtAbility::expectedAccuracy(items, 1) > IrtAbility::expectedAccuracy(items, 0));
    }

    void adaptiveStopsBySeWithinFiftyItems()
    {
        // The target: a simulated 200 × 2,000 2PL bank, SE(θ̂) ≤ 0.3 within 50 items.
        const IrtSimulation sim = IrtSimulation::twoPl(200, 2000, 5);
        const QVector<IrtItem> items = truth(sim);
        IrtAdaptiveRule rule;
        rule.se = 0.3;
        rule.maxItems = 200;
        int most = 0;
        double meanItems = 0, meanError = 0, predictionError = 0;
        for (int s = 0; s < 200; ++s) {
            IrtAdaptive cat(items, rule);
            QCOMPARE(cat.expectedLength(), 200); // before any answer: the maximum
            int predicted = -1;
            for (int j = cat.next(); j >= 0; j = cat.next()) {
                cat.record(j, sim.data.responses[s][j]);
                if (!cat.finished())
                    QVERIFY(cat.expectedLength() > cat.given() && cat.expectedLength() <= 200);
                if (cat.given() == 3)
                    predicted = cat.expectedLength();
            }
            QCOMPARE(cat.expectedLength(), cat.given());
            if (predicted > 0)
                predictionError += std::abs(predicted - cat.given()) / 200.0;
            QVERIFY(cat.ability().se <= 0.3);
            QVERIFY(cat.stopReason().startsWith(QLatin1String("SE")));
            most = std::max(most, cat.given());
            meanItems += cat.given() / 200.0;
            meanError += std::abs(cat.ability().theta - sim.theta[size_t(s)]) / 200;
        }
        // The progress bar's guess after 3 items, against the length the test took (measured:
        // off by 3.4 items on tests of 13 on average; the maximum it replaced was off by 187).
        qInfo("adaptive: mean %.1f items, most %d, mean |θ̂ − θ| %.3f; length foreseen after 3 items off by %.2f on average", meanItems, most, meanError,
              predictionError);
        QVERIFY2(predictionError < 5.0, qPrintable(QString::number(predictionError)));
        QVERIFY2(most <= 50, qPrintable(QString::number(most)));
        QVERIFY(meanError < 0.35);
    }

    // The walk outwards from θ over the items ordered by b gives the item a scan of every
    // unanswered one gives (ties to the lower index): 1PL (every bound alike, many ties), 2PL,
    // 3PL, and a bank with an item whose c is out of range (every item scanned).
    void adaptivePicksTheMostInformativeItem_data()
    {
        QTest::addColumn<double>("aMin");
        QTest::addColumn<double>("aMax");
        QTest::addColumn<double>("cMax");
        QTest::addColumn<bool>("badC");
        QTest::newRow("1PL") << 1.0 << 1.0 << 0.0 << false;
        QTest::newRow("2PL") << 0.3 << 2.5 << 0.0 << false;
        QTest::newRow("3PL") << 0.5 << 2.0 << 0.3 << false;
        QTest::newRow("c out of range") << 0.5 << 2.0 << 0.3 << true;
    }

    void adaptivePicksTheMostInformativeItem()
    {
        QFETCH(double, aMin);
        QFETCH(double, aMax);
        QFETCH(double, cMax);
        QFETCH(bool, badC);
        IrtSimulationSpec spec;
        spec.students = 30;
        spec.items = 400;
        spec.aMin = aMin, spec.aMax = aMax, spec.cMin = 0, spec.cMax = cMax;
        spec.seed = 11;
        const IrtSimulation sim = IrtSimulation::generate(spec);
        QVector<IrtItem> items = truth(sim);
        for (int j = 0; j < 40; ++j) // duplicates of earlier items: exact ties
            items[360 + j] = items[j * 3];
        if (badC)
            items[200].c = 1.5;
        IrtAdaptiveRule rule;
        rule.se = 0.01;
        rule.maxItems = 60;
        int picks = 0;
        for (int s = 0; s < spec.students; ++s) {
            IrtAdaptive cat(items, rule);
            QVector<bool> given(items.size());
            for (int j = cat.next(); j >= 0; j = cat.next()) {
                const double theta = cat.ability().theta;
                int best = -1;
                double bestInfo = 0;
                for (int k = 0; k < items.size(); ++k) {
                    const double info = IrtFitter::information(items[k].a, items[k].b, items[k].c, theta);
                    if (!given[k] && (best < 0 || info > bestInfo))
                        best = k, bestInfo = info;
                }
                QCOMPARE(j, best);
                given[j] = true;
                cat.record(j, sim.data.responses[s][j]);
                ++picks;
            }
        }
        QCOMPARE(picks, spec.students * rule.maxItems);
    }

    void adaptiveRule()
    {
        const IrtSimulation sim = IrtSimulation::twoPl(5, 60, 2);
        const QVector<IrtItem> items = truth(sim);
        // The maximum stops an unreachable SE; the minimum holds off an early stop.
        IrtAdaptiveRule tight = IrtAdaptiveRule::parse(QStringLiteral("se=0.05,max=12")).value();
        IrtAdaptive a(items, tight);
        for (int j = a.next(); j >= 0; j = a.next())
            a.record(j, sim.data.responses[0][j]);
        QCOMPARE(a.given(), 12);
        QVERIFY(a.stopReason().contains(QLatin1String("maximum")));
        IrtAdaptiveRule loose = IrtAdaptiveRule::parse(QStringLiteral("se=0.9,max=30,min=7")).value();
        IrtAdaptive b(items, loose);
        for (int j = b.next(); j >= 0; j = b.next())
            b.record(j, sim.data.responses[1][j]);
        QCOMPARE(b.given(), 7);
        // The first item is the most informative at θ = 0; no item is given twice.
        IrtAdaptive c(items, tight);
        int best = 0;
        for (int j = 1; j < items.size(); ++j)
            if (IrtFitter::information(items[j].a, items[j].b, items[j].c, 0) > IrtFitter::information(items[best].a, items[best].b, items[best].c, 0))
                best = j;
        QCOMPARE(c.next(), best);
        QSet<int> seen;
        for (int j = c.next(); j >= 0; j = c.next()) {
            QVERIFY(!seen.contains(j));
            seen.insert(j);
            c.record(j, 1);
        }
        // An unanswered item is given but is no evidence.
        IrtAdaptive d(items, tight);
        d.record(d.next(), -1);
        QCOMPARE(d.given(), 1);
        QCOMPARE(d.ability().answered, 0);
        // Bad rules name the part.
        QVERIFY(IrtAdaptiveRule::parse(QStringLiteral("se=2")).error().contains(QLatin1String("se")));
        QVERIFY(IrtAdaptiveRule::parse(QStringLiteral("max=0")).error().contains(QLatin1String("max")));
        QVERIFY(IrtAdaptiveRule::parse(QStringLiteral("speed=3")).error().contains(QLatin1String("speed")));
        QVERIFY(IrtAdaptiveRule::parse(QStringLiteral("min=9,max=3")).error().contains(QLatin1String("min")));
        QCOMPARE(IrtAdaptiveRule::parse(QStringLiteral("se=0.3,max=200")).value().text(), QStringLiteral("se=0.3,max=200"));
    }

    void formsBeatRandom()
    {
        // With the true items, the information and anchor forms of 30 items estimate the
        // accuracy of 150 students over 600 items better than random forms (mean of 5).
        const IrtSimulation sim = IrtSimulation::twoPl(150, 600, 8);
        const QVector<IrtItem> items = truth(sim);
        QVector<QVector<int>> panel;
        QVector<double> thetas(sim.theta.begin(), sim.theta.end());
        for (int s = 0; s < 150; ++s)
            panel << row(sim.data, s);
        auto mae = [&](const QVector<int> &form) {
            double error = 0;
            for (int s = 0; s < 150; ++s) {
                QVector<QPair<int, int>> answered;
                for (int j : form)
                    answered.append({j, panel[s][j]});
                error += std::abs(IrtAbility::expectedAccuracy(items, IrtAbility::eap(items, answered).theta) - observed(sim.data, s)) / 150;
            }
            return error;
        };
        double random = 0;
        for (quint64 seed = 1; seed <= 5; ++seed)
            random += mae(IrtShortForm::choose(IrtShortForm::Method::Random, items, panel, thetas, 30, seed).value().items) / 5;
        auto info = IrtShortForm::choose(IrtShortForm::Method::Information, items, panel, thetas, 30, 1).value();
        auto anchors = IrtShortForm::choose(IrtShortForm::Method::Anchors, items, panel, thetas, 30, 1).value();
        qInfo("MAE with 30 of 600 items: random %.4f, information %.4f, anchors %.4f", random, mae(info.items), mae(anchors.items));
        QVERIFY(mae(info.items) < random);
        QVERIFY(mae(anchors.items) < random * 1.1);
        // Forms hold N distinct items; weights sum to 1.
        for (const IrtShortFormChoice &c : {info, anchors}) {
            QCOMPARE(c.items.size(), 30);
            QCOMPARE(QSet<int>(c.items.begin(), c.items.end()).size(), 30);
            double sum = 0;
            for (double w : c.weights)
                sum += w;
            QVERIFY(std::abs(sum - 1) < 1e-9);
        }
        // The same seed, the same form; too many items is an error.
        QCOMPARE(IrtShortForm::choose(IrtShortForm::Method::Anchors, items, panel, thetas, 30, 1).value().items, anchors.items);
        QVERIFY(IrtShortForm::choose(IrtShortForm::Method::Random, items, panel, thetas, 601, 1).error().contains(QLatin1String("601")));
        QVERIFY(IrtShortForm::methodFromName(QStringLiteral("best")).error().contains(QLatin1String("best")));
    }

    void greedyFormsArePrefixes()
    {
        // The information form is the greedy pick a full scan makes each round (the lazy heap
        // must not change it), ties included; the validation cuts the longest information form
        // and adaptive test to each size, so a shorter one must be the longer one's prefix.
        const IrtSimulation sim = IrtSimulation::twoPl(60, 400, 21);
        QVector<IrtItem> items = truth(sim);
        for (int j = 0; j < 40; ++j)
            items[j + 40] = items[j]; // equal items: ties
        const QVector<double> thetas(sim.theta.begin(), sim.theta.end());
        const QVector<QVector<int>> panel;
        const auto [lo, hi] = std::minmax_element(thetas.begin(), thetas.end());
        std::vector<double> grid(25), total(25, 1.0);
        for (int g = 0; g < 25; ++g)
            grid[size_t(g)] = *lo + (*hi - *lo) * g / 24;
        QVector<int> scan;
        std::vector<char> used(size_t(items.size()), 0);
        while (scan.size() < 60) {
            int best = -1;
            double bestGain = -1;
            for (int j = 0; j < items.size(); ++j) {
                double gain = 0;
                for (int g = 0; g < 25 && !used[size_t(j)]; ++g)
                    gain += std::log1p(IrtFitter::information(items[j].a, items[j].b, items[j].c, grid[size_t(g)]) / total[size_t(g)]);
                if (!used[size_t(j)] && gain > bestGain)
                    bestGain = gain, best = j;
            }
            used[size_t(best)] = 1;
            for (int g = 0; g < 25; ++g)
                total[size_t(g)] += IrtFitter::information(items[best].a, items[best].b, items[best].c, grid[size_t(g)]);
            scan << best;
        }
        const QVector<int> form = IrtShortForm::choose(IrtShortForm::Method::Information, items, panel, thetas, 60, 1).value().items;
        QCOMPARE(form, scan);
        QCOMPARE(IrtShortForm::choose(IrtShortForm::Method::Information, items, panel, thetas, 7, 1).value().items, scan.mid(0, 7));
        for (int s : {0, 17, 59}) {
            const auto testOf = [&](int n) {
                IrtAdaptiveRule rule;
                rule.se = 1e-9;
                rule.maxItems = n;
                IrtAdaptive cat(items, rule);
                QSet<int> seen;
                for (int j = cat.next(); j >= 0; j = cat.next()) {
                    // The pick is a full scan's: the most information at θ̂, the lower index on ties.
                    int best = -1;
                    double bestInfo = -1;
                    for (int k = 0; k < items.size(); ++k)
                        if (const double info = IrtFitter::information(items[k].a, items[k].b, items[k].c, cat.ability().theta);
                            !seen.contains(k) && info > bestInfo)
                            best = k, bestInfo = info;
                    if (j != best)
                        return QVector<int>{-1, j, best};
                    seen.insert(j);
                    cat.record(j, sim.data.responses[s][j]);
                }
                QVector<int> given;
                for (const IrtAdaptiveStep &step : cat.steps())
                    given << step.item;
                return given;
            };
            const QVector<int> longTest = testOf(40), shortTest = testOf(9);
            QCOMPARE(longTest.size(), 40);
            QCOMPARE(shortTest, longTest.mid(0, 9));
        }
    }

    void kendall()
    {
        QCOMPARE(IrtValidation::kendallTau({1, 2, 3, 4}, {10, 20, 30, 40}), 1.0);
        QCOMPARE(IrtValidation::kendallTau({1, 2, 3, 4}, {4, 3, 2, 1}), -1.0);
        // One discordant pair of six: (5 − 1) / 6.
        QVERIFY(std::abs(IrtValidation::kendallTau({1, 2, 3, 4}, {1, 3, 2, 4}) - 4.0 / 6) < 1e-12);
        QCOMPARE(IrtValidation::kendallTau({1, 1, 1}, {1, 2, 3}), 0.0);
    }

    void panelCorrection()
    {
        // A line the panel follows exactly is recovered with no scatter, and applied (clamped
        // into [0, 1]); a noisy panel's scatter is its residual SD.
        QVector<double> model, observed, noisy;
        for (int i = 0; i < 12; ++i) {
            model << 0.3 + 0.04 * i;
            observed << 0.1 + 0.8 * model.last();
            noisy << observed.last() + (i % 2 ? 0.01 : -0.01);
        }
        IrtFormCalibration c = IrtFormCalibration::fit(model, observed);
        QCOMPARE(c.takers, 12);
        QVERIFY(std::abs(c.intercept - 0.1) < 1e-9 && std::abs(c.slope - 0.8) < 1e-9 && c.residualSd < 1e-9);
        QVERIFY(std::abs(c.apply(0.5) - 0.5) < 1e-9);
        QCOMPARE(c.apply(5.0), 1.0);
        c = IrtFormCalibration::fit(model, noisy);
        QVERIFY2(c.residualSd > 0.009 && c.residualSd < 0.012, qPrintable(QString::number(c.residualSd)));
        // Too few takers: the identity.
        c = IrtFormCalibration::fit(model.mid(0, 4), observed.mid(0, 4));
        QCOMPARE(c.takers, 0);
        QCOMPARE(c.apply(0.42), 0.42);
    }

    void validationOnASimulatedPanel()
    {
        const IrtSimulation sim = IrtSimulation::twoPl(40, 300, 21);
        IrtValidation::Options options;
        options.sizes = {10, 40, 400};
        options.folds = 8;
        options.seeds = 3;
        options.fit.model = IrtOptions::Model::TwoPL;
        options.fit.prior = true;
        int calls = 0;
        options.progress = [&](int, int) { ++calls; };
        auto report = IrtValidation::run(sim.data, options);
        QVERIFY2(report.ok(), qPrintable(report.error()));
        const IrtValidationReport &r = report.value();
        QCOMPARE(r.sizes, (QVector<int>{10, 40})); // 400 is not below the exam's 300 items
        QCOMPARE(calls, 9);
        for (const QString &m : r.methods)
            for (int n : r.sizes) {
                QVERIFY(r.cells[m][n].mae >= 0 && r.cells[m][n].mae < 0.2);
                QVERIFY(r.cells[m][n].kendallTau > 0);
            }
        // More items, smaller error, for the informed methods.
        QVERIFY(r.cells[QStringLiteral("information")][40].mae < r.cells[QStringLiteral("information")][10].mae);
        QVERIFY(r.cells[QStringLiteral("adaptive")][40].mae < r.cells[QStringLiteral("random")][40].mae * 1.2);
        const nlohmann::json j = r.toJson();
        QCOMPARE(j["students"].get<int>(), 40);
        QCOMPARE(j["items"].get<int>(), 300);
        QVERIFY(j["methods"]["anchors"]["40"].contains("kendall_tau"));
        QVERIFY(j["methods"]["random"]["10"]["mae"].is_number());
        // Plain: the share correct on the random forms, no model and no panel correction; its
        // error is the binomial one, about 0.8·√(p(1 − p)/N · (1 − N/300)) ≈ 0.06 at N = 40.
        const IrtValidationCell &plain = r.cells[QStringLiteral("plain")][40];
        QCOMPARE(plain.mae, plain.modelMae);
        QCOMPARE(plain.meanItems, 40.0);
        QVERIFY2(plain.mae > 0.03 && plain.mae < 0.09, qPrintable(QString::number(plain.mae)));
        QVERIFY(r.cells[QStringLiteral("plain")][10].mae > plain.mae);
        // The recommendation: one of the methods at every size.
        for (int n : r.sizes)
            QVERIFY(r.methods.contains(QString::fromStdString(j["recommended"][std::to_string(n)].get<std::string>())));
        // The chart draws one line per method over the sizes, plain among them.
        const ChartData chart = ShortFormCharts::validation(j, false);
        QCOMPARE(chart.series.size(), 5);
        QCOMPARE(chart.series[4].name, QStringLiteral("plain"));
        QCOMPARE(chart.series[4].countText(0), QStringLiteral(" · n = %1 takers").arg(j["students"].get<int>())); // the hover says on how many
        QCOMPARE(chart.series[0].x, (QVector<double>{10, 40}));
        QVERIFY(IrtValidation::run(sim.data, [] { IrtValidation::Options o; o.methods = {QStringLiteral("psychic")}; return o; }()).error().contains(QLatin1String("psychic")));
    }

    // A tie with plain (the same MAE to three decimals) goes to plain; a method worse than plain
    // is named in the chart's subtitle.
    void plainIsTheBaseline()
    {
        IrtValidationReport r;
        r.sizes = {100};
        r.methods = {QStringLiteral("random"), QStringLiteral("information"), QStringLiteral("plain")};
        r.cells[QStringLiteral("random")][100].mae = 0.0301;
        r.cells[QStringLiteral("information")][100].mae = 0.064;
        r.cells[QStringLiteral("plain")][100].mae = 0.0304;
        QCOMPARE(r.best(100), QStringLiteral("random"));
        QCOMPARE(r.recommended(100), QStringLiteral("plain"));
        r.cells[QStringLiteral("plain")][100].mae = 0.0316;
        QCOMPARE(r.recommended(100), QStringLiteral("random"));
        const ChartData chart = ShortFormCharts::validation(r.toJson(), false);
        QStringList names;
        for (const ChartSeries &s : chart.series)
            names << s.name;
        QCOMPARE(names, (QStringList{QStringLiteral("random"), QStringLiteral("information"), QStringLiteral("plain")}));
        QCOMPARE(chart.series[0].countText(0), QString()); // no takers in this hand-made report: n not said
        QVERIFY2(chart.subtitle.endsWith(QLatin1String("; worse than plain: information")), qPrintable(chart.subtitle));
        QCOMPARE(r.toJson()["recommended"]["100"].get<std::string>(), std::string("random"));
    }

    void marginalEstimator()
    {
        // Items by marginal ML, abilities by EAP with posterior SDs; recovery of a and b on a
        // simulated 1,000 × 40 2PL panel.
        const IrtSimulation sim = IrtSimulation::twoPl(1000, 40, 3);
        IrtOptions options;
        options.model = IrtOptions::Model::TwoPL;
        QVERIFY(options.setEstimator(QStringLiteral("mml")).ok());
        QCOMPARE(options.estimator(), QStringLiteral("mml"));
        auto fit = IrtFitter::fit(sim.data, options);
        QVERIFY2(fit.ok(), qPrintable(fit.error()));
        QCOMPARE(fit.value().estimator, QStringLiteral("mml"));
        std::vector<double> a, b, trueA, trueB, theta;
        for (int j = 0; j < 40; ++j) {
            a.push_back(fit.value().items[j].a), b.push_back(fit.value().items[j].b);
            trueA.push_back(sim.items[size_t(j)].a), trueB.push_back(sim.items[size_t(j)].b);
        }
        for (const auto &s : fit.value().students)
            theta.push_back(s.second);
        QVERIFY2(IrtSimulation::correlation(a, trueA) > 0.85, qPrintable(QString::number(IrtSimulation::correlation(a, trueA))));
        QVERIFY(IrtSimulation::correlation(b, trueB) > 0.98);
        QVERIFY(IrtSimulation::correlation(theta, sim.theta) > 0.9);
        QCOMPARE(int(fit.value().studentSe.size()), 1000);
        for (double se : fit.value().studentSe)
            QVERIFY(se > 0.1 && se < 1);
        QVERIFY(!options.setEstimator(QStringLiteral("ml")).ok());
        IrtOptions hierarchical = options;
        hierarchical.hierarchical = true;
        QVERIFY(IrtFitter::fit(sim.data, hierarchical).error().contains(QLatin1String("flat")));
    }
};

ASSAY_TEST_GUILESS_MAIN(TestIrtShortForm)

} // namespace tst_irtshortform
#include "tst_irtshortform.moc"
