#include "irt/irtcovariance.h"

#include "irt/irtnewton.h"
#include "irt/irtstudentelimination.h"

#include <QHash>

#include <Eigen/Dense>

#include <cmath>
#include <limits>

namespace assay {

bool IrtCovariance::atBound(double x, double lower, double upper)
{
    const double tolerance = 1e-6 * std::max(upper - lower, 1e-12);
    return x - lower <= tolerance || upper - x <= tolerance;
}

IrtCovarianceResult IrtCovariance::compute(const IrtData &data, const IrtLayout &l, const double *x, const double *lower,
                                           const double *upper, bool gauge)
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const int n = l.parameters(), p = l.perItem, K = l.abilities, offset = l.abilityOffset();
    IrtCovarianceResult r;
    r.se.assign(size_t(n), nan);
    r.onBound.assign(size_t(n), 0);
    for (int k = 0; k < n; ++k)
        r.onBound[size_t(k)] = atBound(x[k], lower[k], upper[k]);
    IrtNewton newton(data, l, lower, upper);
    const IrtNewton::Assembly &a = newton.assembleAt(x);
    if (IrtStudentElimination::preferred(l, int(data.students.size()))) {
        byStudents(l, a, x, gauge, r);
        return r;
    }
    const Eigen::MatrixXd &cross = a.crossTerms(l);
    // Items: the free part of each block inverted; W_i = A_i⁻¹ C_i for the cross terms.
    std::vector<Eigen::MatrixXd> itemInverse(size_t(l.items));
    Eigen::MatrixXd W(qsizetype(l.items) * p, K);
    Eigen::MatrixXd S = a.abilityH;
    for (int i = 0; i < l.items; ++i) {
        Eigen::MatrixXd A = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(a.itemH.data() + qsizetype(i) * p * p, p, p);
        Eigen::MatrixXd C = cross.middleRows(qsizetype(i) * p, p);
        for (int u = 0; u < p; ++u) {
            if (!r.onBound[size_t(i * p + u)])
                continue;
            A.row(u).setZero(), A.col(u).setZero(), A(u, u) = 1;
            C.row(u).setZero();
        }
        for (int j = 0; j < K; ++j)
            if (r.onBound[size_t(offset + j)])
                C.col(j).setZero();
        // A block that is not positive definite (a saddle of the 3PL, or an item no one
        // separates) gets a pseudo-inverse: its flat directions have no error to report.
        Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(A);
        Eigen::VectorXd inv = eig.eigenvalues();
        const double top = std::max(inv.maxCoeff(), 1e-300);
        for (int u = 0; u < p; ++u)
            inv[u] = inv[u] > 1e-10 * top ? 1.0 / inv[u] : 0.0;
        itemInverse[size_t(i)] = eig.eigenvectors() * inv.asDiagonal() * eig.eigenvectors().transpose();
        W.middleRows(qsizetype(i) * p, p) = itemInverse[size_t(i)] * C;
        S.noalias() -= C.transpose() * W.middleRows(qsizetype(i) * p, p);
    }
    for (int j = 0; j < K; ++j)
        if (r.onBound[size_t(offset + j)])
            S.row(j).setZero(), S.col(j).setZero();
    // The gauge: θ's location (ones on the students, or on the first factor's levels) and,
    // with a free, its scale (the abilities themselves), projected out.
    if (gauge && K > 1) {
        Eigen::MatrixXd G(K, l.hasA ? 2 : 1);
        // Over the free abilities only: one held on a bound does not move with the gauge.
        for (int j = 0; j < K; ++j) {
            const bool free = !r.onBound[size_t(offset + j)];
            G(j, 0) = free && (l.studentLevels.isEmpty() || l.levelNames[j].first == l.levelNames[0].first) ? 1.0 : 0.0;
            if (l.hasA)
                G(j, 1) = free ? x[offset + j] : 0.0;
        }
        const Eigen::HouseholderQR<Eigen::MatrixXd> qr(G);
        const Eigen::MatrixXd Q = qr.householderQ() * Eigen::MatrixXd::Identity(K, G.cols());
        const Eigen::MatrixXd P = Eigen::MatrixXd::Identity(K, K) - Q * Q.transpose();
        S = P * S * P;
    }
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(0.5 * (S + S.transpose()));
    Eigen::VectorXd inv = eig.eigenvalues();
    const double top = std::max(inv.maxCoeff(), 1e-300);
    for (int j = 0; j < K; ++j)
        inv[j] = inv[j] > 1e-9 * top ? 1.0 / inv[j] : 0.0;
    r.abilities = eig.eigenvectors() * inv.asDiagonal() * eig.eigenvectors().transpose();
    auto root = [&](double v) { return v > 0 && std::isfinite(v) ? std::sqrt(v) : nan; };
    // Items: diag(A_i⁻¹ + W_i S⁺ W_iᵀ).
    for (int i = 0; i < l.items; ++i) {
        const auto Wi = W.middleRows(qsizetype(i) * p, p);
        const Eigen::MatrixXd WS = Wi * r.abilities;
        r.items.push_back(itemInverse[size_t(i)] + WS * Wi.transpose());
        for (int u = 0; u < p; ++u) {
            const int k = i * p + u;
            if (!r.onBound[size_t(k)])
                r.se[size_t(k)] = root(itemInverse[size_t(i)](u, u) + WS.row(u).dot(Wi.row(u)));
        }
    }
    for (int j = 0; j < K; ++j)
        if (!r.onBound[size_t(offset + j)])
            r.se[size_t(offset + j)] = root(r.abilities(j, j));
    r.studentSe.assign(size_t(data.students.size()), nan);
    for (int s = 0; s < data.students.size(); ++s) {
        if (l.studentLevels.isEmpty()) {
            r.studentSe[size_t(s)] = r.se[size_t(offset + s)];
            continue;
        }
        double v = 0;
        for (int j : l.studentLevels[s])
            for (int k : l.studentLevels[s])
                v += r.abilities(j, k);
        r.studentSe[size_t(s)] = root(v);
    }
    return r;
}

void IrtCovariance::byStudents(const IrtLayout &l, const IrtNewton::Assembly &a, const double *x, bool gauge, IrtCovarianceResult &r)
{
    // The constrained covariance through a bordered system: [[A, C, 0], [Cᵀ, D, G], [0, Gᵀ, 0]]
    // with G the gauge's directions on the free abilities (as the other path projects them
    // out). D is diagonal, so eliminating the students leaves R over the items and the
    // multipliers; R⁺ holds the items' covariance, and a student's variance is
    // 1/D_s + y_sᵀR⁺y_s / D_s² with y_s the student's column of [C; Gᵀ].
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const int p = l.perItem, K = l.abilities, offset = l.abilityOffset();
    const int m = l.items * p, g = gauge && K > 1 ? (l.hasA ? 2 : 1) : 0;
    Eigen::VectorXd invD = Eigen::VectorXd::Zero(K);
    for (int s = 0; s < K; ++s)
        if (!r.onBound[size_t(offset + s)] && a.abilityDiagonal[s] > 1e-12)
            invD[s] = 1.0 / a.abilityDiagonal[s];
    Eigen::MatrixXd Y(m + g, K); // [C; Gᵀ], held rows and students zero
    Y.topRows(m) = a.cross;
    for (int k = 0; k < m; ++k)
        if (r.onBound[size_t(k)])
            Y.row(k).setZero();
    for (int s = 0; s < K; ++s) {
        const bool free = invD[s] > 0;
        if (g > 0)
            Y(m, s) = free ? 1.0 : 0.0;
        if (g > 1)
            Y(m + 1, s) = free ? x[offset + s] : 0.0;
        if (!free)
            Y.col(s).setZero();
    }
    // R = [[A, 0], [0, 0]] − Y·D⁻¹·Yᵀ.
    const Eigen::MatrixXd scaled = Y * invD.cwiseSqrt().asDiagonal();
    Eigen::MatrixXd R = Eigen::MatrixXd::Zero(m + g, m + g);
    R.selfadjointView<Eigen::Lower>().rankUpdate(scaled, -1.0);
    R = R.selfadjointView<Eigen::Lower>();
    for (int i = 0; i < l.items; ++i)
        for (int u = 0; u < p; ++u)
            for (int v = 0; v < p; ++v) {
                const int ku = i * p + u, kv = i * p + v;
                if (r.onBound[size_t(ku)] || r.onBound[size_t(kv)])
                    R(ku, kv) = ku == kv ? 1.0 : 0.0;
                else
                    R(ku, kv) += a.itemH[size_t(i * p * p + u * p + v)];
            }
    // R is indefinite (the multipliers' block); its pseudo-inverse by eigenvalue magnitude.
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(R);
    Eigen::VectorXd inv = eig.eigenvalues();
    const double top = std::max(inv.cwiseAbs().maxCoeff(), 1e-300);
    for (int k = 0; k < inv.size(); ++k)
        inv[k] = std::abs(inv[k]) > 1e-10 * top ? 1.0 / inv[k] : 0.0;
    const Eigen::MatrixXd Q = eig.eigenvectors() * inv.asDiagonal() * eig.eigenvectors().transpose();
    auto root = [&](double v) { return v > 0 && std::isfinite(v) ? std::sqrt(v) : nan; };
    for (int i = 0; i < l.items; ++i) {
        Eigen::MatrixXd block = Q.block(i * p, i * p, p, p);
        for (int u = 0; u < p; ++u) {
            if (r.onBound[size_t(i * p + u)]) {
                block.row(u).setZero(), block.col(u).setZero();
                continue;
            }
            r.se[size_t(i * p + u)] = root(block(u, u));
        }
        r.items.push_back(block);
    }
    r.studentSe.assign(size_t(K), nan);
    for (int s = 0; s < K; ++s) {
        if (!(invD[s] > 0))
            continue;
        const Eigen::VectorXd y = Y.col(s) * invD[s];
        r.se[size_t(offset + s)] = root(invD[s] + y.dot(Q * y));
        r.studentSe[size_t(s)] = r.se[size_t(offset + s)];
    }
}

void IrtCovariance::attach(const IrtData &data, const IrtLayout &l, const double *x, const double *lower, const double *upper, bool gauge,
                           IrtFit *fit)
{
    const int n = l.parameters();
    fit->parameterCount = n;
    fit->parametersOnBound = 0;
    for (int k = 0; k < n; ++k)
        fit->parametersOnBound += atBound(x[k], lower[k], upper[k]) ? 1 : 0;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    fit->studentSe.assign(size_t(data.students.size()), nan);
    for (int i = 0; i < l.items; ++i) {
        IrtItem &it = fit->items[i];
        int k = i * l.perItem;
        const auto flag = [&](const char *name) {
            if (atBound(x[k], lower[k], upper[k]))
                it.onBound << QString::fromLatin1(name);
            ++k;
        };
        it.onBound.clear();
        if (l.hasA)
            flag("a");
        flag("b");
        if (l.hasC)
            flag("c");
    }
    if (!IrtNewton::feasible(data, l))
        return;
    const IrtCovarianceResult r = compute(data, l, x, lower, upper, gauge);
    for (int i = 0; i < l.items; ++i) {
        IrtItem &it = fit->items[i];
        int k = i * l.perItem;
        it.seA = l.hasA ? r.se[size_t(k++)] : nan;
        it.seB = r.se[size_t(k++)];
        it.seC = l.hasC ? r.se[size_t(k)] : nan;
        // Into (a, b, c) order, rows and columns of held parameters zero.
        int map[3] = {-1, -1, -1}, at = 0;
        if (l.hasA)
            map[0] = at++;
        map[1] = at++;
        if (l.hasC)
            map[2] = at;
        it.covariance.fill(0.0);
        for (int u = 0; u < 3; ++u)
            for (int v = 0; v < 3; ++v)
                if (map[u] >= 0 && map[v] >= 0 && !r.onBound[size_t(i * l.perItem + map[u])] && !r.onBound[size_t(i * l.perItem + map[v])])
                    it.covariance[size_t(u * 3 + v)] = r.items[size_t(i)](map[u], map[v]);
    }
    fit->studentSe = r.studentSe;
    fit->factorSe.clear();
    const int offset = l.abilityOffset();
    QHash<QString, int> first;
    for (int j = 0; j < l.abilities && !l.studentLevels.isEmpty(); ++j) {
        const QString &factor = l.levelNames[j].first;
        if (!first.contains(factor)) {
            first.insert(factor, j);
            fit->factorSe[factor].append(0.0); // the reference level
            continue;
        }
        const int f = first.value(factor);
        const bool held = r.onBound[size_t(offset + j)] || r.onBound[size_t(offset + f)];
        const double v = r.abilities(j, j) + r.abilities(f, f) - 2 * r.abilities(j, f);
        fit->factorSe[factor].append(held || !(v > 0) ? nan : std::sqrt(v));
    }
}

} // namespace assay
