#include "irt/irtmarginalengine.h"
#include "core/vectorstate.h"

#include "core/twohalves.h"
#include "irt/irtcellterms.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>

namespace assay {

namespace {

// Over [0, count) in two halves when allowed and the work (count × cost) pays for a thread.
template<typename Body>
void split(bool twoCores, int count, qint64 cost, const Body &body)
{
    inTwoHalves(twoCores && qint64(count) * cost >= 200000, count, body);
}

} // namespace

IrtMarginalEngine::IrtMarginalEngine(const IrtData &data, Model model, const IrtBounds &bounds, int nodes, bool twoCores)
    : m_model(model), m_bounds(bounds), m_quadrature(nodes), m_q(nodes), m_twoCores(twoCores)
{
    m_free = model == Model::OnePL ? std::vector<int>{1} : model == Model::TwoPL ? std::vector<int>{0, 1} : std::vector<int>{0, 1, 2};
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

double IrtMarginalEngine::eStep(const Params &p)
{
    clearUpperVectorState(); // core/vectorstate.h
    std::vector<double> logs(m_byStudent.size(), 0.0);
    split(m_twoCores, students(), qint64(items()) * m_q, [&](int begin, int end) {
        for (int s = begin; s < end; ++s)
            if (!m_byStudent[size_t(s)].empty())
                logs[size_t(s)] = m_quadrature.integrate(m_byStudent[size_t(s)], p, &m_mode[size_t(s)], &m_theta[size_t(s) * size_t(m_q)], &m_weight[size_t(s) * size_t(m_q)]);
    });
    m_nll = 0;
    for (double l : logs)
        m_nll -= l;
    return m_nll;
}

void IrtMarginalEngine::restore(Posteriors saved)
{
    m_mode = std::move(saved.mode);
    m_theta = std::move(saved.theta);
    m_weight = std::move(saved.weight);
    m_nll = saved.nll;
}

void IrtMarginalEngine::mStep(Params *p) const
{
    split(m_twoCores, items(), qint64(m_byStudent.size()) * m_q * 2, [&](int begin, int end) {
        for (int j = begin; j < end; ++j)
            itemStep(j, &(*p)[size_t(j)]);
    });
    if (m_model == Model::OnePL)
        commonAStep(p);
}

void IrtMarginalEngine::clamp(Params *p) const
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

IrtMarginalEngine::Moments IrtMarginalEngine::moments(int j, const std::array<double, 3> &p, Derivatives derivatives, const Projection *projection) const
{
    const auto [a, b, c] = p;
    Moments m;
    for (const IrtCell &cell : m_byItem[size_t(j)]) {
        const double *theta = &m_theta[size_t(cell.index) * size_t(m_q)];
        const double *weight = &m_weight[size_t(cell.index) * size_t(m_q)];
        for (int k = 0; k < m_q; ++k) {
            const double w = weight[k];
            const IrtCellTerms t(a, b, c, theta[k]);
            if (derivatives != Derivatives::Observed) // the Newton steps use no q
                m.q += w * std::log(cell.correct ? t.p1 : t.p0);
            if (derivatives == Derivatives::None)
                continue;
            const double dp[3] = {t.ds * t.d, -t.ds * a, t.oneMinus};
            const double pq = std::max(t.p1 * t.p0, 1e-300);
            const double r = (cell.correct - t.p1) / pq, f = w / pq;
            for (int u = 0; u < 3; ++u) {
                m.g[u] += w * r * dp[u];
                for (int v = 0; v <= u; ++v)
                    m.h[u][v] += f * dp[u] * dp[v];
            }
            if (projection) {
                const size_t width = m_byStudent.size() * size_t(projection->rank);
                for (int rr = 0; rr < projection->rank; ++rr) {
                    const size_t column = size_t(cell.index) * size_t(projection->rank) + size_t(rr);
                    const double sr = w * r * projection->basis[column * size_t(m_q) + size_t(k)];
                    for (size_t u = 0; u < 3; ++u)
                        projection->rows[u * width + column] += sr * dp[u];
                }
            }
            if (derivatives != Derivatives::Observed)
                continue;
            // −∂²/∂u∂v of log P(y): (y/P² + (1 − y)/(1 − P)²)·P_u·P_v − ((y − P)/(P(1 − P)))·P_uv.
            const double s1 = t.sigma * t.oneMinus, s2 = s1 * (t.oneMinus - t.sigma), k1 = 1.0 - c;
            const double pp[3][3] = {{k1 * s2 * t.d * t.d, 0, 0}, {-k1 * (s2 * a * t.d + s1), k1 * s2 * a * a, 0}, {-s1 * t.d, s1 * a, 0}};
            const double base = cell.correct ? t.p1 : t.p0, curvature = w / std::max(base * base, 1e-300);
            for (int u = 0; u < 3; ++u)
                for (int v = 0; v <= u; ++v)
                    m.o[u][v] += curvature * dp[u] * dp[v] - w * r * pp[u][v];
        }
    }
    return m;
}

void IrtMarginalEngine::itemStep(int j, std::array<double, 3> *p) const
{
    const Moments m = moments(j, *p, Derivatives::Expected);
    // Projected Newton: a parameter on a bound whose gradient points out stays there.
    std::vector<int> moving;
    for (int u : m_free) {
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
    for (int tries = 0; tries < 10; ++tries, lambda /= 2) {
        std::array<double, 3> candidate = *p;
        for (int u = 0; u < n; ++u) {
            const int at = moving[size_t(u)];
            candidate[size_t(at)] = std::clamp(candidate[size_t(at)] + lambda * delta(u), lower(at), upper(at));
        }
        if (moments(j, candidate, Derivatives::None).q >= m.q - 1e-12) {
            *p = candidate;
            return;
        }
    }
}

// The 1PL's common a, by one Fisher-scoring step on the whole expected likelihood.
void IrtMarginalEngine::commonAStep(Params *p) const
{
    double q = 0, g = 0, h = 0;
    for (int j = 0; j < items(); ++j) {
        const Moments m = moments(j, (*p)[size_t(j)], Derivatives::Expected);
        q += m.q, g += m.g[0], h += m.h[0][0];
    }
    const double a = p->empty() ? 1.0 : (*p)[0][0];
    if (h <= 0 || (a <= m_bounds.aMin && g < 0) || (a >= m_bounds.aMax && g > 0))
        return;
    for (double lambda = 1; lambda > 1e-3; lambda /= 2) {
        const double candidate = std::clamp(a + lambda * g / h, m_bounds.aMin, m_bounds.aMax);
        double next = 0;
        for (int j = 0; j < items(); ++j)
            next += moments(j, {candidate, (*p)[size_t(j)][1], 0.0}, Derivatives::None).q;
        if (next >= q - 1e-12) {
            for (auto &item : *p)
                item[0] = candidate;
            return;
        }
    }
}

} // namespace assay
