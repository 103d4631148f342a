#include "irt/irtfitter.h"
#include "core/vectorstate.h"

#include "irt/irtmarginalestimator.h"

#include "irt/classicalanalysis.h"
#include "irt/irtblocknewton.h"
#include "irt/irtcovariance.h"
#include "irt/irtitemfit.h"
#include "irt/irtlayout.h"
#include "irt/irtnewton.h"

#include <QElapsedTimer>
#include <QHash>

#include <Eigen/Core>
#include <LBFGSB.h>

#include <algorithm>
#include <cmath>

namespace assay {

namespace {

struct Cancelled {};

// The objective in scaled variables y = x·s (s: square roots of the information diagonal),
// so that L-BFGS-B sees curvatures near 1 whether a variable is a θ answered a thousand
// times or a c answered by a dozen students.
class Objective {
public:
    Objective(const IrtData &data, const IrtLayout &layout, const Eigen::VectorXd &scale, const std::function<bool()> &cancelled)
        : m_data(data), m_layout(layout), m_scale(scale), m_x(scale.size()), m_cancelled(cancelled)
    {
    }
    double operator()(const Eigen::VectorXd &y, Eigen::VectorXd &grad)
    {
        if (m_cancelled && m_cancelled())
            throw Cancelled{};
        ++evaluations;
        m_x = y.cwiseQuotient(m_scale);
        const double f = m_layout.evaluate(m_data, m_x.data(), grad.data());
        grad = grad.cwiseQuotient(m_scale);
        return f;
    }
    int evaluations = 0;

private:
    const IrtData &m_data;
    const IrtLayout &m_layout;
    const Eigen::VectorXd &m_scale;
    Eigen::VectorXd m_x;
    const std::function<bool()> &m_cancelled;
};

// The largest component of the projected gradient: how far one unit gradient step moves x
// once clipped to the box (components pushing against an active bound do not count).
double projectedGradient(const Eigen::VectorXd &x, const Eigen::VectorXd &grad, const Eigen::VectorXd &lb, const Eigen::VectorXd &ub)
{
    double projected = 0;
    for (Eigen::Index k = 0; k < x.size(); ++k)
        projected = std::max(projected, std::abs(std::clamp(x[k] - grad[k], lb[k], ub[k]) - x[k]));
    return projected;
}

} // namespace

Result<IrtBounds> IrtBounds::preset(const QString &name)
{
    if (name == QLatin1String("default"))
        return IrtBounds{0.25, 4, -4, 4, 0, 0.5, -4, 4, true};
    if (name == QLatin1String("exam-paper"))
        return IrtBounds{0.5, 1.5, 0.01, 1, 0.2, 0.4, -3, 3, false};
    return Result<IrtBounds>::failure(QStringLiteral("unknown bounds preset '%1' (default, exam-paper)").arg(name));
}

Result<IrtOptions::Model> IrtOptions::modelFromName(const QString &name)
{
    if (name == QLatin1String("1pl"))
        return Model::OnePL;
    if (name == QLatin1String("2pl"))
        return Model::TwoPL;
    if (name == QLatin1String("3pl"))
        return Model::ThreePL;
    return Result<Model>::failure(QStringLiteral("unknown model '%1' (1pl, 2pl, 3pl)").arg(name));
}

Status IrtOptions::setEstimator(const QString &name)
{
    const QString n = name.trimmed().toLower();
    if (n != QLatin1String("jml") && n != QLatin1String("bayes-modal") && n != QLatin1String("mml"))
        return Status::failure(QStringLiteral("unknown estimator '%1' (jml, bayes-modal, mml)").arg(name));
    prior = n == QLatin1String("bayes-modal");
    marginal = n == QLatin1String("mml");
    return {};
}

QString IrtOptions::modelName(Model model)
{
    return model == Model::OnePL ? QStringLiteral("1pl") : model == Model::TwoPL ? QStringLiteral("2pl") : QStringLiteral("3pl");
}

double IrtFitter::probability(double a, double b, double c, double theta) { return c + (1.0 - c) / (1.0 + std::exp(-a * (theta - b))); }

double IrtFitter::information(double a, double b, double c, double theta)
{
    const double p = probability(a, b, c, theta);
    const double q = (p - c) / (1.0 - c);
    return a * a * q * q * (1.0 - p) / p;
}

int IrtFitter::parameterCount(const IrtData &data, const IrtOptions &options) { return IrtLayout::of(data, options).parameters(); }

double IrtFitter::objective(const IrtData &data, const IrtOptions &options, const std::vector<double> &x, std::vector<double> *gradient)
{
    const IrtLayout l = IrtLayout::of(data, options);
    if (gradient)
        gradient->assign(x.size(), 0.0);
    return l.evaluate(data, x.data(), gradient ? gradient->data() : nullptr);
}

Result<IrtFit> IrtFitter::fit(const IrtData &data, const IrtOptions &options, const IrtFit *warm)
{
    clearUpperVectorState(); // core/vectorstate.h
    if (options.marginal)
        return IrtMarginalEstimator::fit(data, options, warm ? &warm->items : nullptr);
    using R = Result<IrtFit>;
    auto bounds = IrtBounds::preset(options.bounds);
    if (!bounds)
        return R::failure(bounds.error());
    if (options.hierarchical && data.factors.isEmpty())
        return R::failure(QStringLiteral("a hierarchical fit needs the students' factors (--factors F.csv)"));
    if (data.items.isEmpty() || data.students.isEmpty())
        return R::failure(QStringLiteral("the response matrix is empty"));
    QElapsedTimer clock;
    clock.start();
    const IrtLayout l = IrtLayout::of(data, options);
    const int n = l.parameters();
    Eigen::VectorXd x(n), lb(n), ub(n);
    const IrtBounds &B = bounds.value();
    QHash<QString, IrtItem> warmItems;
    if (warm)
        for (const IrtItem &it : warm->items)
            warmItems.insert(it.id, it);
    for (int i = 0; i < l.items; ++i) {
        int k = i * l.perItem;
        const IrtItem start = warmItems.value(data.items[i], IrtItem{data.items[i], 1.0, 0.0, 0.25});
        if (l.hasA) {
            lb[k] = B.aMin, ub[k] = B.aMax, x[k] = std::clamp(start.a, B.aMin, B.aMax);
            ++k;
        }
        lb[k] = B.bMin, ub[k] = B.bMax, x[k] = std::clamp(start.b, B.bMin, B.bMax);
        ++k;
        if (l.hasC)
            lb[k] = B.cMin, ub[k] = B.cMax, x[k] = std::clamp(start.c, B.cMin, B.cMax);
    }
    QHash<QString, double> warmThetas;
    if (warm)
        for (const auto &[id, theta] : warm->students)
            warmThetas.insert(id, theta);
    for (int j = 0; j < l.abilities; ++j) {
        const int k = l.abilityOffset() + j;
        lb[k] = B.thetaMin, ub[k] = B.thetaMax;
        double start = 0;
        if (warm && !options.hierarchical)
            start = warmThetas.value(data.students.value(j), 0.0);
        if (warm && options.hierarchical && size_t(j) < warm->levelAbilities.size())
            start = warm->levelAbilities[size_t(j)];
        x[k] = std::clamp(start, B.thetaMin, B.thetaMax);
    }
    IrtFit fit;
    fit.model = IrtOptions::modelName(options.model);
    fit.estimator = options.estimator();
    const double target = std::max(options.tolerance, 1e-12);
    Eigen::VectorXd grad(n);
    // Alternating Fisher-scoring sweeps while they still gain; they reach the neighbourhood
    // of the optimum in a few passes over the matrix.
    IrtBlockNewton sweeps(data, l, lb.data(), ub.data());
    double fx = l.evaluate(data, x.data(), grad.data());
    double projected = projectedGradient(x, grad, lb, ub);
    for (int sweep = 0; sweep < options.maxSweeps && projected > target; ++sweep) {
        if (options.cancelled && options.cancelled())
            return R::cancelled();
        sweeps.sweep(x.data());
        if (B.standardize)
            sweeps.standardize(x.data());
        const double next = l.evaluate(data, x.data(), grad.data());
        projected = projectedGradient(x, grad, lb, ub);
        ++fit.sweeps;
        // Sweeps gain fast at first and then crawl along the weakly identified directions;
        // Newton takes over once a sweep gains less than 1e-6 of the likelihood.
        const bool stalled = fx - next <= 1e-6 * std::abs(next);
        fx = next;
        if (stalled)
            break;
    }
    // Newton's method on the joint problem (items eliminated, Schur complement on the
    // abilities) converges from there in a few dozen steps.
    bool newtonStalled = false;
    if (projected > target && options.maxNewton > 0 && IrtNewton::feasible(data, l)) {
        IrtNewton newton(data, l, lb.data(), ub.data());
        const IrtNewton::Outcome o = newton.minimize(x.data(), target, options.maxNewton, options.cancelled);
        if (o.cancelled)
            return R::cancelled();
        fit.newtonSteps = o.iterations;
        fx = o.nll;
        projected = o.projectedGradient;
        newtonStalled = o.stalled;
    }
    // L-BFGS-B on the joint problem finishes the job when Newton could not — unless Newton
    // stopped because no step gains in the last digits, already within the convergence bar:
    // then a tighter tolerance asks more than the arithmetic gives, and L-BFGS-B's dozens of
    // passes would only move x by rounding (the search's final refit at 10⁻⁷).
    if (projected > target && !(newtonStalled && projected <= std::max(options.tolerance, 1e-4))) {
        const std::vector<double> diagonal = sweeps.fisherDiagonal(x.data());
        Eigen::VectorXd scale(n);
        for (int k = 0; k < n; ++k)
            scale[k] = std::clamp(std::sqrt(diagonal[size_t(k)]), 1e-2, 1e3);
        LBFGSpp::LBFGSBParam<double> param;
        // In scaled variables a gradient component is the original one divided by its scale:
        // start with the target as is and tighten while the original gradient misses it.
        param.epsilon = target;
        param.epsilon_rel = 0;
        param.max_linesearch = 100;
        param.m = 10;
        param.past = 0; // stop on the projected gradient only, never on a stalled objective
        Objective objective(data, l, scale, options.cancelled);
        Eigen::VectorXd y = x.cwiseProduct(scale), ylb = lb.cwiseProduct(scale), yub = ub.cwiseProduct(scale);
        // The solver runs in rounds of `restart` iterations, each from where the last stopped
        // with a fresh curvature memory: on these weakly identified likelihoods an old memory
        // misleads more than it helps, and near the optimum a round that ends in a failed
        // line search on a flat objective just starts again. Between rounds the original
        // gradient is checked against the target, and the scaled tolerance tightened if a
        // round believed itself done too early.
        const int restart = 200;
        param.max_iterations = restart;
        int failures = 0;
        while (fit.iterations < options.maxIterations && failures < 8) {
            LBFGSpp::LBFGSBSolver<double> solver(param);
            int done = 0;
            try {
                done = solver.minimize(objective, y, fx, ylb, yub);
                fit.message.clear();
            } catch (const Cancelled &) {
                return R::cancelled();
            } catch (const std::exception &e) {
                fit.message = QString::fromUtf8(e.what());
                ++failures;
            }
            fit.iterations += std::max(done, 1);
            x = y.cwiseQuotient(scale);
            for (int k = 0; k < n; ++k)
                x[k] = std::clamp(x[k], lb[k], ub[k]);
            l.evaluate(data, x.data(), grad.data());
            if (projectedGradient(x, grad, lb, ub) <= target)
                break;
            if (fit.message.isEmpty() && done < restart)
                param.epsilon /= 10;
        }
        fit.evaluations = objective.evaluations;
    }
    fit.nll = l.evaluate(data, x.data(), grad.data());
    if (options.prior) {
        IrtLayout likelihood = l;
        likelihood.prior = false;
        fit.dataNll = likelihood.evaluate(data, x.data(), nullptr);
    } else {
        fit.dataNll = fit.nll;
    }
    fit.projectedGradient = projectedGradient(x, grad, lb, ub);
    fit.converged = fit.projectedGradient <= std::max(options.tolerance, 1e-4);
    if (!fit.converged && fit.message.isEmpty())
        fit.message = QStringLiteral("stopped after %1 iterations with projected gradient %2").arg(fit.iterations).arg(fit.projectedGradient);
    for (int i = 0; i < l.items; ++i) {
        IrtItem it{data.items[i]};
        l.itemParams(x.data(), i, &it.a, &it.b, &it.c);
        fit.items << it;
    }
    for (int s = 0; s < data.students.size(); ++s)
        fit.students.append({data.students[s], l.abilityOf(x.data(), s)});
    if (options.hierarchical) {
        const double *abilities = x.data() + l.abilityOffset();
        fit.levelAbilities.assign(abilities, abilities + l.abilities);
        QHash<QString, double> first;
        for (int j = 0; j < l.abilities; ++j) {
            const auto &[factor, level] = l.levelNames[j];
            if (!first.contains(factor))
                first.insert(factor, abilities[j]);
            fit.factors[factor].append({level, abilities[j] - first.value(factor)});
        }
    }
    diagnose(data, &fit);
    if (options.diagnostics) {
        // θ's location and scale are a convention of the fit under either box (the likelihood is
        // flat along them; docs/METHODS.md §9.8), so their directions are projected out of the
        // errors — unless priors fix them (Bayes modal under the exam paper's box).
        IrtCovariance::attach(data, l, x.data(), lb.data(), ub.data(), B.standardize || !options.prior, &fit);
        IrtItemFit::apply(data, &fit);
    }
    fit.seconds = double(clock.nsecsElapsed()) / 1e9;
    return fit;
}

void IrtFitter::diagnose(const IrtData &data, IrtFit *fit)
{
    const int items = int(fit->items.size());
    std::vector<double> correct(size_t(items), 0), answered(size_t(items), 0), model(size_t(items), 0), baseline(size_t(items), 0);
    for (int s = 0; s < data.responses.size(); ++s)
        for (int i = 0; i < items; ++i)
            if (data.responses[s][i] >= 0)
                correct[size_t(i)] += data.responses[s][i], answered[size_t(i)] += 1;
    double totalModel = 0, totalBaseline = 0, cells = 0;
    for (int s = 0; s < data.responses.size(); ++s) {
        const double theta = fit->students.value(s).second;
        for (int i = 0; i < items; ++i) {
            const qint8 y = data.responses[s][i];
            if (y < 0)
                continue;
            const IrtItem &it = fit->items[i];
            const double e = y - probability(it.a, it.b, it.c, theta);
            const double e0 = y - correct[size_t(i)] / answered[size_t(i)];
            model[size_t(i)] += e * e, baseline[size_t(i)] += e0 * e0;
        }
    }
    for (int i = 0; i < items; ++i) {
        IrtItem &it = fit->items[i];
        it.answered = int(answered[size_t(i)]);
        it.rmse = it.answered ? std::sqrt(model[size_t(i)] / answered[size_t(i)]) : 0.0;
        it.baselineRmse = it.answered ? std::sqrt(baseline[size_t(i)] / answered[size_t(i)]) : 0.0;
        totalModel += model[size_t(i)], totalBaseline += baseline[size_t(i)], cells += answered[size_t(i)];
    }
    // The classical statistics of the 0/1 columns: key 1, a wrong answer option 0.
    QVector<QVector<int>> chosen;
    for (const auto &row : data.responses) {
        QVector<int> values(row.size());
        for (int i = 0; i < row.size(); ++i)
            values[i] = row[i];
        chosen << values;
    }
    const QVector<ClassicalItem> classical = ClassicalAnalysis::analyse(data.items, QVector<int>(items, 1), chosen);
    for (int i = 0; i < items; ++i)
        fit->items[i].pCorrect = classical[i].pCorrect, fit->items[i].pointBiserial = classical[i].pointBiserial;
    fit->rmse = cells > 0 ? std::sqrt(totalModel / cells) : 0.0;
    fit->baselineRmse = cells > 0 ? std::sqrt(totalBaseline / cells) : 0.0;
}

} // namespace assay
