#include "irt/irtblocknewton.h"

#include "core/twohalves.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>

namespace assay {

namespace {

constexpr int Halvings = 8;

// A trial that is worse only by rounding counts as no worse: near the optimum a step changes
// the likelihood by less than the error of summing it.
inline bool noWorse(double trial, double current) { return trial <= current + 1e-12 * (std::abs(current) + 1.0); }

inline double clampedP(double p) { return std::clamp(p, 1e-12, 1.0 - 1e-12); }

// Solve F·Δ = −g on the variables not pressed against a bound; the rest keep Δ = 0.
Eigen::VectorXd projectedStep(const Eigen::MatrixXd &F, const Eigen::VectorXd &g, const double *x, const double *lower, const double *upper)
{
    const int n = int(g.size());
    std::vector<int> free;
    for (int k = 0; k < n; ++k) {
        const bool atLower = x[k] <= lower[k] && g[k] > 0;
        const bool atUpper = x[k] >= upper[k] && g[k] < 0;
        if (!atLower && !atUpper)
            free.push_back(k);
    }
    Eigen::VectorXd step = Eigen::VectorXd::Zero(n);
    if (free.empty())
        return step;
    const int m = int(free.size());
    Eigen::MatrixXd A(m, m);
    Eigen::VectorXd r(m);
    double scale = 0;
    for (int i = 0; i < m; ++i) {
        r[i] = -g[free[size_t(i)]];
        for (int j = 0; j < m; ++j)
            A(i, j) = F(free[size_t(i)], free[size_t(j)]);
        scale = std::max(scale, A(i, i));
    }
    // A ridge keeps the step defined where the information is (nearly) singular: the
    // redundancy between factors, or an item nobody's answers tell anything about.
    A.diagonal().array() += 1e-9 * scale + 1e-12;
    const Eigen::VectorXd d = A.ldlt().solve(r);
    for (int i = 0; i < m; ++i)
        step[free[size_t(i)]] = std::isfinite(d[i]) ? d[i] : 0.0;
    return step;
}

} // namespace

IrtBlockNewton::IrtBlockNewton(const IrtData &data, const IrtLayout &layout, const double *lower, const double *upper)
    : m_data(data), m_layout(layout), m_lower(lower), m_upper(upper)
{
}

void IrtBlockNewton::sweep(double *x)
{
    abilityStep(x);
    itemStep(x);
}

double IrtBlockNewton::standardize(double *x)
{
    const int students = int(m_data.students.size());
    if (students < 2)
        return 0;
    double mean = 0, square = 0;
    for (int s = 0; s < students; ++s) {
        const double t = m_layout.abilityOf(x, s);
        mean += t, square += t * t;
    }
    mean /= students;
    double sd = std::sqrt(std::max(square / students - mean * mean, 0.0));
    if (!m_layout.hasA || sd < 1e-6)
        sd = 1; // 1PL: a = 1 fixes the scale; only the location is free
    auto clip = [&](qsizetype at, double v) { x[at] = std::clamp(v, m_lower[at], m_upper[at]); };
    for (int i = 0; i < m_layout.items; ++i) {
        const qsizetype at = qsizetype(i) * m_layout.perItem;
        if (m_layout.hasA) {
            clip(at, x[at] * sd);
            clip(at + 1, (x[at + 1] - mean) / sd);
        } else {
            clip(at, x[at] - mean);
        }
    }
    const qsizetype offset = m_layout.abilityOffset();
    if (m_layout.studentLevels.isEmpty()) {
        for (int j = 0; j < m_layout.abilities; ++j)
            clip(offset + j, (x[offset + j] - mean) / sd);
    } else {
        const QString first = m_layout.levelNames.value(0).first;
        for (int j = 0; j < m_layout.abilities; ++j)
            clip(offset + j, (x[offset + j] - (m_layout.levelNames[j].first == first ? mean : 0.0)) / sd);
    }
    return std::abs(mean) + std::abs(sd - 1);
}

void IrtBlockNewton::itemSweeps(double *x, int count)
{
    for (int k = 0; k < count; ++k)
        itemStep(x);
}

int IrtBlockNewton::abilityGrid(double *x, int points)
{
    if (!m_layout.studentLevels.isEmpty() || points < 2)
        return 0;
    loadItems(x);
    const int students = int(m_data.students.size()), items = m_layout.items, offset = m_layout.abilityOffset();
    double *abilities = x + offset;
    // Every student shares the grid when they share the θ box (as every fit sets it): each
    // cell's −log P(y) at each grid point is then computed once, per item, instead of once per
    // student. The row sums add the same values in the same order as rowNll, so the moves are
    // the same bit for bit (docs/METHODS.md §9.6).
    const double lo = m_lower[offset], hi = m_upper[offset];
    bool shared = true;
    for (int s = 1; s < students && shared; ++s)
        shared = m_lower[offset + s] == lo && m_upper[offset + s] == hi;
    std::vector<double> right, wrong; // per grid point × item: −log P and −log(1 − P)
    if (shared) {
        right.resize(size_t(points) * size_t(items)), wrong.resize(right.size());
        for (int k = 0; k < points; ++k) {
            const double theta = lo + (hi - lo) * k / (points - 1);
            for (int i = 0; i < items; ++i) {
                const double p = clampedP(m_c[size_t(i)] + (1.0 - m_c[size_t(i)]) / (1.0 + std::exp(-m_a[size_t(i)] * (theta - m_b[size_t(i)]))));
                right[size_t(k) * size_t(items) + size_t(i)] = std::log(p);
                wrong[size_t(k) * size_t(items) + size_t(i)] = std::log1p(-p);
            }
        }
    }
    // Students are independent: two halves, each moving its own.
    int movedHalves[2] = {0, 0};
    inTwoHalves(m_layout.splitsRows(students), students, [&](int begin, int end) {
        int &moved = movedHalves[begin > 0 ? 1 : 0];
        for (int s = begin; s < end; ++s) {
            const double sLo = m_lower[offset + s], sHi = m_upper[offset + s];
            const qint8 *row = m_data.responses[s].constData();
            double best = rowNll(s, abilities[s]), at = abilities[s];
            for (int k = 0; k < points; ++k) {
                const double theta = sLo + (sHi - sLo) * k / (points - 1);
                double v = 0;
                if (shared) {
                    const double *r = right.data() + size_t(k) * size_t(items), *w = wrong.data() + size_t(k) * size_t(items);
                    for (int i = 0; i < items; ++i)
                        if (row[i] >= 0)
                            v -= row[i] ? r[i] : w[i];
                } else {
                    v = rowNll(s, theta);
                }
                if (v < best - 1e-3)
                    best = v, at = theta;
            }
            if (at != abilities[s])
                abilities[s] = at, ++moved;
        }
    });
    return movedHalves[0] + movedHalves[1];
}

std::vector<double> IrtBlockNewton::itemNll(const double *x)
{
    loadItems(x);
    std::vector<double> nll(size_t(m_layout.items), 0.0);
    for (int s = 0; s < m_data.students.size(); ++s) {
        const double theta = m_layout.abilityOf(x, s);
        const qint8 *row = m_data.responses[s].constData();
        for (int i = 0; i < m_layout.items; ++i) {
            if (row[i] < 0)
                continue;
            double p, dTheta;
            cell(i, theta, &p, nullptr, &dTheta);
            nll[size_t(i)] -= row[i] ? std::log(p) : std::log1p(-p);
        }
    }
    return nll;
}

std::vector<double> IrtBlockNewton::fisherDiagonal(const double *x)
{
    loadItems(x);
    const int k = m_layout.perItem;
    std::vector<double> d(size_t(m_layout.parameters()), 0.0);
    double *abilities = d.data() + m_layout.abilityOffset();
    double item[3];
    for (int s = 0; s < m_data.students.size(); ++s) {
        const double theta = m_layout.abilityOf(x, s);
        const qint8 *row = m_data.responses[s].constData();
        double info = 0;
        for (int i = 0; i < m_layout.items; ++i) {
            if (row[i] < 0)
                continue;
            double p, dTheta;
            cell(i, theta, &p, item, &dTheta);
            const double w = 1.0 / (p * (1.0 - p));
            double *di = d.data() + qsizetype(i) * k;
            for (int u = 0; u < k; ++u)
                di[u] += w * item[u] * item[u];
            info += w * dTheta * dTheta;
        }
        m_layout.addToAbilities(abilities, s, info);
    }
    return d;
}

void IrtBlockNewton::loadItems(const double *x)
{
    const size_t n = size_t(m_layout.items);
    m_a.resize(n), m_b.resize(n), m_c.resize(n);
    for (int i = 0; i < m_layout.items; ++i)
        m_layout.itemParams(x, i, &m_a[size_t(i)], &m_b[size_t(i)], &m_c[size_t(i)]);
}

void IrtBlockNewton::cell(int item, double theta, double *p, double *dItem, double *dTheta) const
{
    const double a = m_a[size_t(item)], b = m_b[size_t(item)], c = m_c[size_t(item)];
    const double e = 1.0 / (1.0 + std::exp(-a * (theta - b)));
    *p = clampedP(c + (1.0 - c) * e);
    const double slope = (1.0 - c) * e * (1.0 - e);
    *dTheta = slope * a;
    if (!dItem)
        return;
    int k = 0;
    if (m_layout.hasA)
        dItem[k++] = slope * (theta - b);
    dItem[k++] = -slope * a;
    if (m_layout.hasC)
        dItem[k] = 1.0 - e;
}

double IrtBlockNewton::rowNll(int student, double theta) const
{
    double nll = 0;
    const qint8 *row = m_data.responses[student].constData();
    for (int i = 0; i < m_layout.items; ++i) {
        if (row[i] < 0)
            continue;
        const double p = clampedP(m_c[size_t(i)] + (1.0 - m_c[size_t(i)]) / (1.0 + std::exp(-m_a[size_t(i)] * (theta - m_b[size_t(i)]))));
        nll -= row[i] ? std::log(p) : std::log1p(-p);
    }
    return nll;
}

void IrtBlockNewton::abilityStep(double *x)
{
    loadItems(x);
    const int students = int(m_data.students.size());
    std::vector<double> g(size_t(students), 0.0), info(size_t(students), 0.0), nll(size_t(students), 0.0), theta(static_cast<size_t>(students));
    double *abilities = x + m_layout.abilityOffset();
    const double *lower = m_lower + m_layout.abilityOffset(), *upper = m_upper + m_layout.abilityOffset();
    const bool flat = m_layout.studentLevels.isEmpty();
    // Per student (on two cores for a large matrix): its score, information and −log L; flat,
    // its own step too — students are independent given the items.
    inTwoHalves(m_layout.splitsRows(students), students, [&](int begin, int end) {
        for (int s = begin; s < end; ++s) {
            theta[size_t(s)] = m_layout.abilityOf(x, s);
            const qint8 *row = m_data.responses[s].constData();
            for (int i = 0; i < m_layout.items; ++i) {
                if (row[i] < 0)
                    continue;
                double p, dTheta;
                cell(i, theta[size_t(s)], &p, nullptr, &dTheta);
                const double w = 1.0 / (p * (1.0 - p));
                g[size_t(s)] += (p - row[i]) * w * dTheta;
                info[size_t(s)] += w * dTheta * dTheta;
                nll[size_t(s)] -= row[i] ? std::log(p) : std::log1p(-p);
            }
            if (!flat)
                continue;
            const double gs = g[size_t(s)];
            if ((abilities[s] <= lower[s] && gs > 0) || (abilities[s] >= upper[s] && gs < 0))
                continue;
            const double step = -gs / std::max(info[size_t(s)], 1e-12);
            for (int h = 0; h < Halvings; ++h) {
                const double trial = std::clamp(abilities[s] + std::ldexp(step, -h), lower[s], upper[s]);
                if (noWorse(rowNll(s, trial), nll[size_t(s)])) {
                    abilities[s] = trial;
                    break;
                }
            }
        }
    });
    if (flat)
        return;
    // Hierarchical: one joint step over all factor levels.
    const int n = m_layout.abilities;
    Eigen::MatrixXd F = Eigen::MatrixXd::Zero(n, n);
    Eigen::VectorXd gl = Eigen::VectorXd::Zero(n);
    double total = 0;
    for (int s = 0; s < students; ++s) {
        total += nll[size_t(s)];
        for (int j : m_layout.studentLevels[s]) {
            gl[j] += g[size_t(s)];
            for (int k : m_layout.studentLevels[s])
                F(j, k) += info[size_t(s)];
        }
    }
    const Eigen::VectorXd step = projectedStep(F, gl, abilities, lower, upper);
    const std::vector<double> start(abilities, abilities + n);
    for (int h = 0; h < Halvings; ++h) {
        for (int j = 0; j < n; ++j)
            abilities[j] = std::clamp(start[size_t(j)] + std::ldexp(step[j], -h), lower[j], upper[j]);
        double trial = 0;
        for (int s = 0; s < students; ++s)
            trial += rowNll(s, m_layout.abilityOf(x, s));
        if (noWorse(trial, total))
            return;
    }
    std::copy(start.begin(), start.end(), abilities);
}

void IrtBlockNewton::itemStep(double *x)
{
    loadItems(x);
    const int items = m_layout.items, k = m_layout.perItem;
    const int students = int(m_data.students.size());
    std::vector<double> g(size_t(items * k), 0.0), F(size_t(items * k * k), 0.0), nll(size_t(items), 0.0), theta(static_cast<size_t>(students));
    // Summed over the students; a large matrix's second half on a second core, into its own sums.
    std::vector<double> g2(g.size(), 0.0), F2(F.size(), 0.0), nll2(nll.size(), 0.0);
    inTwoHalves(m_layout.splitsRows(students), students, [&](int begin, int end) {
        const bool second = begin > 0;
        double *gs = second ? g2.data() : g.data(), *Fs = second ? F2.data() : F.data(), *nlls = second ? nll2.data() : nll.data();
        double d[3];
        for (int s = begin; s < end; ++s) {
            theta[size_t(s)] = m_layout.abilityOf(x, s);
            const qint8 *row = m_data.responses[s].constData();
            for (int i = 0; i < items; ++i) {
                if (row[i] < 0)
                    continue;
                double p, dTheta;
                cell(i, theta[size_t(s)], &p, d, &dTheta);
                const double w = 1.0 / (p * (1.0 - p));
                const double r = (p - row[i]) * w;
                double *gi = gs + size_t(i * k), *Fi = Fs + size_t(i * k * k);
                for (int u = 0; u < k; ++u) {
                    gi[u] += r * d[u];
                    for (int v = 0; v < k; ++v)
                        Fi[u * k + v] += w * d[u] * d[v];
                }
                nlls[size_t(i)] -= row[i] ? std::log(p) : std::log1p(-p);
            }
        }
    });
    for (size_t u = 0; u < g.size(); ++u)
        g[u] += g2[u];
    for (size_t u = 0; u < F.size(); ++u)
        F[u] += F2[u];
    for (size_t u = 0; u < nll.size(); ++u)
        nll[u] += nll2[u];
    // Each item's step, then halve the steps of the items whose likelihood got worse.
    std::vector<double> start(x, x + qsizetype(items) * k), steps(size_t(items * k), 0.0);
    for (int i = 0; i < items; ++i) {
        Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> Fi(&F[size_t(i * k * k)], k, k);
        Eigen::Map<const Eigen::VectorXd> gi(&g[size_t(i * k)], k);
        const Eigen::VectorXd step = projectedStep(Fi, gi, x + qsizetype(i) * k, m_lower + qsizetype(i) * k, m_upper + qsizetype(i) * k);
        std::copy(step.data(), step.data() + k, &steps[size_t(i * k)]);
    }
    std::vector<int> pending(static_cast<size_t>(items));
    for (int i = 0; i < items; ++i)
        pending[size_t(i)] = i;
    for (int h = 0; h < Halvings && !pending.empty(); ++h)
        pending = tryItemSteps(x, start, steps, theta, nll, pending, h);
    if (pending.empty())
        return;
    // A Newton step clipped by the box is not always a descent direction; those items try a
    // diagonally scaled gradient step instead, and stay where they were if that fails too.
    for (int i : pending)
        for (int u = 0; u < k; ++u) {
            const qsizetype at = qsizetype(i) * k + u;
            steps[size_t(at)] = -g[size_t(at)] / std::max(F[size_t(i * k * k + u * k + u)], 1e-12);
        }
    for (int h = 0; h < Halvings && !pending.empty(); ++h)
        pending = tryItemSteps(x, start, steps, theta, nll, pending, h);
    for (int i : pending)
        std::copy(start.begin() + qsizetype(i) * k, start.begin() + qsizetype(i + 1) * k, x + qsizetype(i) * k);
}

std::vector<int> IrtBlockNewton::tryItemSteps(double *x, const std::vector<double> &start, const std::vector<double> &steps, const std::vector<double> &theta,
                                              const std::vector<double> &nll, const std::vector<int> &pending, int halving)
{
    const int k = m_layout.perItem;
    for (int i : pending)
        for (int u = 0; u < k; ++u) {
            const qsizetype at = qsizetype(i) * k + u;
            x[at] = std::clamp(start[size_t(at)] + std::ldexp(steps[size_t(at)], -halving), m_lower[at], m_upper[at]);
        }
    loadItems(x);
    const int students = int(m_data.students.size());
    std::vector<double> trial(size_t(m_layout.items), 0.0), trial2(trial.size(), 0.0);
    inTwoHalves(m_layout.splitsRows(students), students, [&](int begin, int end) {
        double *sums = begin > 0 ? trial2.data() : trial.data();
        for (int s = begin; s < end; ++s) {
            const qint8 *row = m_data.responses[s].constData();
            for (int i : pending) {
                if (row[i] < 0)
                    continue;
                double p, dTheta;
                cell(i, theta[size_t(s)], &p, nullptr, &dTheta);
                sums[size_t(i)] -= row[i] ? std::log(p) : std::log1p(-p);
            }
        }
    });
    for (size_t i = 0; i < trial.size(); ++i)
        trial[i] += trial2[i];
    std::vector<int> worse;
    for (int i : pending)
        if (!noWorse(trial[size_t(i)], nll[size_t(i)]))
            worse.push_back(i);
    return worse;
}

} // namespace assay
