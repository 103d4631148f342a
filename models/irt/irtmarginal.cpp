#include "irt/irtmarginal.h"
#include "core/vectorstate.h"

#include "irt/irtguard.h"
#include "irt/irtmarginalengine.h"
#include "irt/irtmarginalnewton.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cmath>

namespace assay {

namespace {

using Model = IrtOptions::Model;
using Params = IrtMarginalEngine::Params;

using Engine = IrtMarginalEngine;

double distance2(const Params &x, const Params &y)
{
    double sum = 0;
    for (size_t j = 0; j < x.size(); ++j)
        for (int u = 0; u < 3; ++u)
            sum += (x[j][size_t(u)] - y[j][size_t(u)]) * (x[j][size_t(u)] - y[j][size_t(u)]);
    return sum;
}

// One SQUAREM cycle (scheme S3) from *x: two EM steps x → x1 → x2, the extrapolation
// x − 2αr + α²v with r = x1 − x, v = x2 − 2x1 + x, α = −|r|/|v| ≤ −1, then one EM step from
// there. When the extrapolated point is worse than x1, the cycle keeps the plain x2.
// Moves *x, counts the EM steps taken, and returns the −log L there.
double squaremCycle(Engine &engine, Params *x, int *iterations)
{
    Params x1 = *x;
    engine.mStep(&x1);
    const double nll1 = engine.eStep(x1);
    Params x2 = x1;
    engine.mStep(&x2);
    *iterations += 2;
    Params r = x1, v = x2;
    for (size_t j = 0; j < x->size(); ++j)
        for (size_t u = 0; u < 3; ++u)
            r[j][u] = x1[j][u] - (*x)[j][u], v[j][u] = x2[j][u] - 2 * x1[j][u] + (*x)[j][u];
    const double rr = std::sqrt(distance2(x1, *x));
    double vv = 0;
    for (const auto &item : v)
        for (double e : item)
            vv += e * e;
    vv = std::sqrt(vv);
    Params next = x2;
    if (vv > 0 && rr > 0) {
        const double alpha = std::min(-1.0, -rr / vv);
        Params extrapolated = *x;
        for (size_t j = 0; j < x->size(); ++j)
            for (size_t u = 0; u < 3; ++u)
                extrapolated[j][u] = (*x)[j][u] - 2 * alpha * r[j][u] + alpha * alpha * v[j][u];
        engine.clamp(&extrapolated);
        if (engine.eStep(extrapolated) <= nll1) {
            engine.mStep(&extrapolated);
            ++*iterations;
            next = extrapolated;
        }
    }
    double nllNext = engine.eStep(next);
    if (nllNext > nll1) { // the extrapolation's EM step lost: the plain steps
        next = x2;
        nllNext = engine.eStep(next);
    }
    *x = next;
    return nllNext;
}

} // namespace

int IrtMarginal::parameterCount(int items, Model model)
{
    return model == Model::OnePL ? items + 1 : model == Model::TwoPL ? 2 * items : 3 * items;
}

int IrtMarginal::nodesFor(const IrtData &data)
{
    std::vector<int> answers;
    for (const auto &row : data.responses)
        answers.push_back(int(std::count_if(row.begin(), row.end(), [](qint8 y) { return y >= 0; })));
    if (answers.empty())
        return DefaultNodes;
    std::nth_element(answers.begin(), answers.begin() + long(answers.size() / 2), answers.end());
    const int median = answers[answers.size() / 2];
    return median >= 400 ? 5 : median >= 100 ? 7 : DefaultNodes;
}

QString IrtMarginal::basis(int nodes)
{
    return QStringLiteral("marginal ML: θ ~ N(0, 1) integrated out by %1-point adaptive Gauss–Hermite quadrature; 1PL = one common a").arg(nodes);
}

double IrtMarginal::nll(const IrtData &data, const QVector<IrtItem> &items, int nodes)
{
    Params p;
    for (const IrtItem &it : items)
        p.push_back({it.a, it.b, it.c});
    Engine engine(data, Model::ThreePL, IrtBounds{0, 1e9, -1e9, 1e9, 0, 1, -1e9, 1e9, false}, nodes, true);
    // The posterior modes start at 0: a second pass from the first one's modes settles them.
    engine.eStep(p);
    return engine.eStep(p);
}

Result<IrtMarginalFit> IrtMarginal::fit(const IrtData &data, const Options &options, const QVector<IrtItem> *start)
{
    clearUpperVectorState(); // core/vectorstate.h
    using R = Result<IrtMarginalFit>;
    auto bounds = IrtBounds::preset(options.bounds);
    if (!bounds)
        return R::failure(bounds.error());
    if (data.items.isEmpty() || data.students.isEmpty())
        return R::failure(QStringLiteral("the response matrix is empty"));
    if (start && start->size() != data.items.size())
        return R::failure(QStringLiteral("the start has %1 items, the matrix %2").arg(start->size()).arg(data.items.size()));
    QElapsedTimer timer;
    timer.start();
    const int nodes = options.nodes > 0 ? options.nodes : nodesFor(data);
    Engine engine(data, options.model, bounds.value(), nodes, options.twoCores);
    const int items = int(data.items.size());
    Params x(static_cast<size_t>(items));
    for (int j = 0; j < items; ++j) {
        if (start) {
            const IrtItem &it = (*start)[j];
            x[size_t(j)] = {it.a, it.b, it.c};
            continue;
        }
        int right = 0, answered = 0;
        for (const auto &row : data.responses)
            if (row[j] >= 0)
                right += row[j], ++answered;
        const double share = (right + 0.5) / (answered + 1.0);
        x[size_t(j)] = {1.0, -std::log(share / (1.0 - share)), bounds.value().cMin};
    }
    engine.clamp(&x);
    IrtMarginalFit out;
    out.model = IrtOptions::modelName(options.model);
    out.parameters = parameterCount(items, options.model);
    out.nodes = nodes;
    double last = engine.eStep(x);
    IrtMarginalNewton newton(engine);
    double lastDecrease = qInf();
    for (;;) {
        if (options.cancelled && options.cancelled())
            return R::failure(QStringLiteral("cancelled"));
        if (out.iterations >= options.maxIterations) {
            out.message = QStringLiteral("stopped after %1 steps").arg(out.iterations);
            break;
        }
        // Newton where its information is a fair guide: the 1PL and 2PL throughout, the 3PL
        // once the EM has come near (far from its optimum the 3PL's Newton steps overshoot
        // and the damping eats them); the EM whenever Newton finds no lower point.
        double nllNext = 0;
        if ((options.model != Model::ThreePL || lastDecrease < 1.0) && newton.step(&x))
            nllNext = engine.lastNll(), ++out.iterations;
        else
            nllNext = squaremCycle(engine, &x, &out.iterations);
        const double decrease = last - nllNext;
        lastDecrease = decrease;
        last = nllNext;
        if (std::abs(decrease) < options.tolerance + 1e-8 * std::abs(last)) {
            out.converged = true;
            break;
        }
    }
    out.nll = last;
    out.seconds = timer.nsecsElapsed() / 1e9;
    for (int j = 0; j < items; ++j)
        out.items << IrtItem(data.items[j], x[size_t(j)][0], x[size_t(j)][1], x[size_t(j)][2]);
    return out;
}

Result<QVector<IrtMarginalFit>> IrtMarginal::nested(const IrtData &data, const Options &options)
{
    clearUpperVectorState(); // core/vectorstate.h
    using R = Result<QVector<IrtMarginalFit>>;
    QVector<IrtMarginalFit> rows;
    Options o = options;
    o.model = Model::OnePL;
    auto one = fit(data, o);
    if (!one)
        return R::failure(one.error());
    rows << one.value();
    o.model = Model::TwoPL;
    auto two = fit(data, o, &one.value().items);
    if (!two)
        return R::failure(two.error());
    rows << two.value();
    o.model = Model::ThreePL;
    auto bounds = IrtBounds::preset(options.bounds);
    if (!bounds)
        return R::failure(bounds.error());
    // The 3PL starts from the 2PL's items with every c a quarter up its range: from c on its
    // lower bound the fit settles in a worse optimum on every simulated panel tried (docs/
    // METHODS.md §9.7). Below the guard's minimum of students the c's are not identified and
    // the raised start only crawls back down: there c starts on its bound.
    const bool identified = data.students.size() >= IrtGuard::minimumStudents(Model::ThreePL);
    QVector<IrtItem> start = two.value().items;
    for (IrtItem &it : start)
        it.c = bounds.value().cMin + (identified ? 0.25 * (bounds.value().cMax - bounds.value().cMin) : 0.0);
    auto best = fit(data, o, &start);
    if (!best)
        return R::failure(best.error());
    rows << best.value();
    return rows;
}

} // namespace assay
