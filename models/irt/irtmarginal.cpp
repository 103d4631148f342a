#include "irt/irtmarginal.h"

#include "core/twohalves.h"
#include "irt/irtguard.h"
#include "irt/irtquadrature.h"

#include <Eigen/Dense>

#include <QElapsedTimer>

#include <algorithm>
#include <cmath>

namespace assay {

namespace {

using Model = IrtOptions::Model;
using Params = std::vector<std::array<double, 3>>;

// Over [0, count) in two halves when allowed and the work (count × cost) pays for a thread.
template<typename Body>
void split(bool twoCores, int count, qint64 cost, const Body &body)
{
    inTwoHalves(twoCores && qint64(count) * cost >= 200000, count, body);
}

// The EM's state: the answers by student and by item, and each student's nodes and
// posterior weights from the last E-step.
class Engine {
public:
    Engine(const IrtData &data, Model model, const IrtBounds &bounds, int nodes, bool twoCores)
        : m_model(model), m_bounds(bounds), m_quadrature(nodes), m_q(nodes), m_twoCores(twoCores)
    {
        const int students = int(data.students.size()), items = int(data.items.size());
        m_byStudent.resize(size_t(students));
        m_byItem.resize(size_t(items));
        for (int s = 0; s < students; ++s)
            for (int j = 0; j < items; ++j)
                if (const qint8 y = data.responses[s][j]; y >= 0) {
                    m_byStudent[size_t(s)].push_back({j, y});
                    m_byItem[size_t(j)].push_back({s, y});
                }
        m_mode.assign(size_t(students), 0.0);
        m_theta.assign(size_t(students) * size_t(m_q), 0.0);
        m_weight.assign(size_t(students) * size_t(m_q), 0.0);
    }

    int items() const { return int(m_byItem.size()); }

    double eStep(const Params &p)
    {
        const int students = int(m_byStudent.size());
        std::vector<double> logs(static_cast<size_t>(students), 0.0);
        split(m_twoCores, students, qint64(items()) * m_q, [&](int begin, int end) {
            for (int s = begin; s < end; ++s)
                if (!m_byStudent[size_t(s)].empty())
                    logs[size_t(s)] = m_quadrature.integrate(m_byStudent[size_t(s)], p, &m_mode[size_t(s)], &m_theta[size_t(s) * size_t(m_q)], &m_weight[size_t(s) * size_t(m_q)]);
        });
        double nll = 0;
        for (double l : logs)
            nll -= l;
        return nll;
    }

    // One generalised M-step: a few projected Fisher-scoring steps per item, each kept only
    // when it raises the item's expected complete-data log-likelihood.
    void mStep(Params *p) const
    {
        const std::vector<int> free = m_model == Model::OnePL ? std::vector<int>{1} : m_model == Model::TwoPL ? std::vector<int>{0, 1} : std::vector<int>{0, 1, 2};
        split(m_twoCores, items(), qint64(m_byStudent.size()) * m_q * 2, [&](int begin, int end) {
            for (int j = begin; j < end; ++j)
                itemSteps(j, &(*p)[size_t(j)], free, 1);
        });
        if (m_model == Model::OnePL)
            commonAStep(p);
    }

    void clamp(Params *p) const
    {
        for (auto &[a, b, c] : *p) {
            a = std::clamp(a, m_bounds.aMin, m_bounds.aMax);
            b = std::clamp(b, m_bounds.bMin, m_bounds.bMax);
            c = m_model == Model::ThreePL ? std::clamp(c, m_bounds.cMin, m_bounds.cMax) : 0.0;
        }
        if (m_model == Model::OnePL && !p->empty()) {
            double mean = 0;
            for (const auto &item : *p)
                mean += item[0];
            for (auto &item : *p)
                item[0] = mean / double(p->size());
        }
    }

private:
    struct Moments {
        double q = 0;
        double g[3] = {0, 0, 0};
        double h[3][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    };

    // Σ over the item's answers and each student's nodes of the posterior weight times
    // log P(y | θ); with derivatives, its gradient in (a, b, c) and the Fisher information.
    Moments moments(int j, const std::array<double, 3> &p, bool derivatives) const
    {
        const auto [a, b, c] = p;
        Moments m;
        for (const IrtCell &cell : m_byItem[size_t(j)]) {
            const double *theta = &m_theta[size_t(cell.index) * size_t(m_q)];
            const double *weight = &m_weight[size_t(cell.index) * size_t(m_q)];
            for (int k = 0; k < m_q; ++k) {
                const double w = weight[k];
                const double d = theta[k] - b, z = a * d;
                const double e = std::exp(-std::abs(z));
                const double sigma = z >= 0 ? 1.0 / (1.0 + e) : e / (1.0 + e);
                const double oneMinus = z >= 0 ? e / (1.0 + e) : 1.0 / (1.0 + e);
                const double p1 = c + (1.0 - c) * sigma, p0 = (1.0 - c) * oneMinus;
                m.q += w * std::log(cell.correct ? p1 : p0);
                if (!derivatives)
                    continue;
                const double ds = (1.0 - c) * sigma * oneMinus;
                const double dp[3] = {ds * d, -ds * a, oneMinus};
                const double pq = std::max(p1 * p0, 1e-300);
                const double r = w * (cell.correct - p1) / pq, f = w / pq;
                for (int u = 0; u < 3; ++u) {
                    m.g[u] += r * dp[u];
                    for (int v = 0; v <= u; ++v)
                        m.h[u][v] += f * dp[u] * dp[v];
                }
            }
        }
        return m;
    }

    double lower(int u) const { return u == 0 ? m_bounds.aMin : u == 1 ? m_bounds.bMin : m_bounds.cMin; }
    double upper(int u) const { return u == 0 ? m_bounds.aMax : u == 1 ? m_bounds.bMax : m_bounds.cMax; }

    void itemSteps(int j, std::array<double, 3> *p, const std::vector<int> &free, int steps) const
    {
        Moments m = moments(j, *p, true);
        for (int step = 0; step < steps; ++step) {
            // Projected Newton: a parameter on a bound whose gradient points out stays there.
            std::vector<int> moving;
            for (int u : free) {
                const double x = (*p)[size_t(u)];
                if ((x <= lower(u) && m.g[u] < 0) || (x >= upper(u) && m.g[u] > 0))
                    continue;
                moving.push_back(u);
            }
            if (moving.empty())
                return;
            const int n = int(moving.size());
            Eigen::MatrixXd h(n, n);
            Eigen::VectorXd g(n);
            for (int u = 0; u < n; ++u) {
                g(u) = m.g[moving[size_t(u)]];
                for (int v = 0; v < n; ++v) {
                    const int x = std::max(moving[size_t(u)], moving[size_t(v)]), y = std::min(moving[size_t(u)], moving[size_t(v)]);
                    h(u, v) = m.h[x][y];
                }
                h(u, u) += 1e-9 * (1.0 + h(u, u));
            }
            const Eigen::VectorXd delta = h.ldlt().solve(g);
            double lambda = 1;
            bool gained = false;
            for (int tries = 0; tries < 10 && !gained; ++tries, lambda /= 2) {
                std::array<double, 3> candidate = *p;
                for (int u = 0; u < n; ++u) {
                    const int at = moving[size_t(u)];
                    candidate[size_t(at)] = std::clamp(candidate[size_t(at)] + lambda * delta(u), lower(at), upper(at));
                }
                const Moments next = moments(j, candidate, step + 1 < steps);
                if (next.q >= m.q - 1e-12) {
                    double moved = 0;
                    for (int u = 0; u < 3; ++u)
                        moved = std::max(moved, std::abs(candidate[size_t(u)] - (*p)[size_t(u)]));
                    *p = candidate, m = next, gained = true;
                    if (moved < 1e-8)
                        return;
                }
            }
            if (!gained)
                return;
        }
    }

    // The 1PL's common a, by one Fisher-scoring step on the whole expected likelihood.
    void commonAStep(Params *p) const
    {
        double q = 0, g = 0, h = 0;
        for (int j = 0; j < items(); ++j) {
            const Moments m = moments(j, (*p)[size_t(j)], true);
            q += m.q, g += m.g[0], h += m.h[0][0];
        }
        const double a = p->empty() ? 1.0 : (*p)[0][0];
        if (h <= 0 || (a <= m_bounds.aMin && g < 0) || (a >= m_bounds.aMax && g > 0))
            return;
        for (double lambda = 1; lambda > 1e-3; lambda /= 2) {
            const double candidate = std::clamp(a + lambda * g / h, m_bounds.aMin, m_bounds.aMax);
            double next = 0;
            for (int j = 0; j < items(); ++j)
                next += moments(j, {candidate, (*p)[size_t(j)][1], 0.0}, false).q;
            if (next >= q - 1e-12) {
                for (auto &item : *p)
                    item[0] = candidate;
                return;
            }
        }
    }

    Model m_model;
    IrtBounds m_bounds;
    IrtQuadrature m_quadrature;
    int m_q;
    bool m_twoCores;
    std::vector<std::vector<IrtCell>> m_byStudent, m_byItem;
    std::vector<double> m_mode, m_theta, m_weight;
};

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
    Engine engine(data, options.model, bounds.value(), options.nodes, options.twoCores);
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
    double last = engine.eStep(x);
    for (;;) {
        if (options.cancelled && options.cancelled())
            return R::failure(QStringLiteral("cancelled"));
        if (out.iterations >= options.maxIterations) {
            out.message = QStringLiteral("stopped after %1 EM steps").arg(out.iterations);
            break;
        }
        const double nllNext = squaremCycle(engine, &x, &out.iterations);
        const double decrease = last - nllNext;
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
    QVector<IrtItem> low = two.value().items, raised = low;
    for (IrtItem &it : low)
        it.c = bounds.value().cMin;
    for (IrtItem &it : raised)
        it.c = bounds.value().cMin + 0.25 * (bounds.value().cMax - bounds.value().cMin);
    IrtMarginalFit best;
    bool found = false;
    double seconds = 0;
    // The raised start only where the c's can be told apart: below the guard's minimum of
    // students for a 3PL they are not identified, and its EM crawls for nothing.
    const bool identified = data.students.size() >= IrtGuard::minimumStudents(Model::ThreePL);
    for (const QVector<IrtItem> *start : {&low, &raised}) {
        if (start == &raised && !identified)
            break;
        auto three = fit(data, o, start);
        if (!three)
            return R::failure(three.error());
        seconds += three.value().seconds;
        if (!found || three.value().nll < best.nll)
            best = three.value(), found = true;
    }
    best.seconds = seconds;
    rows << best;
    return rows;
}

} // namespace assay
