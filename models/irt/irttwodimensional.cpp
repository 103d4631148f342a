#include "irt/irttwodimensional.h"

#include "irt/irtability.h"

#include "irt/irtdimensionality.h"
#include "irt/irtfitter.h"
#include "irt/irtmarginal.h"
#include "irt/irtstatistics.h"
#include "irt/irttwodimem.h"

#include <Eigen/Dense>

#include <QElapsedTimer>

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

namespace assay {


bool IrtTwoDimFit::preferred() const
{
    return computed && std::isfinite(oneDimBic) && bic < oneDimBic && lrP < 0.01;
}

QString IrtTwoDimFit::summary() const
{
    if (!computed)
        return note.isEmpty() ? QString() : QStringLiteral("2-D model not fitted: %1").arg(note);
    const auto p = [](double v) { return v < 0.001 ? QStringLiteral("< 0.001") : QString::number(v, 'f', 3); };
    QString text;
    if (!std::isfinite(oneDimBic))
        text = QStringLiteral("2-D model: BIC %1").arg(bic, 0, 'f', 1);
    else
        text = QStringLiteral("2-D model (two abilities, MML): BIC %1 against %2 for the 1-D 2PL, likelihood ratio %3 on %4 df, p %5 — %6")
                   .arg(bic, 0, 'f', 1)
                   .arg(oneDimBic, 0, 'f', 1)
                   .arg(lrStatistic, 0, 'f', 1)
                   .arg(lrDf)
                   .arg(p(lrP))
                   .arg(preferred() ? QStringLiteral("a second ability is supported")
                        : lrP < 0.01 ? QStringLiteral("BIC prefers one ability: the likelihood-ratio test favours two, but the second ability's %1 slopes cost more than they gain").arg(lrDf)
                                     : QStringLiteral("one ability is enough"));
    if (!secondFactor.isEmpty())
        text += QStringLiteral("; θ₂ follows the %1 (η² %2)").arg(secondFactor).arg(secondEta2, 0, 'f', 2);
    if (!converged)
        text += QStringLiteral(" (stopped after %1 EM cycles before converging: the BIC is an upper bound)").arg(iterations);
    return text;
}

nlohmann::json IrtTwoDimFit::toJson() const
{
    const auto number = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); };
    nlohmann::json j{{"computed", computed}};
    if (!computed) {
        j["note"] = note.toStdString();
        return j;
    }
    j["nll"] = nll;
    j["parameters"] = parameters;
    j["aic"] = aic;
    j["bic"] = bic;
    j["converged"] = converged;
    j["iterations"] = iterations;
    j["nodes"] = nodes;
    j["seconds"] = seconds;
    j["one_dimensional"] = {{"model", "2pl"}, {"nll", number(oneDimNll)}, {"aic", number(oneDimAic)}, {"bic", number(oneDimBic)}};
    j["lr_test"] = {{"statistic", number(lrStatistic)}, {"df", lrDf}, {"p", number(lrP)}};
    j["preferred"] = preferred();
    j["second_factor"] = secondFactor.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(secondFactor.toStdString());
    j["second_eta2"] = number(secondEta2);
    j["second_p"] = number(secondP);
    j["general_accuracy_spearman"] = number(generalSpearman);
    nlohmann::json students = nlohmann::json::array(), itemRows = nlohmann::json::array();
    for (int s = 0; s < this->students.size(); ++s) {
        const IrtTwoDimAbility &a = this->students[s];
        students.push_back({{"id", studentIds.value(s).toStdString()}, {"theta1", a.theta1}, {"theta2", a.theta2}, {"se1", a.se1}, {"se2", a.se2}});
    }
    for (const IrtTwoDimItem &i : items)
        itemRows.push_back({{"id", i.id.toStdString()}, {"a1", i.a1}, {"a2", i.a2}, {"d", i.d}});
    j["students"] = students;
    j["items"] = itemRows;
    return j;
}

double IrtTwoDimensional::probability(const IrtTwoDimItem &item, double theta1, double theta2)
{
    return 1 / (1 + std::exp(-(item.a1 * theta1 + item.a2 * theta2 + item.d)));
}

namespace {

// The EM from the state em holds (its parameters and a first E-step), then the principal
// axes, the abilities and the factor behind θ₂.
Result<IrtTwoDimFit> runEm(const IrtData &data, IrtTwoDimEm &em, double nll, const IrtTwoDimensional::Options &options, QElapsedTimer &clock)
{
    using R = Result<IrtTwoDimFit>;
    const int n = int(data.students.size()), items = int(data.items.size());
    IrtTwoDimFit out;
    // The EM accelerated by SQUAREM (Varadhan & Roland 2008): two EM maps x → x₁ → x₂ give
    // r = x₁ − x and v = x₂ − 2x₁ + x; the step x − 2αr + α²v (α = −‖r‖/‖v‖, at most −1), clamped
    // into the box and followed by one more EM map, is kept when it ends below x₂'s
    // −log-likelihood; otherwise x₂ is. Every map counts as an iteration.
    const auto converged = [&](double before, double after) { return before - after < options.tolerance + options.relativeTolerance * std::abs(after); };
    while (out.iterations < options.maxIterations) {
        if (options.cancelled && options.cancelled())
            return R::cancelled();
        const Eigen::VectorXd x0 = em.parameters();
        em.mStep();
        const Eigen::VectorXd x1 = em.parameters();
        const double nll1 = em.eStep();
        ++out.iterations;
        if (converged(nll, nll1)) {
            nll = std::min(nll, nll1);
            out.converged = true;
            break;
        }
        em.mStep();
        const Eigen::VectorXd x2 = em.parameters();
        const double nll2 = em.eStep();
        ++out.iterations;
        const Eigen::VectorXd r = x1 - x0, v = x2 - 2 * x1 + x0;
        const double alpha = v.norm() > 0 ? -r.norm() / v.norm() : -1;
        double next = nll2;
        if (alpha < -1) {
            em.setParameters(x0 - 2 * alpha * r + alpha * alpha * v);
            const double extrapolated = em.eStep();
            if (std::isfinite(extrapolated)) {
                em.mStep();
                const double stabilised = em.eStep();
                ++out.iterations;
                if (stabilised < nll2)
                    next = stabilised;
            }
            if (next == nll2) { // back to the plain EM's x₂
                em.setParameters(x2);
                em.eStep();
            }
        }
        const bool done = converged(nll, next);
        nll = std::min(nll, next);
        if (done) {
            out.converged = true;
            break;
        }
    }
    em.toPrincipalAxes();
    out.nll = em.eStep(); // the same likelihood; the nodes follow the turned axes
    out.computed = true;
    out.nodes = em.nodes();
    out.parameters = 3 * items - 1;
    out.aic = 2 * out.nll + 2.0 * out.parameters;
    out.bic = 2 * out.nll + out.parameters * std::log(double(n));
    for (int j = 0; j < items; ++j)
        out.items << IrtTwoDimItem{data.items[j], em.a1[size_t(j)], em.a2[size_t(j)], em.d[size_t(j)]};
    QVector<double> second, general, share;
    QVector<int> all;
    for (int s = 0; s < n; ++s) {
        out.students << em.ability(s);
        out.studentIds << data.students[s];
        second << out.students.last().theta2;
        general << out.students.last().theta1;
        int right = 0, answered = 0;
        for (qint8 y : data.responses[s])
            if (y >= 0)
                right += y, ++answered;
        share << (answered ? double(right) / answered : 0.0);
        all << s;
    }
    out.generalSpearman = IrtDimensionality::spearman(general, share);
    IrtDimensionality::Check named;
    IrtDimensionality::nameFactor(data, all, second, &named);
    out.secondFactor = named.secondDimensionFactor;
    out.secondEta2 = named.secondDimensionEta2;
    out.secondP = named.secondDimensionP;
    out.seconds = clock.elapsed() / 1000.0;
    return out;
}

int nodesPerDimension(const IrtData &data, const IrtTwoDimensional::Options &options)
{
    // Fewer than the 1-D rule (IrtMarginal::nodesFor): the adaptive product rule is already
    // exact to 1e-4 at 7 on a posterior from six answers (tst_irttwodimensional).
    return options.nodes > 0 ? options.nodes : std::min(IrtMarginal::nodesFor(data), 7);
}

} // namespace

Result<IrtTwoDimFit> IrtTwoDimensional::fit(const IrtData &data, const QVector<IrtItem> &start, double oneDimNll, const Options &options)
{
    using R = Result<IrtTwoDimFit>;
    QElapsedTimer clock;
    clock.start();
    const int n = int(data.students.size()), items = int(data.items.size());
    if (start.size() != items)
        return R::failure(QStringLiteral("the 2-D fit starts from a 1-D fit of the same %1 items (got %2)").arg(items).arg(start.size()));
    if (n < 10 || items < 3) {
        IrtTwoDimFit out;
        out.note = QStringLiteral("a second dimension needs at least 10 students and 3 items (there are %1 and %2)").arg(n).arg(items);
        return out;
    }
    IrtTwoDimEm em(data, nodesPerDimension(data, options), options);
    for (int j = 0; j < items; ++j) {
        em.a1[size_t(j)] = std::clamp(start[j].a, -options.slopeMax, options.slopeMax);
        em.d[size_t(j)] = std::clamp(-start[j].a * start[j].b, -options.interceptMax, options.interceptMax);
    }
    em.eStep();
    em.startSecond();
    auto fitted = runEm(data, em, em.eStep(), options, clock);
    if (!fitted)
        return fitted;
    IrtTwoDimFit out = fitted.take();
    if (std::isfinite(oneDimNll)) {
        const int oneDimParameters = 2 * items;
        out.oneDimNll = oneDimNll;
        out.oneDimAic = 2 * oneDimNll + 2.0 * oneDimParameters;
        out.oneDimBic = 2 * oneDimNll + oneDimParameters * std::log(double(n));
        out.lrStatistic = std::max(0.0, 2 * (oneDimNll - out.nll));
        out.lrDf = out.parameters - oneDimParameters;
        out.lrP = IrtStatistics::chiSquareSurvival(out.lrStatistic, out.lrDf);
    }
    return out;
}

Result<IrtTwoDimFit> IrtTwoDimensional::refit(const IrtData &data, const QVector<IrtTwoDimItem> &start, const Options &options)
{
    using R = Result<IrtTwoDimFit>;
    QElapsedTimer clock;
    clock.start();
    const int items = int(data.items.size());
    if (start.size() != items)
        return R::failure(QStringLiteral("the 2-D refit starts from a 2-D fit of the same %1 items (got %2)").arg(items).arg(start.size()));
    IrtTwoDimEm em(data, nodesPerDimension(data, options), options);
    for (int j = 0; j < items; ++j) {
        em.a1[size_t(j)] = start[j].a1;
        em.a2[size_t(j)] = start[j].a2;
        em.d[size_t(j)] = start[j].d;
    }
    return runEm(data, em, em.eStep(), options, clock);
}

namespace {

// One taker's posterior nodes and weights on fitted items.
struct Nodes {
    std::vector<double> t1, t2, w;
    int answered = 0;
};

Nodes posteriorOf(const QVector<IrtTwoDimItem> &items, const QVector<QPair<int, int>> &answers, int nodes)
{
    IrtTwoDimPosterior posterior(nodes);
    std::vector<double> a1, a2, d;
    for (const IrtTwoDimItem &i : items)
        a1.push_back(i.a1), a2.push_back(i.a2), d.push_back(i.d);
    std::vector<IrtCell> cells;
    for (const auto &a : answers)
        if (a.second >= 0 && a.first >= 0 && a.first < items.size())
            cells.push_back({a.first, qint8(a.second)});
    Nodes out;
    const size_t q = size_t(posterior.size());
    out.t1.resize(q), out.t2.resize(q), out.w.resize(q);
    double mode[2] = {0, 0};
    posterior.integrate(cells, a1.data(), a2.data(), d.data(), mode, out.t1.data(), out.t2.data(), out.w.data());
    out.answered = int(cells.size());
    return out;
}

} // namespace

IrtTwoDimAbility IrtTwoDimensional::ability(const QVector<IrtTwoDimItem> &items, const QVector<QPair<int, int>> &answers, int nodes)
{
    const Nodes p = posteriorOf(items, answers, nodes);
    IrtTwoDimAbility out;
    double v1 = 0, v2 = 0;
    for (size_t k = 0; k < p.w.size(); ++k)
        out.theta1 += p.w[k] * p.t1[k], out.theta2 += p.w[k] * p.t2[k];
    for (size_t k = 0; k < p.w.size(); ++k)
        v1 += p.w[k] * std::pow(p.t1[k] - out.theta1, 2), v2 += p.w[k] * std::pow(p.t2[k] - out.theta2, 2);
    out.se1 = std::sqrt(v1), out.se2 = std::sqrt(v2);
    out.answered = p.answered;
    return out;
}

double IrtTwoDimensional::expectedAccuracy(const QVector<IrtTwoDimItem> &items, const QVector<QPair<int, int>> &answers, int nodes)
{
    return items.isEmpty() ? qQNaN() : accuracy(items, answers, nodes).accuracy;
}

IrtAccuracyEstimate IrtTwoDimensional::accuracy(const QVector<IrtTwoDimItem> &items, const QVector<QPair<int, int>> &answers, int nodes)
{
    IrtAccuracyEstimate out;
    if (items.isEmpty())
        return out;
    const Nodes p = posteriorOf(items, answers, nodes);
    double mean = 0, square = 0;
    for (size_t k = 0; k < p.w.size(); ++k) {
        double sum = 0;
        for (const IrtTwoDimItem &i : items)
            sum += probability(i, p.t1[k], p.t2[k]);
        const double share = sum / double(items.size());
        mean += p.w[k] * share, square += p.w[k] * share * share;
    }
    const double sd = std::sqrt(std::max(0.0, square - mean * mean));
    out.accuracy = mean;
    out.low = std::max(0.0, mean - 1.96 * sd), out.high = std::min(1.0, mean + 1.96 * sd);
    return out;
}

} // namespace assay
