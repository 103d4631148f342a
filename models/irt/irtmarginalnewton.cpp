#include "irt/irtmarginalnewton.h"

#include "core/twohalves.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>

namespace assay {

namespace {

constexpr double MaxDamping = 1e6;

struct Block {
    int item;
    int row;                // the first of its rows in the system
    std::vector<int> which; // its moving parameters (0 = a, 1 = b, 2 = c)
};

} // namespace

bool IrtMarginalNewton::step(IrtMarginalEngine::Params *x)
{
    IrtMarginalEngine &e = m_engine;
    const int items = e.items(), students = e.students(), q = e.nodes();
    const bool worth = e.twoCores() && qint64(items) * students * q >= 200000;
    std::vector<IrtMarginalEngine::Moments> m(static_cast<size_t>(items));
    inTwoHalves(worth, items, [&](int begin, int end) {
        for (int j = begin; j < end; ++j)
            m[size_t(j)] = e.moments(j, (*x)[size_t(j)], true);
    });
    // The moving parameters: those not on a bound their gradient points out of.
    std::vector<Block> blocks;
    std::vector<int> rowOf(size_t(items) * 3, -1);
    int n = 0;
    for (int j = 0; j < items; ++j) {
        Block block{j, n, {}};
        for (int u : e.free()) {
            const double v = (*x)[size_t(j)][size_t(u)], g = m[size_t(j)].g[u];
            if ((v <= e.lower(u) && g < 0) || (v >= e.upper(u) && g > 0))
                continue;
            rowOf[size_t(j) * 3 + size_t(u)] = n++;
            block.which.push_back(u);
        }
        if (!block.which.empty())
            blocks.push_back(block);
    }
    if (n == 0)
        return false;
    // The −log L's gradient, and per student the rank-one root of the score's covariance.
    Eigen::VectorXd gradient(n);
    for (const Block &b : blocks)
        for (size_t u = 0; u < b.which.size(); ++u)
            gradient(b.row + int(u)) = -m[size_t(b.item)].g[b.which[u]];
    Eigen::MatrixXd roots = Eigen::MatrixXd::Zero(n, students);
    inTwoHalves(worth, students, [&](int begin, int end) {
        for (int s = begin; s < end; ++s) {
            const double *theta = e.thetaOf(s), *weight = e.weightOf(s);
            double mean = 0, variance = 0;
            for (int k = 0; k < q; ++k)
                mean += weight[k] * theta[k];
            for (int k = 0; k < q; ++k)
                variance += weight[k] * (theta[k] - mean) * (theta[k] - mean);
            if (variance < 1e-14)
                continue;
            const double scale = 1.0 / std::sqrt(variance);
            for (const IrtCell &cell : e.answersOf(s)) {
                const int *row = &rowOf[size_t(cell.index) * 3];
                if (row[0] < 0 && row[1] < 0 && row[2] < 0)
                    continue;
                const auto [a, b, c] = (*x)[size_t(cell.index)];
                double sum[3] = {0, 0, 0};
                for (int k = 0; k < q; ++k) {
                    const double d = theta[k] - b, z = a * d;
                    const double ez = std::exp(-std::abs(z));
                    const double sigma = z >= 0 ? 1.0 / (1.0 + ez) : ez / (1.0 + ez);
                    const double oneMinus = z >= 0 ? ez / (1.0 + ez) : 1.0 / (1.0 + ez);
                    const double p1 = c + (1.0 - c) * sigma, p0 = (1.0 - c) * oneMinus;
                    const double ds = (1.0 - c) * sigma * oneMinus;
                    const double r = weight[k] * (theta[k] - mean) * (cell.correct - p1) / std::max(p1 * p0, 1e-300);
                    sum[0] += r * ds * d, sum[1] -= r * ds * a, sum[2] += r * oneMinus;
                }
                for (int u = 0; u < 3; ++u)
                    if (row[u] >= 0)
                        roots(row[u], s) = sum[u] * scale;
            }
        }
    });
    const double start = e.lastNll();
    const IrtMarginalEngine::Posteriors saved = e.save();
    for (; m_lambda <= MaxDamping; m_lambda *= 10) {
        // The damped block diagonal, factored block by block.
        std::vector<Eigen::LDLT<Eigen::MatrixXd>> factors;
        factors.reserve(blocks.size());
        bool positive = true;
        for (const Block &b : blocks) {
            const int size = int(b.which.size());
            Eigen::MatrixXd h(size, size);
            for (int u = 0; u < size; ++u)
                for (int v = 0; v < size; ++v)
                    h(u, v) = m[size_t(b.item)].h[std::max(b.which[size_t(u)], b.which[size_t(v)])][std::min(b.which[size_t(u)], b.which[size_t(v)])];
            for (int u = 0; u < size; ++u)
                h(u, u) += m_lambda * h(u, u) + 1e-10;
            factors.emplace_back(h);
            positive &= factors.back().info() == Eigen::Success && factors.back().isPositive();
        }
        if (!positive)
            continue;
        auto solveBlocks = [&](const Eigen::MatrixXd &right) {
            Eigen::MatrixXd out(right.rows(), right.cols());
            for (size_t i = 0; i < blocks.size(); ++i) {
                const int size = int(blocks[i].which.size());
                out.middleRows(blocks[i].row, size) = factors[i].solve(right.middleRows(blocks[i].row, size));
            }
            return out;
        };
        Eigen::VectorXd delta;
        if (students <= n) { // Woodbury: (D − U Uᵀ)⁻¹ = D⁻¹ + D⁻¹U (I − UᵀD⁻¹U)⁻¹ UᵀD⁻¹
            const Eigen::MatrixXd z = solveBlocks(roots);
            Eigen::MatrixXd inner = -roots.transpose() * z;
            inner.diagonal().array() += 1.0;
            const Eigen::LLT<Eigen::MatrixXd> llt(inner);
            if (llt.info() != Eigen::Success)
                continue;
            const Eigen::VectorXd first = solveBlocks(gradient);
            delta = -(first + z * llt.solve(z.transpose() * gradient));
        } else {
            Eigen::MatrixXd h = -roots * roots.transpose();
            for (size_t i = 0; i < blocks.size(); ++i) {
                const int size = int(blocks[i].which.size());
                h.block(blocks[i].row, blocks[i].row, size, size) += factors[i].reconstructedMatrix();
            }
            const Eigen::LLT<Eigen::MatrixXd> llt(h);
            if (llt.info() != Eigen::Success)
                continue;
            delta = -llt.solve(gradient);
        }
        IrtMarginalEngine::Params candidate = *x;
        for (const Block &b : blocks)
            for (size_t u = 0; u < b.which.size(); ++u) {
                const int at = b.which[u];
                candidate[size_t(b.item)][size_t(at)] = std::clamp(candidate[size_t(b.item)][size_t(at)] + delta(b.row + int(u)), e.lower(at), e.upper(at));
            }
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
