#include "irt/irtmarginalnewton.h"

#include "core/twohalves.h"
#include "irt/irtcellterms.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>

namespace assay {

namespace {

constexpr double MaxDamping = 1e6;
constexpr int MaxPins = 4; // solves per damping: the first and three with parameters pinned

struct Block {
    int item;
    int row;                // the first of its rows in the system
    std::vector<int> which; // its moving parameters (0 = a, 1 = b, 2 = c)
};

} // namespace

std::vector<double> IrtMarginalNewton::basis(int rank) const
{
    const IrtMarginalEngine &e = m_engine;
    const int q = e.nodes();
    std::vector<double> out(size_t(e.students()) * size_t(rank) * size_t(q), 0.0);
    for (int s = 0; s < e.students(); ++s) {
        const double *theta = e.thetaOf(s), *weight = e.weightOf(s);
        double *functions = &out[size_t(s) * size_t(rank) * size_t(q)];
        double mean = 0;
        for (int k = 0; k < q; ++k)
            mean += weight[k] * theta[k];
        for (int r = 0; r < rank; ++r) {
            double *f = functions + size_t(r) * size_t(q);
            for (int k = 0; k < q; ++k)
                f[k] = std::pow(theta[k] - mean, r + 1);
            // Orthogonal to the constant and to the functions before it, then unit; a
            // function the nodes cannot tell from those stays zero, and so do the ones after.
            for (int o = -1; o < r; ++o) {
                const double *g = o < 0 ? nullptr : functions + size_t(o) * size_t(q);
                double dot = 0;
                for (int k = 0; k < q; ++k)
                    dot += weight[k] * f[k] * (g ? g[k] : 1.0);
                for (int k = 0; k < q; ++k)
                    f[k] -= dot * (g ? g[k] : 1.0);
            }
            double norm = 0;
            for (int k = 0; k < q; ++k)
                norm += weight[k] * f[k] * f[k];
            if (norm < 1e-14) {
                std::fill(f, functions + size_t(rank) * size_t(q), 0.0);
                break;
            }
            for (int k = 0; k < q; ++k)
                f[k] /= std::sqrt(norm);
        }
    }
    return out;
}

bool IrtMarginalNewton::solve(const System &system, const std::vector<char> &pinned, Eigen::VectorXd *delta, std::vector<int> *rowOf)
{
    const IrtMarginalEngine &e = m_engine;
    const int items = e.items(), width = int(system.width);
    // The moving parameters: those not on a bound their gradient points out of, nor pinned.
    std::vector<Block> blocks;
    rowOf->assign(size_t(items) * 3, -1);
    int n = 0;
    for (int j = 0; j < items; ++j) {
        Block block{j, n, {}};
        for (int u : e.free()) {
            const double v = (*system.x)[size_t(j)][size_t(u)], g = (*system.moments)[size_t(j)].g[u];
            if (pinned[size_t(j) * 3 + size_t(u)] || (v <= e.lower(u) && g < 0) || (v >= e.upper(u) && g > 0))
                continue;
            (*rowOf)[size_t(j) * 3 + size_t(u)] = n++;
            block.which.push_back(u);
        }
        if (!block.which.empty())
            blocks.push_back(block);
    }
    // The 1PL's common a: one more row, last, coupled to every b (an arrow matrix).
    const int bRows = n;
    int aRow = -1;
    if (e.model() == IrtMarginalEngine::Model::OnePL && items > 0) {
        double g = 0;
        for (const IrtMarginalEngine::Moments &mo : *system.moments)
            g += mo.g[0];
        const double v = (*system.x)[0][0];
        if (!pinned[0] && !(v <= e.lower(0) && g < 0) && !(v >= e.upper(0) && g > 0)) {
            aRow = n++;
            for (int j = 0; j < items; ++j)
                (*rowOf)[size_t(j) * 3] = aRow;
        }
    }
    delta->resize(n);
    if (n == 0)
        return true;
    Eigen::VectorXd gradient(n);
    RowMatrix &roots = m_roots, &z = m_z;
    roots.resize(n, width);
    for (const Block &b : blocks)
        for (size_t u = 0; u < b.which.size(); ++u) {
            const int row = b.row + int(u);
            gradient(row) = -(*system.moments)[size_t(b.item)].g[b.which[u]];
            const double *scores = &(*system.scores)[(size_t(b.item) * 3 + size_t(b.which[u])) * system.width];
            std::copy(scores, scores + width, roots.row(row).data());
        }
    if (aRow >= 0) {
        gradient(aRow) = 0;
        roots.row(aRow).setZero();
        for (int j = 0; j < items; ++j) {
            gradient(aRow) -= (*system.moments)[size_t(j)].g[0];
            roots.row(aRow) += Eigen::Map<const Eigen::RowVectorXd>(&(*system.scores)[size_t(j) * 3 * system.width], width);
        }
    }
    // The damped block diagonal, inverted block by block: the observed information where it
    // is positive definite with the damping, the expected one (always so) where it is not.
    // A block smaller than 3 × 3 is padded with the identity.
    std::vector<Eigen::Matrix3d> blockMatrix(blocks.size()), inverse(blocks.size());
    Eigen::VectorXd coupling = Eigen::VectorXd::Zero(bRows);
    double corner = 1e-10;
    for (size_t i = 0; i < blocks.size(); ++i) {
        const Block &b = blocks[i];
        const int size = int(b.which.size());
        const IrtMarginalEngine::Moments &mo = (*system.moments)[size_t(b.item)];
        bool found = false;
        for (const bool observed : {true, false}) {
            Eigen::Matrix3d h = Eigen::Matrix3d::Identity();
            for (int u = 0; u < size; ++u)
                for (int v = 0; v < size; ++v) {
                    const int x = std::max(b.which[size_t(u)], b.which[size_t(v)]), y = std::min(b.which[size_t(u)], b.which[size_t(v)]);
                    h(u, v) = observed ? mo.o[x][y] : mo.h[x][y];
                }
            for (int u = 0; u < size; ++u)
                h(u, u) += m_lambda * mo.h[b.which[size_t(u)]][b.which[size_t(u)]] + 1e-10;
            const Eigen::LLT<Eigen::Matrix3d> llt(h);
            if (llt.info() == Eigen::Success) {
                blockMatrix[i] = h;
                inverse[i] = llt.solve(Eigen::Matrix3d::Identity());
                found = true;
                // The arrow's column for a 1PL block (b only): a against b, and a's own.
                if (aRow >= 0) {
                    coupling(b.row) = observed ? mo.o[1][0] : mo.h[1][0];
                    corner += (observed ? mo.o[0][0] : mo.h[0][0]) + m_lambda * mo.h[0][0];
                }
                break;
            }
        }
        if (!found)
            return false;
    }
    // The arrow's Schur complement: a's diagonal less its coupling through the blocks.
    Eigen::VectorXd spread = Eigen::VectorXd::Zero(bRows); // D_b⁻¹ × the coupling
    if (aRow >= 0) {
        for (size_t i = 0; i < blocks.size(); ++i)
            spread(blocks[i].row) = inverse[i](0, 0) * coupling(blocks[i].row);
        corner -= coupling.dot(spread);
        if (!(corner > 0))
            return false;
    }
    // out = D⁻¹ right, row by row; with the 1PL's arrow, by its Schur complement.
    auto solveBlocks = [&](const auto &right, auto *out) {
        out->resize(right.rows(), right.cols());
        for (size_t i = 0; i < blocks.size(); ++i) {
            const int size = int(blocks[i].which.size()), row = blocks[i].row;
            for (int u = 0; u < size; ++u) {
                out->row(row + u) = inverse[i](u, 0) * right.row(row);
                for (int v = 1; v < size; ++v)
                    out->row(row + u) += inverse[i](u, v) * right.row(row + v);
            }
        }
        if (aRow >= 0) {
            out->row(aRow) = (right.row(aRow) - coupling.transpose() * out->topRows(bRows)) / corner;
            out->topRows(bRows) -= spread * out->row(aRow);
        }
    };
    if (width <= n) { // Woodbury: (D − U Uᵀ)⁻¹ = D⁻¹ + D⁻¹U (I − UᵀD⁻¹U)⁻¹ UᵀD⁻¹
        solveBlocks(roots, &z);
        // I − Uᵀz, its columns in two halves on two cores.
        Eigen::MatrixXd &inner = m_inner;
        inner.resize(width, width);
        inTwoHalves(m_engine.twoCores() && qint64(n) * width * width >= 2000000, width, [&](int begin, int end) {
            inner.middleCols(begin, end - begin).noalias() = -roots.transpose() * z.middleCols(begin, end - begin);
        });
        inner.diagonal().array() += 1.0;
        const Eigen::LLT<Eigen::MatrixXd> llt(inner);
        if (llt.info() != Eigen::Success)
            return false;
        Eigen::VectorXd first;
        solveBlocks(gradient, &first);
        *delta = -(first + z * llt.solve(z.transpose() * gradient));
        return true;
    }
    Eigen::MatrixXd h = -roots * roots.transpose();
    for (size_t i = 0; i < blocks.size(); ++i) {
        const int size = int(blocks[i].which.size());
        h.block(blocks[i].row, blocks[i].row, size, size) += blockMatrix[i].topLeftCorner(size, size);
    }
    if (aRow >= 0) {
        h.block(aRow, 0, 1, bRows) += coupling.transpose();
        h.block(0, aRow, bRows, 1) += coupling;
        h(aRow, aRow) += corner + coupling.dot(spread);
    }
    const Eigen::LLT<Eigen::MatrixXd> llt(h);
    if (llt.info() != Eigen::Success)
        return false;
    *delta = -llt.solve(gradient);
    return true;
}

bool IrtMarginalNewton::step(IrtMarginalEngine::Params *x)
{
    IrtMarginalEngine &e = m_engine;
    const int items = e.items(), students = e.students(), q = e.nodes();
    const int rank = std::min(Rank, q - 1);
    const bool worth = e.twoCores() && qint64(items) * students * q >= 200000;
    // One pass over the answers: the gradient, both informations, and the scores' projections.
    const std::vector<double> functions = basis(rank);
    System system;
    system.x = x;
    system.width = size_t(students) * size_t(rank);
    std::vector<IrtMarginalEngine::Moments> m(static_cast<size_t>(items));
    std::vector<double> &scores = m_scores;
    scores.assign(size_t(items) * 3 * system.width, 0.0);
    inTwoHalves(worth, items, [&](int begin, int end) {
        for (int j = begin; j < end; ++j) {
            const IrtMarginalEngine::Projection projection{functions.data(), rank, &scores[size_t(j) * 3 * system.width]};
            m[size_t(j)] = e.moments(j, (*x)[size_t(j)], IrtMarginalEngine::Derivatives::Observed, &projection);
        }
    });
    system.moments = &m;
    system.scores = &scores;
    const double start = e.lastNll();
    const IrtMarginalEngine::Posteriors saved = e.save();
    std::vector<char> pinned(size_t(items) * 3);
    std::vector<int> rowOf;
    for (; m_lambda <= MaxDamping; m_lambda *= 10) {
        // A parameter the step would carry past its bound is pinned on it and the step
        // solved again without it, so the others do not move as if it had gone on.
        std::fill(pinned.begin(), pinned.end(), 0);
        IrtMarginalEngine::Params candidate = *x;
        Eigen::VectorXd delta;
        bool solved = false, moving = false;
        for (int pass = 0; pass < MaxPins; ++pass) {
            solved = solve(system, pinned, &delta, &rowOf);
            if (!solved)
                break;
            bool crossed = false;
            for (int j = 0; j < items; ++j)
                for (int u = 0; u < 3; ++u)
                    if (const int row = rowOf[size_t(j) * 3 + size_t(u)]; row >= 0) {
                        const double to = (*x)[size_t(j)][size_t(u)] + delta(row);
                        if (pass + 1 < MaxPins && (to < e.lower(u) || to > e.upper(u))) {
                            pinned[size_t(j) * 3 + size_t(u)] = 1;
                            candidate[size_t(j)][size_t(u)] = to < e.lower(u) ? e.lower(u) : e.upper(u);
                            crossed = moving = true;
                        }
                    }
            if (!crossed)
                break;
        }
        if (!solved)
            continue;
        for (int j = 0; j < items; ++j)
            for (int u = 0; u < 3; ++u)
                if (const int row = rowOf[size_t(j) * 3 + size_t(u)]; row >= 0 && !pinned[size_t(j) * 3 + size_t(u)]) {
                    candidate[size_t(j)][size_t(u)] = std::clamp((*x)[size_t(j)][size_t(u)] + delta(row), e.lower(u), e.upper(u));
                    moving = true;
                }
        if (!moving)
            return false;
        if (e.eStep(candidate) < start) {
            *x = std::move(candidate);
            m_lambda = std::max(m_lambda / 10, 1e-8);
            return true;
        }
        e.restore(saved);
    }
    m_lambda = MaxDamping / 10;
    return false;
}

} // namespace assay
