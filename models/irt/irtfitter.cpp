#include "irt/irtfitter.h"

#include <QElapsedTimer>
#include <QHash>

#include <Eigen/Core>
#include <LBFGSB.h>

#include <algorithm>
#include <cmath>

namespace assay {

namespace {

struct Layout {
    bool hasA = true;
    bool hasC = true;
    int perItem = 3;
    int items = 0;
    int abilities = 0;                   // students, or factor levels
    QVector<QVector<int>> studentLevels; // hierarchical: ability indices per student
    QVector<QPair<QString, QString>> levelNames; // (factor, level) per ability index
};

Layout layoutOf(const IrtData &data, const IrtOptions &options)
{
    Layout l;
    l.hasA = options.model != IrtOptions::Model::OnePL;
    l.hasC = options.model == IrtOptions::Model::ThreePL;
    l.perItem = 1 + int(l.hasA) + int(l.hasC);
    l.items = int(data.items.size());
    if (!options.hierarchical) {
        l.abilities = int(data.students.size());
        return l;
    }
    QHash<QString, int> index;
    for (int s = 0; s < data.students.size(); ++s) {
        QVector<int> levels;
        for (int f = 0; f < data.factors.size(); ++f) {
            const QString key = data.factors[f] + QLatin1Char('\n') + data.levels[s].value(f);
            auto it = index.constFind(key);
            if (it == index.constEnd()) {
                it = index.insert(key, int(l.levelNames.size()));
                l.levelNames.append({data.factors[f], data.levels[s].value(f)});
            }
            levels << *it;
        }
        l.studentLevels << levels;
    }
    l.abilities = int(l.levelNames.size());
    return l;
}

// a, b, c of item i from x.
inline void itemParams(const Layout &l, const double *x, int i, double *a, double *b, double *c)
{
    const double *p = x + qsizetype(i) * l.perItem;
    int k = 0;
    *a = l.hasA ? p[k++] : 1.0;
    *b = p[k++];
    *c = l.hasC ? p[k] : 0.0;
}

// A student's ability: their own, or the sum of their factor levels'.
inline double abilityOf(const Layout &l, const double *abilities, int student)
{
    if (l.studentLevels.isEmpty())
        return abilities[student];
    double theta = 0;
    for (int level : l.studentLevels[student])
        theta += abilities[level];
    return theta;
}

double evaluate(const IrtData &data, const Layout &l, const double *x, double *g)
{
    const int n = l.items * l.perItem + l.abilities;
    if (g)
        std::fill(g, g + n, 0.0);
    const double *abilities = x + qsizetype(l.items) * l.perItem;
    double nll = 0;
    std::vector<double> as(size_t(l.items)), bs(size_t(l.items)), cs(size_t(l.items));
    for (int i = 0; i < l.items; ++i)
        itemParams(l, x, i, &as[size_t(i)], &bs[size_t(i)], &cs[size_t(i)]);
    for (int s = 0; s < data.students.size(); ++s) {
        const double theta = abilityOf(l, abilities, s);
        double gTheta = 0;
        const qint8 *row = data.responses[s].constData();
        for (int i = 0; i < l.items; ++i) {
            const qint8 y = row[i];
            if (y < 0)
                continue;
            const double a = as[size_t(i)], b = bs[size_t(i)], c = cs[size_t(i)];
            const double sigma = 1.0 / (1.0 + std::exp(-a * (theta - b)));
            const double p = std::clamp(c + (1.0 - c) * sigma, 1e-12, 1.0 - 1e-12);
            nll -= y ? std::log(p) : std::log1p(-p);
            if (!g)
                continue;
            // d(−log-lik)/dP = (P − y) / (P (1 − P))
            const double dP = (p - y) / (p * (1.0 - p));
            const double slope = (1.0 - c) * sigma * (1.0 - sigma);
            double *gi = g + qsizetype(i) * l.perItem;
            int k = 0;
            if (l.hasA)
                gi[k++] += dP * slope * (theta - b);
            gi[k++] += dP * (-slope * a);
            if (l.hasC)
                gi[k] += dP * (1.0 - sigma);
            gTheta += dP * slope * a;
        }
        if (!g)
            continue;
        double *ga = g + qsizetype(l.items) * l.perItem;
        if (l.studentLevels.isEmpty())
            ga[s] += gTheta;
        else
            for (int level : l.studentLevels[s])
                ga[level] += gTheta;
    }
    return nll;
}

class Objective {
public:
    Objective(const IrtData &data, const Layout &layout) : m_data(data), m_layout(layout) {}
    double operator()(const Eigen::VectorXd &x, Eigen::VectorXd &grad)
    {
        ++evaluations;
        return evaluate(m_data, m_layout, x.data(), grad.data());
    }
    int evaluations = 0;

private:
    const IrtData &m_data;
    const Layout &m_layout;
};

} // namespace

Result<IrtBounds> IrtBounds::preset(const QString &name)
{
    if (name == QLatin1String("default"))
        return IrtBounds{0.25, 4, -4, 4, 0, 0.5, -4, 4};
    if (name == QLatin1String("exam-paper"))
        return IrtBounds{0.5, 1.5, 0.01, 1, 0.2, 0.4, -3, 3};
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

int IrtFitter::parameterCount(const IrtData &data, const IrtOptions &options)
{
    const Layout l = layoutOf(data, options);
    return l.items * l.perItem + l.abilities;
}

double IrtFitter::objective(const IrtData &data, const IrtOptions &options, const std::vector<double> &x, std::vector<double> *gradient)
{
    const Layout l = layoutOf(data, options);
    if (gradient)
        gradient->assign(x.size(), 0.0);
    return evaluate(data, l, x.data(), gradient ? gradient->data() : nullptr);
}

Result<IrtFit> IrtFitter::fit(const IrtData &data, const IrtOptions &options, const IrtFit *warm)
{
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
    const Layout l = layoutOf(data, options);
    const int n = l.items * l.perItem + l.abilities;
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
    for (int j = 0; j < l.abilities; ++j) {
        const int k = l.items * l.perItem + j;
        lb[k] = B.thetaMin, ub[k] = B.thetaMax;
        double start = 0;
        if (warm && !options.hierarchical)
            for (const auto &[id, theta] : warm->students)
                if (id == data.students.value(j))
                    start = theta;
        if (warm && options.hierarchical && size_t(j) < warm->levelAbilities.size())
            start = warm->levelAbilities[size_t(j)];
        x[k] = std::clamp(start, B.thetaMin, B.thetaMax);
    }
    LBFGSpp::LBFGSBParam<double> param;
    param.epsilon = options.tolerance;
    param.epsilon_rel = 0;
    param.max_iterations = options.maxIterations;
    param.max_linesearch = 100;
    param.m = 10;
    param.past = 0; // stop on the projected gradient only, never on a stalled objective
    LBFGSpp::LBFGSBSolver<double> solver(param);
    Objective objective(data, l);
    IrtFit fit;
    fit.model = IrtOptions::modelName(options.model);
    double fx = 0;
    // Near the optimum the line search can run out of steps on a flat objective; the solver
    // is then restarted from where it stopped (a fresh curvature memory), a few times.
    for (int attempt = 0; attempt < 8; ++attempt) {
        try {
            fit.iterations += solver.minimize(objective, x, fx, lb, ub);
            fit.message.clear();
            break;
        } catch (const std::exception &e) {
            fit.message = QString::fromUtf8(e.what());
            fit.iterations = objective.evaluations;
        }
    }
    Eigen::VectorXd grad(n);
    fit.nll = evaluate(data, l, x.data(), grad.data());
    // The projected gradient: components pushing against an active bound do not count.
    double projected = 0;
    for (int k = 0; k < n; ++k) {
        double step = x[k] - grad[k];
        step = std::clamp(step, lb[k], ub[k]);
        projected = std::max(projected, std::abs(step - x[k]));
    }
    fit.projectedGradient = projected;
    fit.converged = projected <= std::max(options.tolerance, 1e-4);
    if (!fit.converged && fit.message.isEmpty())
        fit.message = QStringLiteral("stopped after %1 iterations with projected gradient %2").arg(fit.iterations).arg(projected);
    for (int i = 0; i < l.items; ++i) {
        IrtItem it{data.items[i]};
        itemParams(l, x.data(), i, &it.a, &it.b, &it.c);
        fit.items << it;
    }
    const double *abilities = x.data() + qsizetype(l.items) * l.perItem;
    for (int s = 0; s < data.students.size(); ++s)
        fit.students.append({data.students[s], abilityOf(l, abilities, s)});
    if (options.hierarchical) {
        fit.levelAbilities.assign(abilities, abilities + l.abilities);
        QHash<QString, double> first;
        for (int j = 0; j < l.abilities; ++j) {
            const auto &[factor, level] = l.levelNames[j];
            if (!first.contains(factor))
                first.insert(factor, abilities[j]);
            fit.factors[factor].append({level, abilities[j] - first.value(factor)});
        }
    }
    fit.seconds = double(clock.nsecsElapsed()) / 1e9;
    return fit;
}

} // namespace assay
