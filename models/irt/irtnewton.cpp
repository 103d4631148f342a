#include "irt/irtnewton.h"
#include "core/vectorstate.h"

#include "core/twohalves.h"
#include "irt/irtgauge.h"
#include "irt/irtstudentelimination.h"

#include <Eigen/Cholesky>
#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <thread>
#include <functional>

namespace assay {

namespace {

// The dense cross terms may take this many doubles (128 MiB); they are held three times
// over (at x, at the trial point, being eliminated).
constexpr qint64 CrossBudget = qint64(16) * 1024 * 1024;

// One answered cell's derivatives of ℓ = −log P(y) with respect to the linear predictor
// z = a(θ − b) and the guessing c, written so that nothing divides by a vanishing 1 − P
// (P = c + (1 − c)σ(z), q = 1 − c):
//   ℓ_z  = (P − y)·σ/P
//   ℓ_zz = y·q²σ²(1 − σ)²/P² + (1 − y)σ² + (P − y)σ(1 − 2σ)/P
//   ℓ_c  = (P − y)/(P q)
//   ℓ_cc = y(1 − σ)²/P² + (1 − y)/q²
//   ℓ_cz = y·qσ(1 − σ)²/P² + (1 − y)σ/q − (P − y)σ/(P q)
struct Cell {
    double nll, lz, lzz, lc, lcc, lcz;
};

inline Cell cellDerivatives(double z, double c, double invQ, int y, bool withNll)
{
    const double e = std::exp(-z);
    const double s = 1.0 / (1.0 + e);
    const double q = 1.0 - c;
    const double p = std::clamp(c + q * s, 1e-12, 1.0 - 1e-12);
    const double invP = 1.0 / p;
    const double r = p - y;
    const double t = (1.0 - s) * invP; // (1 − σ)/P
    const double rs = r * s * invP;     // (P − y)σ/P
    Cell d;
    d.nll = withNll ? -std::log(y ? p : std::clamp(q * (std::isfinite(e) ? e * s : 1.0), 1e-12, 1.0 - 1e-12)) : 0.0;
    d.lz = rs;
    d.lzz = (y ? q * q * s * s * t * t : s * s) + rs * (1.0 - 2.0 * s);
    d.lc = r * invP * invQ;
    d.lcc = y ? t * t : invQ * invQ;
    d.lcz = (y ? q * s * (1.0 - s) * t * invP : s * invQ) - rs * invQ;
    return d;
}

// Where item parameter k (items × p layout) sits on its item block's diagonal in the
// items × p × p block array.
inline size_t diagonalAt(int k, int p) { return size_t((k / p) * p * p + (k % p) * (p + 1)); }

// Cholesky factor of a symmetric p × p matrix (p ≤ 3, row-major) into the packed lower
// triangle L = (l00, l10, l11, l20, l21, l22); false when A is not positive definite.
inline bool cholesky(const double *A, int p, double *L)
{
    const double d0 = A[0];
    if (!(d0 > 0))
        return false;
    L[0] = std::sqrt(d0);
    if (p == 1)
        return true;
    L[1] = A[p] / L[0];
    const double d1 = A[p + 1] - L[1] * L[1];
    if (!(d1 > 1e-14 * A[p + 1]))
        return false;
    L[2] = std::sqrt(d1);
    if (p == 2)
        return true;
    L[3] = A[6] / L[0];
    L[4] = (A[7] - L[3] * L[1]) / L[2];
    const double d2 = A[8] - L[3] * L[3] - L[4] * L[4];
    if (!(d2 > 1e-14 * A[8]))
        return false;
    L[5] = std::sqrt(d2);
    return true;
}

// y ← L⁻¹y and y ← L⁻ᵀy for the packed factor.
inline void forward(const double *L, int p, double *y)
{
    y[0] /= L[0];
    if (p > 1)
        y[1] = (y[1] - L[1] * y[0]) / L[2];
    if (p > 2)
        y[2] = (y[2] - L[3] * y[0] - L[4] * y[1]) / L[5];
}

inline void backward(const double *L, int p, double *y)
{
    if (p > 2)
        y[2] /= L[5];
    if (p > 1)
        y[1] = (y[1] - (p > 2 ? L[4] * y[2] : 0.0)) / L[2];
    y[0] = (y[0] - (p > 1 ? L[1] * y[1] : 0.0) - (p > 2 ? L[3] * y[2] : 0.0)) / L[0];
}

} // namespace

IrtNewton::IrtNewton(const IrtData &data, const IrtLayout &layout, const double *lower, const double *upper)
    : m_data(data), m_layout(layout), m_lower(lower), m_upper(upper), m_students(int(data.students.size())), m_p(layout.perItem)
{
}

bool IrtNewton::feasible(const IrtData &data, const IrtLayout &layout)
{
    const qint64 cross = qint64(layout.items) * layout.perItem * std::max<qint64>(data.students.size(), layout.abilities);
    return cross <= CrossBudget;
}

double IrtNewton::projectedGradient(const double *x, const double *g, const double *lower, const double *upper, int n)
{
    double projected = 0;
    for (int k = 0; k < n; ++k)
        projected = std::max(projected, std::abs(std::clamp(x[k] - g[k], lower[k], upper[k]) - x[k]));
    return projected;
}

long double IrtNewton::assembleRows(const double *x, bool withNll, int from, int to, double *g, double *itemHessian, double *thetaHessian, Eigen::MatrixXd &crossTerms)
{
    clearUpperVectorState(); // on both threads (core/vectorstate.h)
    const IrtLayout &l = m_layout;
    const int p = m_p;
    // Positions of a, b and c within an item's parameters (−1: not a parameter).
    const int ia = l.hasA ? 0 : -1, ib = l.hasA ? 1 : 0, ic = l.hasC ? p - 1 : -1;
    long double nll = 0;
    for (int s = from; s < to; ++s) {
        const double theta = l.abilityOf(x, s);
        const qint8 *row = m_data.responses[s].constData();
        double gTheta = 0, hTheta = 0;
        double *cross = crossTerms.data() + qsizetype(s) * crossTerms.rows();
        long double rowNll = 0;
        for (int i = 0; i < l.items; ++i) {
            const qint8 y = row[i];
            double *C = cross + qsizetype(i) * p;
            if (y < 0) {
                std::fill(C, C + p, 0.0); // the cross terms are written, not added: no clearing pass
                continue;
            }
            const double a = m_itemA[size_t(i)], b = m_itemB[size_t(i)];
            const double u = theta - b; // ∂z/∂a; ∂z/∂b = −a; ∂z/∂θ = a
            const Cell d = cellDerivatives(a * u, m_itemC[size_t(i)], m_itemInvQ[size_t(i)], y, withNll);
            rowNll += d.nll;
            double *gi = g + qsizetype(i) * p;
            double *H = itemHessian + qsizetype(i) * p * p;
            if (ia >= 0) {
                gi[ia] += d.lz * u;
                H[ia * p + ia] += d.lzz * u * u;
                H[ia * p + ib] += -d.lzz * u * a - d.lz; // ∂²z/∂a∂b = −1
                C[ia] = d.lzz * u * a + d.lz;             // ∂²z/∂a∂θ = 1
            }
            gi[ib] += -d.lz * a;
            H[ib * p + ib] += d.lzz * a * a;
            C[ib] = -d.lzz * a * a;
            if (ic >= 0) {
                gi[ic] += d.lc;
                H[ic * p + ic] += d.lcc;
                H[ib * p + ic] += -d.lcz * a;
                if (ia >= 0)
                    H[ia * p + ic] += d.lcz * u;
                C[ic] = d.lcz * a;
            }
            gTheta += d.lz * a;
            hTheta += d.lzz * a * a;
        }
        nll += rowNll;
        thetaHessian[s] = hTheta;
        l.addToAbilities(g + l.abilityOffset(), s, gTheta);
    }
    return nll;
}

long double IrtNewton::assemble(const double *x, bool withNll, Assembly &out)
{
    const IrtLayout &l = m_layout;
    const int n = l.parameters();
    const qsizetype blocks = qsizetype(l.items) * m_p * m_p;
    m_itemA.resize(size_t(l.items)), m_itemB.resize(size_t(l.items)), m_itemC.resize(size_t(l.items)), m_itemInvQ.resize(size_t(l.items));
    for (int i = 0; i < l.items; ++i) {
        l.itemParams(x, i, &m_itemA[size_t(i)], &m_itemB[size_t(i)], &m_itemC[size_t(i)]);
        m_itemInvQ[size_t(i)] = 1.0 / (1.0 - m_itemC[size_t(i)]);
    }
    out.generation = ++m_assemblies; // unique across both buffers
    out.g.assign(size_t(n), 0.0);
    out.itemH.assign(size_t(blocks), 0.0);
    out.studentH.assign(size_t(m_students), 0.0);
    // Every entry of the cross terms is written by assembleRows (one cell each): no clearing.
    out.cross.resize(qsizetype(l.items) * m_p, m_students);
    // Large matrices: the second half of the students on a second core, with its own
    // gradient and item blocks (the cross terms and θ curvatures are per student already).
    const bool split = l.splitsRows(m_students);
    long double nll;
    if (split) {
        const int half = m_students / 2;
        std::vector<double> g2(size_t(n), 0.0), h2(size_t(blocks), 0.0);
        long double second = 0;
        std::thread worker([&] { second = assembleRows(x, withNll, half, m_students, g2.data(), h2.data(), out.studentH.data(), out.cross); });
        nll = assembleRows(x, withNll, 0, half, out.g.data(), out.itemH.data(), out.studentH.data(), out.cross);
        worker.join();
        nll += second;
        for (int k = 0; k < n; ++k)
            out.g[size_t(k)] += g2[size_t(k)];
        for (qsizetype k = 0; k < blocks; ++k)
            out.itemH[size_t(k)] += h2[size_t(k)];
    } else {
        nll = assembleRows(x, withNll, 0, m_students, out.g.data(), out.itemH.data(), out.studentH.data(), out.cross);
    }
    // The prior (Bayes modal) is separable: its curvature adds to the diagonal.
    std::vector<double> priorDiagonal;
    if (l.prior) {
        priorDiagonal.assign(size_t(n), 0.0);
        nll += l.priorTerms(x, out.g.data(), priorDiagonal.data());
        for (int k = 0; k < l.abilityOffset(); ++k)
            out.itemH[diagonalAt(k, m_p)] += priorDiagonal[size_t(k)];
    }
    // Upper triangles of the item blocks were filled; mirror them.
    for (int i = 0; i < l.items; ++i) {
        double *H = out.itemH.data() + qsizetype(i) * m_p * m_p;
        for (int r = 0; r < m_p; ++r)
            for (int c = r + 1; c < m_p; ++c)
                H[c * m_p + r] = H[r * m_p + c];
    }
    // Into ability space: flat, students are the abilities; hierarchical, a student's θ is
    // the sum of their levels, so curvatures and cross terms add up per level.
    if (l.studentLevels.isEmpty()) {
        // Flat: the abilities' block is diagonal; dense only for the elimination of the items
        // (a tall matrix's K × K would be all zeros to write on every assembly).
        out.abilityDiagonal = Eigen::VectorXd::Map(out.studentH.data(), m_students);
        if (l.prior)
            out.abilityDiagonal += Eigen::VectorXd::Map(priorDiagonal.data() + l.abilityOffset(), l.abilities);
        if (IrtStudentElimination::preferred(l, m_students))
            out.abilityH.resize(0, 0);
        else
            out.abilityH = out.abilityDiagonal.asDiagonal();
        return nll;
    } else {
        out.abilityH.setZero(l.abilities, l.abilities);
        out.crossAbility.setZero(out.cross.rows(), l.abilities);
        for (int s = 0; s < m_students; ++s) {
            for (int j : l.studentLevels[s]) {
                out.crossAbility.col(j) += out.cross.col(s);
                for (int k : l.studentLevels[s])
                    out.abilityH(j, k) += out.studentH[size_t(s)];
            }
        }
    }
    if (l.prior)
        out.abilityH.diagonal() += Eigen::VectorXd::Map(priorDiagonal.data() + l.abilityOffset(), l.abilities);
    out.abilityDiagonal = out.abilityH.diagonal();
    return nll;
}

bool IrtNewton::solve(const double *x, double lambda, const std::vector<char> &fixed, Eigen::VectorXd *step, double *predicted)
{
    const Assembly &a = m_buffers[m_current];
    if (IrtStudentElimination::preferred(m_layout, m_students))
        return IrtStudentElimination::solve({a.g, a.itemH, a.cross, a.abilityDiagonal, a.generation}, m_layout, lambda, fixed, m_studentWork, step)
            && finishStep(x, lambda, fixed, step, predicted);
    const Eigen::MatrixXd &crossAbility = m_layout.studentLevels.isEmpty() ? a.cross : a.crossAbility;
    const IrtLayout &l = m_layout;
    const int p = m_p, K = l.abilities, offset = l.abilityOffset();
    auto damping = [](double h) { return std::max(std::abs(h), 1e-6); };
    // The Schur work runs on two cores when there is enough of it.
    const bool split = qint64(l.items) * K >= 100000 && std::thread::hardware_concurrency() > 1;
    auto parallel = [split](int count, const std::function<void(int, int)> &body) { inTwoHalves(split, count, body); };
    Eigen::MatrixXd &U = m_work;
    U = crossAbility; // same size every time: no reallocation
    Eigen::MatrixXd S = a.abilityH;
    Eigen::VectorXd rTheta(K);
    for (int j = 0; j < K; ++j) {
        S(j, j) += lambda * damping(a.abilityH(j, j));
        rTheta[j] = -a.g[size_t(offset + j)];
        if (fixed[size_t(offset + j)]) {
            U.col(j).setZero();
            S.row(j).setZero(), S.col(j).setZero();
            S(j, j) = 1, rTheta[j] = 0;
        }
    }
    // Per item: A = H_ii + λD = L Lᵀ (held variables: identity rows), v_i = L⁻¹(−g_i).
    m_factors.assign(size_t(l.items) * 6, 0.0);
    Eigen::VectorXd v(qsizetype(l.items) * p);
    std::vector<char> heldRows(size_t(l.items) * p, 0);
    for (int i = 0; i < l.items; ++i) {
        double A[9];
        std::copy(a.itemH.begin() + qsizetype(i) * p * p, a.itemH.begin() + qsizetype(i + 1) * p * p, A);
        for (int k = 0; k < p; ++k) {
            const int at = i * p + k;
            A[k * p + k] += lambda * damping(A[k * p + k]);
            v[at] = -a.g[size_t(at)];
            if (fixed[size_t(at)]) {
                for (int u = 0; u < p; ++u)
                    A[k * p + u] = A[u * p + k] = 0;
                A[k * p + k] = 1, v[at] = 0;
                heldRows[size_t(at)] = 1;
            }
        }
        // An item whose block is not positive definite (the 3PL likelihood is not convex)
        // gets more damping of its own, so one item does not hold the whole step back.
        double *L = m_factors.data() + qsizetype(i) * 6;
        for (double shift = std::max(lambda, 1e-4); !cholesky(A, p, L); shift *= 4) {
            if (shift > 1e12)
                return false;
            for (int k = 0; k < p; ++k)
                if (!heldRows[size_t(i * p + k)])
                    A[k * p + k] += shift * damping(a.itemH[size_t(i * p * p + k * p + k)]);
        }
        forward(L, p, v.data() + qsizetype(i) * p);
    }
    // U_i ← L⁻¹ C_i, column by column (contiguous in memory).
    parallel(K, [&](int from, int to) {
        for (int j = from; j < to; ++j) {
            double *column = U.col(j).data();
            for (qsizetype r = 0; r < U.rows(); ++r)
                if (heldRows[size_t(r)])
                    column[r] = 0;
            for (int i = 0; i < l.items; ++i)
                forward(m_factors.data() + qsizetype(i) * 6, p, column + qsizetype(i) * p);
        }
    });
    // Schur complement on the abilities: S = H_θθ + λD − Σ C_iᵀ A_i⁻¹ C_i = … − UᵀU.
    Eigen::MatrixXd second = Eigen::MatrixXd::Zero(K, K);
    const qsizetype half = split ? (U.rows() / 2) : U.rows();
    std::thread gram;
    if (half < U.rows())
        gram = std::thread([&] {
            clearUpperVectorState();
            second.selfadjointView<Eigen::Lower>().rankUpdate(U.bottomRows(U.rows() - half).transpose(), -1.0);
        });
    S.selfadjointView<Eigen::Lower>().rankUpdate(U.topRows(half).transpose(), -1.0);
    if (gram.joinable())
        gram.join();
    S.triangularView<Eigen::Lower>() += second;
    rTheta.noalias() -= U.transpose() * v;
    // Likewise the abilities' block, when the eliminated system is not positive definite.
    Eigen::LLT<Eigen::MatrixXd> schur(S.selfadjointView<Eigen::Lower>());
    for (double shift = std::max(lambda, 1e-4); schur.info() != Eigen::Success; shift *= 4) {
        if (shift > 1e12)
            return false;
        for (int j = 0; j < K; ++j)
            if (!fixed[size_t(offset + j)])
                S(j, j) += shift * damping(a.abilityH(j, j));
        schur.compute(S.selfadjointView<Eigen::Lower>());
    }
    const Eigen::VectorXd dTheta = schur.solve(rTheta);
    if (!dTheta.allFinite())
        return false;
    step->resize(l.parameters());
    v.noalias() -= U * dTheta;
    for (int i = 0; i < l.items; ++i)
        backward(m_factors.data() + qsizetype(i) * 6, p, v.data() + qsizetype(i) * p);
    step->head(offset) = v;
    step->tail(K) = dTheta;
    return finishStep(x, lambda, fixed, step, predicted);
}

bool IrtNewton::finishStep(const double *x, double lambda, const std::vector<char> &fixed, Eigen::VectorXd *step, double *predicted) const
{
    const Assembly &a = m_buffers[m_current];
    const IrtLayout &l = m_layout;
    const int p = m_p, offset = l.abilityOffset();
    auto damping = [](double h) { return std::max(std::abs(h), 1e-6); };
    // The quadratic model's decrease: with (H + λD)d = −g, −(gᵀd + ½dᵀHd) = ½(−gᵀd + λ·dᵀDd).
    // The held variables take a damped diagonal Newton step towards the bound the gradient
    // presses them against (Bertsekas), so that one sitting just off its bound reaches it.
    double gd = 0, dd = 0, held = 0;
    for (int k = 0; k < l.parameters(); ++k) {
        const double h = k < offset ? a.itemH[diagonalAt(k, p)] : a.abilityDiagonal[k - offset];
        const double gk = a.g[size_t(k)];
        if (fixed[size_t(k)]) {
            const double curvature = std::max(h, 0.0) + lambda * damping(h);
            const double dk = std::clamp(x[k] - gk / curvature, m_lower[k], m_upper[k]) - x[k];
            (*step)[k] = dk;
            held += -gk * dk - 0.5 * std::max(h, 0.0) * dk * dk;
            continue;
        }
        const double dk = (*step)[k];
        gd += gk * dk;
        dd += damping(h) * dk * dk;
    }
    *predicted = 0.5 * (-gd + lambda * dd) + held;
    return step->allFinite();
}

const IrtNewton::Assembly &IrtNewton::assembleAt(const double *x)
{
    Assembly &a = m_buffers[m_current];
    assemble(x, false, a);
    return a;
}

Eigen::MatrixXd IrtNewton::hessian(const double *x)
{
    Assembly &a = m_buffers[m_current];
    assemble(x, false, a);
    const IrtLayout &l = m_layout;
    const int n = l.parameters(), offset = l.abilityOffset(), p = m_p;
    const Eigen::MatrixXd &cross = l.studentLevels.isEmpty() ? a.cross : a.crossAbility;
    Eigen::MatrixXd H = Eigen::MatrixXd::Zero(n, n);
    for (int i = 0; i < l.items; ++i)
        H.block(i * p, i * p, p, p) = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>::Map(a.itemH.data() + qsizetype(i) * p * p, p, p);
    H.block(0, offset, offset, l.abilities) = cross;
    H.block(offset, 0, l.abilities, offset) = cross.transpose();
    if (a.abilityH.size() > 0)
        H.block(offset, offset, l.abilities, l.abilities) = a.abilityH;
    else
        H.block(offset, offset, l.abilities, l.abilities) = a.abilityDiagonal.asDiagonal();
    return H;
}

IrtNewton::Outcome IrtNewton::minimize(double *x, double tolerance, int maxIterations, const std::function<bool()> &cancelled)
{
    const int n = m_layout.parameters();
    Outcome out;
    long double f = assemble(x, true, m_buffers[m_current]);
    double lambda = 1e-3;
    std::vector<char> fixed(static_cast<size_t>(n));
    std::vector<double> trial(static_cast<size_t>(n));
    Eigen::VectorXd d;
    int lastGauge = -10;
    while (true) {
        out.projectedGradient = projectedGradient(x, m_buffers[m_current].g.data(), m_lower, m_upper, n);
        if (out.projectedGradient <= tolerance || out.iterations >= maxIterations)
            break;
        if (cancelled && cancelled()) {
            out.cancelled = true;
            break;
        }
        // Hold the variables within ε of a bound that the gradient presses against it
        // (ε shrinks with the projected gradient, so the set settles as the fit converges).
        // ε stays within 10⁻⁴ of the box: a variable held further off its bound crept towards
        // it by diagonal steps, one pass over the matrix each (80 steps on 10,000 × 100).
        for (int k = 0; k < n; ++k) {
            const double eps = 0.1 * std::min(out.projectedGradient, 1e-3 * (m_upper[k] - m_lower[k]));
            fixed[size_t(k)] = (x[k] <= m_lower[k] + eps && m_buffers[m_current].g[size_t(k)] > 0) || (x[k] >= m_upper[k] - eps && m_buffers[m_current].g[size_t(k)] < 0);
        }
        // Levenberg–Marquardt: a step that gains is taken and the damping relaxed as far as
        // the quadratic model predicted the gain; one that does not raises the damping.
        bool accepted = false;
        const long double before = f;
        for (int attempt = 0; attempt < 40 && !accepted; ++attempt) {
            double predicted = 0;
            if (!solve(x, lambda, fixed, &d, &predicted)) {
                lambda = std::max(lambda * 10, 1e-8);
                continue;
            }
            for (int k = 0; k < n; ++k)
                trial[size_t(k)] = std::clamp(x[k] + d[k], m_lower[k], m_upper[k]);
            // The trial is assembled whole, into the spare buffers: accepted, its derivatives
            // are the next step's.
            const long double ft = assemble(trial.data(), true, m_buffers[1 - m_current]);
            if (ft < f) {
                const double rho = predicted > 0 ? double(f - ft) / predicted : 0.0;
                std::copy(trial.begin(), trial.end(), x);
                m_current = 1 - m_current;
                f = ft;
                lambda = std::max(rho > 0.9 ? lambda / 10 : rho > 0.75 ? lambda / 3 : rho < 0.25 ? lambda * 2 : lambda, 1e-12);
                accepted = true;
            } else {
                // A step predicted to gain less than the sum's rounding cannot be told from
                // no step: the optimum is reached to the arithmetic's precision.
                if (predicted < 1e-15L * std::abs(f))
                    break;
                lambda = std::max(lambda * 4, 1e-8);
            }
        }
        if (!accepted) {
            out.stalled = true;
            break; // no step gains any more: the caller's finisher takes over
        }
        ++out.iterations;
        // Slow gains far from a small gradient: the steps crawl along the gauge's valley,
        // which the gauge search walks in one go (IrtGauge).
        const long double gain = before - f;
        if (out.iterations >= lastGauge + 3 && gain < 1e-6L * std::abs(f)) {
            lastGauge = out.iterations;
            const double gauged = IrtGauge::search(m_data, m_layout, m_lower, m_upper, fixed, x, double(f));
            if (gauged > 0)
                f = assemble(x, true, m_buffers[m_current]);
        }
    }
    out.nll = double(f);
    return out;
}

} // namespace assay
