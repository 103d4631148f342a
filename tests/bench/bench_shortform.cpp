// Evaluation with a few percent of the exam (docs/METHODS.md §9.14–9.15), on simulated panels
// with known truth:
// - "validation 200 × 2,000 2PL": the leave-out validation of short forms and adaptive tests
//   (targets: the best method's accuracy MAE ≤ 0.03 with 100 items and ≤ 0.02 with 200, its
//   Kendall's τ ≥ 0.9 with 100, each better than random at the same N);
// - "adaptive 200 × 2,000 2PL": adaptive tests on fitted items stop at SE(θ̂) ≤ 0.3 within 50
//   items (target, for every student);
// - "recovery": a and b recovered by marginal ML against joint ML and Bayes modal on 25, 63
//   and 1,000 simulated students × 100 items (2PL), with their times (figures, no target).
// An argument runs only the cases whose name contains it; ASSAY_BENCH_FOLDS sets the
// validation's folds (default 0: leave one out).
#include "benchregistry.h"
#include "irt/irtadaptive.h"
#include "irt/irtfitter.h"
#include "irt/irtsimulation.h"
#include "irt/irtvalidation.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cmath>
#include <cstdio>

namespace bench_shortform {

using namespace assay;

namespace {

double rmse(const std::vector<double> &x, const std::vector<double> &y)
{
    double sum = 0;
    for (size_t i = 0; i < x.size(); ++i)
        sum += (x[i] - y[i]) * (x[i] - y[i]);
    return std::sqrt(sum / double(x.size()));
}

bool validation(const char *name, const IrtSimulation &sim)
{
    IrtValidation::Options options;
    options.sizes = {25, 50, 100, 200};
    options.folds = qEnvironmentVariableIntValue("ASSAY_BENCH_FOLDS");
    options.fit.model = IrtOptions::Model::TwoPL;
    options.fit.prior = qEnvironmentVariableIsSet("ASSAY_BENCH_JML") ? false : true; // the CLI's default estimator
    auto report = IrtValidation::run(sim.data, options);
    if (!report) {
        std::printf("%s: %s\n", name, qPrintable(report.error()));
        return false;
    }
    const IrtValidationReport &r = report.value();
    std::printf("%s: %d students × %d items, %d folds, %.1f s\n", name, r.students, r.items, r.folds, r.seconds);
    std::printf("  %-12s %6s %8s %8s\n", "method", "N", "MAE", "tau");
    for (const QString &m : r.methods)
        for (int n : r.sizes)
            std::printf("  %-12s %6d %8.4f %8.3f\n", qPrintable(m), n, r.cells[m][n].mae, r.cells[m][n].kendallTau);
    bool ok = true;
    for (const auto &[n, maeTarget] : {std::pair<int, double>{100, 0.03}, {200, 0.02}}) {
        const QString best = r.best(n);
        const IrtValidationCell b = r.cells.value(best).value(n), random = r.cells.value(QStringLiteral("random")).value(n);
        const bool met = b.mae <= maeTarget && best != QLatin1String("random") && b.mae < random.mae && (n != 100 || (b.kendallTau >= 0.9 && b.kendallTau > random.kendallTau));
        std::printf("  N=%d: best %s MAE %.4f (target ≤ %.2f; random %.4f), τ %.3f (random %.3f)%s\n", n, qPrintable(best), b.mae, maeTarget, random.mae, b.kendallTau,
                    random.kendallTau, met ? "" : "  MISSED");
        ok &= met;
    }
    return ok;
}

bool adaptive(const char *name, const IrtSimulation &sim)
{
    IrtOptions options;
    options.model = IrtOptions::Model::TwoPL;
    options.diagnostics = false;
    auto fit = IrtFitter::fit(sim.data, options);
    if (!fit) {
        std::printf("%s: %s\n", name, qPrintable(fit.error()));
        return false;
    }
    const QVector<IrtItem> items = fit.value().items;
    IrtAdaptiveRule rule;
    rule.se = 0.3;
    rule.maxItems = 200;
    int most = 0, reached = 0;
    double mean = 0;
    std::vector<double> estimates;
    QElapsedTimer clock;
    clock.start();
    for (int s = 0; s < sim.data.students.size(); ++s) {
        IrtAdaptive cat(items, rule);
        for (int j = cat.next(); j >= 0; j = cat.next())
            cat.record(j, sim.data.responses[s][j]);
        most = std::max(most, cat.given());
        mean += double(cat.given()) / sim.data.students.size();
        reached += cat.ability().se <= 0.3 ? 1 : 0;
        estimates.push_back(cat.ability().theta);
    }
    const bool met = most <= 50 && reached == sim.data.students.size();
    std::printf("%s: SE ≤ 0.3 reached by %d of %lld students with %.1f items on average, %d at most (target ≤ 50); r(θ̂, θ) %.3f; %.3f s%s\n", name, reached,
                qlonglong(sim.data.students.size()), mean, most, IrtSimulation::correlation(estimates, sim.theta), clock.nsecsElapsed() / 1e9, met ? "" : "  MISSED");
    return met;
}

void recovery(int students)
{
    const IrtSimulation sim = IrtSimulation::twoPl(students, 100, 31);
    std::vector<double> trueA, trueB;
    for (const IrtItem &it : sim.items)
        trueA.push_back(it.a), trueB.push_back(it.b);
    for (const char *estimator : {"jml", "bayes-modal", "mml"}) {
        IrtOptions options;
        options.model = IrtOptions::Model::TwoPL;
        options.diagnostics = false;
        (void)options.setEstimator(QString::fromLatin1(estimator));
        auto fit = IrtFitter::fit(sim.data, options);
        if (!fit) {
            std::printf("recovery %d × 100 2PL %-12s failed: %s\n", students, estimator, qPrintable(fit.error()));
            continue;
        }
        std::vector<double> a, b;
        for (const IrtItem &it : fit.value().items)
            a.push_back(it.a), b.push_back(it.b);
        std::printf("recovery %5d × 100 2PL %-12s r(a) %.3f RMSE(a) %.3f  r(b) %.3f RMSE(b) %.3f  %.2f s\n", students, estimator, IrtSimulation::correlation(a, trueA),
                    rmse(a, trueA), IrtSimulation::correlation(b, trueB), rmse(b, trueB), fit.value().seconds);
    }
}

} // namespace

int run(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QString only = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    auto wanted = [&](const char *name) { return only.isEmpty() || QString::fromUtf8(name).contains(only); };
    bool ok = true;
    if (wanted("recovery"))
        for (int students : {25, 63, 1000})
            recovery(students);
    if (wanted("adaptive 200 × 2,000 2PL"))
        ok &= adaptive("adaptive 200 × 2,000 2PL", IrtSimulation::twoPl(200, 2000, 41));
    if (wanted("validation 200 × 2,000 2PL"))
        ok &= validation("validation 200 × 2,000 2PL", IrtSimulation::twoPl(200, 2000, 41));
    std::fflush(stdout);
    return ok ? 0 : 1;
}

} // namespace bench_shortform

ASSAY_BENCH(bench_shortform)
