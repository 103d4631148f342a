#include "irt/irtstudentelimination.h"
#include "core/vectorstate.h"

#include <Eigen/Cholesky>
#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <thread>

namespace assay {

namespace {

double damping(double h) { return std::max(std::abs(h), 1e-6); }

// out = W·Wᵀ (lower triangle), on two cores when it is large.
void gram(const Eigen::MatrixXd &W, Eigen::MatrixXd &out)
{
    const qsizetype m = W.rows(), K = W.cols();
    out.setZero(m, m);
    // From 10⁷ multiply-adds (a few milliseconds) the second thread pays for itself; with the
    // old bar of 4·10⁷ a 3PL on 2,000 × 50 (4.5·10⁷ with all 150 rows free) fell to one core
    // as soon as a few c's were held (docs/METHODS.md §9.6).
    if (double(K) * double(m) * double(m) > 1e7 && std::thread::hardware_concurrency() > 1) {
        Eigen::MatrixXd second = Eigen::MatrixXd::Zero(m, m);
        const qsizetype half = K / 2;
        std::thread worker([&] {
            clearUpperVectorState();
            second.selfadjointView<Eigen::Lower>().rankUpdate(W.rightCols(K - half));
        });
        out.selfadjointView<Eigen::Lower>().rankUpdate(W.leftCols(half));
        worker.join();
        out.triangularView<Eigen::Lower>() += second;
    } else {
        out.selfadjointView<Eigen::Lower>().rankUpdate(W);
    }
}

} // namespace

bool IrtStudentElimination::preferred(const IrtLayout &layout, int students)
{
    if (!layout.studentLevels.isEmpty())
        return false; // hierarchical: the abilities are coupled through the factor levels
    const double m = double(layout.items) * layout.perItem, k = students;
    // Eliminating the items costs m·k² (the Gram of the cross terms) + k³/3 (its factor);
    // eliminating the students, k·m² + m³/3.
    return k * m * m + m * m * m / 3 < m * k * k + k * k * k / 3;
}

bool IrtStudentElimination::solve(const Blocks &a, const IrtLayout &l, double lambda, const std::vector<char> &fixed, Workspace &work, Eigen::VectorXd *step)
{
    const int p = l.perItem, K = l.abilities, offset = l.abilityOffset();
    const qsizetype m = qsizetype(l.items) * p;
    // The students' damped curvatures D; a non-convex row (3PL) gets more damping of its own.
    Eigen::VectorXd invD(K), rTheta(K);
    bool positive = true; // every free student's curvature > 0: D = h·(1 + λ)
    for (int s = 0; s < K; ++s) {
        rTheta[s] = fixed[size_t(offset + s)] ? 0.0 : -a.g[size_t(offset + s)];
        if (fixed[size_t(offset + s)]) {
            invD[s] = 0;
            continue;
        }
        const double h = a.abilityDiagonal[s];
        positive = positive && h > 0;
        double d = h + lambda * damping(h);
        for (double shift = std::max(lambda, 1e-4); !(d > 1e-12 * damping(h)); shift *= 4) {
            if (shift > 1e12)
                return false;
            d += shift * damping(h);
        }
        invD[s] = 1.0 / d;
    }
    // W = the free rows of C·D^(−1/2); its Gram is the students' part of the Schur complement.
    const bool cached = work.reusable && positive && work.generation == a.generation && work.fixed == fixed;
    if (!cached) {
        work.freeRows.clear();
        for (qsizetype r = 0; r < m; ++r)
            if (!fixed[size_t(r)])
                work.freeRows.push_back(int(r));
        const qsizetype f = qsizetype(work.freeRows.size());
        work.scaled.resize(f, K);
        // At λ = 0 when reusable (D = h), so the Gram scales by 1/(1 + λ) for every retry.
        for (int s = 0; s < K; ++s) {
            const double scale = fixed[size_t(offset + s)] ? 0.0 : std::sqrt(positive ? 1.0 / a.abilityDiagonal[s] : invD[s]);
            const double *column = a.cross.data() + qsizetype(s) * a.cross.rows();
            double *into = work.scaled.data() + qsizetype(s) * f;
            for (qsizetype k = 0; k < f; ++k)
                into[k] = column[work.freeRows[size_t(k)]] * scale;
        }
        gram(work.scaled, work.gram);
        work.reusable = positive;
        work.generation = a.generation;
        work.fixed = fixed;
    }
    const std::vector<int> &rows = work.freeRows;
    const qsizetype f = qsizetype(rows.size());
    // W at this λ: the cached one times 1/√(1 + λ) when reusable.
    const double shrink = work.reusable ? 1.0 / (1.0 + lambda) : 1.0;
    Eigen::MatrixXd T = -shrink * work.gram.triangularView<Eigen::Lower>().toDenseMatrix();
    Eigen::VectorXd diagonal(f), r(f);
    for (qsizetype k = 0; k < f; ++k) {
        const int row = rows[size_t(k)], i = row / p, u = row % p;
        const double *H = a.itemH.data() + qsizetype(i) * p * p;
        diagonal[k] = damping(H[u * p + u]);
        r[k] = -a.g[size_t(row)];
        T(k, k) += H[u * p + u] + lambda * diagonal[k];
        // The item's own block: its free rows are contiguous in the compact order.
        for (qsizetype j = k - 1; j >= 0 && rows[size_t(j)] / p == i; --j)
            T(k, j) += H[u * p + rows[size_t(j)] % p];
    }
    // r − C·D⁻¹·s = r − W·(D^(−1/2)·s).
    const Eigen::VectorXd rootInvD = invD.cwiseSqrt();
    const double wScale = work.reusable ? std::sqrt(shrink) : 1.0; // W at λ from the cached one
    r.noalias() -= wScale * (work.scaled * rootInvD.cwiseProduct(rTheta));
    Eigen::LLT<Eigen::MatrixXd> llt(T.selfadjointView<Eigen::Lower>());
    for (double shift = std::max(lambda, 1e-4); llt.info() != Eigen::Success; shift *= 4) {
        if (shift > 1e12)
            return false;
        for (qsizetype k = 0; k < f; ++k)
            T(k, k) += shift * diagonal[k];
        llt.compute(T.selfadjointView<Eigen::Lower>());
    }
    const Eigen::VectorXd dFree = llt.solve(r);
    if (!dFree.allFinite())
        return false;
    // d_θ = D⁻¹(s − Cᵀ·d_items) = D^(−1/2)(D^(−1/2)·s − Wᵀ·d_items).
    const Eigen::VectorXd dTheta = rootInvD.cwiseProduct(rootInvD.cwiseProduct(rTheta) - wScale * (work.scaled.transpose() * dFree));
    step->setZero(l.parameters());
    for (qsizetype k = 0; k < f; ++k)
        (*step)[rows[size_t(k)]] = dFree[k];
    step->tail(K) = dTheta;
    return step->allFinite();
}

} // namespace assay
