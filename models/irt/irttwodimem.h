#pragma once
// The state of one fit of the two-dimensional 2PL (IrtTwoDimensional, docs/METHODS.md §9.18):
// the answers by student and by item, the items' slopes and intercepts, and each student's
// adaptive quadrature nodes and posterior weights from the last E-step; the E-step, the
// M-step (a Newton step of each item's weighted logistic regression), the start of the second
// dimension from the residuals, and the turn to the principal axes. Included by
// irttwodimensional.cpp alone.
#include "core/twohalves.h"
#include "irt/irtdata.h"
#include "irt/irttwodimensional.h"
#include "irt/irttwodimposterior.h"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <vector>

namespace assay {

class IrtTwoDimEm {
public:
    struct Answer {
        int student;
        qint8 correct;
    };
    IrtTwoDimEm(const IrtData &data, int nodes, const IrtTwoDimensional::Options &options)
        : m_posterior(nodes), m_q(m_posterior.size()), m_options(options)
    {
        const int n = int(data.students.size()), items = int(data.items.size());
        m_byStudent.resize(size_t(n));
        m_byItem.resize(size_t(items));
        for (int s = 0; s < n; ++s)
            for (int j = 0; j < items; ++j)
                if (const qint8 y = data.responses[s].value(j, -1); y >= 0) {
                    m_byStudent[size_t(s)].push_back({j, y});
                    m_byItem[size_t(j)].push_back({s, y});
                }
        a1.assign(size_t(items), 1);
        a2.assign(size_t(items), 0);
        d.assign(size_t(items), 0);
        m_mode.assign(size_t(n) * 2, 0);
        m_t1.assign(size_t(n) * size_t(m_q), 0);
        m_t2 = m_t1;
        m_w = m_t1;
    }
    int students() const { return int(m_byStudent.size()); }
    int items() const { return int(m_byItem.size()); }
    int nodes() const { return m_q; }
    double *mode(int s) { return &m_mode[size_t(s) * 2]; }

    // Every student's posterior; returns −Σ log ∫ L φ₂.
    double eStep()
    {
        std::vector<double> logMarginal(static_cast<size_t>(students()));
        inTwoHalves(qint64(students()) * items() >= 20000, students(), [&](int begin, int end) {
            for (int s = begin; s < end; ++s) {
                const size_t at = size_t(s) * size_t(m_q);
                logMarginal[size_t(s)] = m_posterior.integrate(m_byStudent[size_t(s)], a1.data(), a2.data(), d.data(), mode(s), &m_t1[at], &m_t2[at], &m_w[at]);
            }
        });
        double nll = 0;
        for (double l : logMarginal)
            nll -= l;
        return nll;
    }

    // One generalised M-step: per item, one Newton step of the weighted logistic regression on
    // the students' nodes, kept (halved if need be) only when it raises the item's expected
    // complete-data log-likelihood — a second step per cycle costs as much as the cycle and
    // gains less than SQUAREM's extrapolation.
    void mStep()
    {
        inTwoHalves(qint64(items()) * students() >= 20000, items(), [&](int begin, int end) {
            for (int j = begin; j < end; ++j)
                newton(j);
        });
    }

    // The leading dimension of the residuals the current (one-dimensional) parameters leave,
    // as a start for θ₂ and the a₂'s: without it every a₂ = 0 is a saddle the EM cannot leave.
    void startSecond()
    {
        const int n = students(), J = items();
        Eigen::MatrixXd r = Eigen::MatrixXd::Zero(n, J);
        for (int s = 0; s < n; ++s) {
            const size_t at = size_t(s) * size_t(m_q);
            for (const IrtCell &c : m_byStudent[size_t(s)]) {
                double p = 0;
                for (int k = 0; k < m_q; ++k)
                    p += m_w[at + size_t(k)] / (1 + std::exp(-(a1[size_t(c.index)] * m_t1[at + size_t(k)] + d[size_t(c.index)])));
                r(s, c.index) = c.correct - p;
            }
        }
        // Power iteration on r·rᵀ for the students' scores, seeded deterministically.
        Eigen::VectorXd u(n);
        for (int s = 0; s < n; ++s)
            u(s) = std::sin(1.0 + s * 0.7);
        for (int it = 0; it < 200; ++it) {
            Eigen::VectorXd next = r * (r.transpose() * u);
            const double norm = next.norm();
            if (!(norm > 0))
                break;
            next /= norm;
            const double change = (next - u).norm();
            u = next;
            if (change < 1e-10)
                break;
        }
        u.array() -= u.mean();
        const double sd = std::sqrt(u.squaredNorm() / std::max(n, 1));
        if (!(sd > 0))
            return;
        u /= sd;
        for (int j = 0; j < J; ++j) {
            double num = 0, den = 0;
            for (const Answer &a : m_byItem[size_t(j)]) {
                num += r(a.student, j) * u(a.student);
                den += u(a.student) * u(a.student);
            }
            a2[size_t(j)] = den > 0 ? std::clamp(4 * num / den, -2.0, 2.0) : 0;
        }
        for (int s = 0; s < n; ++s)
            mode(s)[1] = u(s);
    }

    Eigen::VectorXd parameters() const
    {
        const int J = items();
        Eigen::VectorXd x(3 * J);
        for (int j = 0; j < J; ++j)
            x(j) = a1[size_t(j)], x(J + j) = a2[size_t(j)], x(2 * J + j) = d[size_t(j)];
        return x;
    }
    // Into the box.
    void setParameters(const Eigen::VectorXd &x)
    {
        const int J = items();
        const double sMax = m_options.slopeMax, dMax = m_options.interceptMax;
        for (int j = 0; j < J; ++j) {
            a1[size_t(j)] = std::clamp(x(j), -sMax, sMax);
            a2[size_t(j)] = std::clamp(x(J + j), -sMax, sMax);
            d[size_t(j)] = std::clamp(x(2 * J + j), -dMax, dMax);
        }
    }

    // Turns the slopes and the students' nodes to the principal axes of Σ_j a_j a_jᵀ.
    void toPrincipalAxes()
    {
        Eigen::Matrix2d m = Eigen::Matrix2d::Zero();
        for (int j = 0; j < items(); ++j) {
            const Eigen::Vector2d a(a1[size_t(j)], a2[size_t(j)]);
            m += a * a.transpose();
        }
        Eigen::SelfAdjointEigenSolver<Eigen::Matrix2d> eigen(m);
        Eigen::Vector2d e1 = eigen.eigenvectors().col(1);
        double sum1 = 0;
        for (int j = 0; j < items(); ++j)
            sum1 += e1(0) * a1[size_t(j)] + e1(1) * a2[size_t(j)];
        if (sum1 < 0)
            e1 = -e1;
        Eigen::Vector2d e2(-e1(1), e1(0));
        double sum2 = 0;
        for (int j = 0; j < items(); ++j)
            sum2 += e2(0) * a1[size_t(j)] + e2(1) * a2[size_t(j)];
        if (sum2 < 0)
            e2 = -e2;
        for (int j = 0; j < items(); ++j) {
            const double x = a1[size_t(j)], y = a2[size_t(j)];
            a1[size_t(j)] = e1(0) * x + e1(1) * y;
            a2[size_t(j)] = e2(0) * x + e2(1) * y;
        }
        for (int s = 0; s < students(); ++s) {
            const double x = mode(s)[0], y = mode(s)[1];
            mode(s)[0] = e1(0) * x + e1(1) * y;
            mode(s)[1] = e2(0) * x + e2(1) * y;
        }
    }

    IrtTwoDimAbility ability(int s) const
    {
        IrtTwoDimAbility out;
        const size_t at = size_t(s) * size_t(m_q);
        double m1 = 0, m2 = 0, v1 = 0, v2 = 0;
        for (int k = 0; k < m_q; ++k) {
            m1 += m_w[at + size_t(k)] * m_t1[at + size_t(k)];
            m2 += m_w[at + size_t(k)] * m_t2[at + size_t(k)];
        }
        for (int k = 0; k < m_q; ++k) {
            v1 += m_w[at + size_t(k)] * std::pow(m_t1[at + size_t(k)] - m1, 2);
            v2 += m_w[at + size_t(k)] * std::pow(m_t2[at + size_t(k)] - m2, 2);
        }
        out.theta1 = m1, out.theta2 = m2, out.se1 = std::sqrt(v1), out.se2 = std::sqrt(v2);
        out.answered = int(m_byStudent[size_t(s)].size());
        return out;
    }

    std::vector<double> a1, a2, d;

private:
    // The item's expected complete-data log-likelihood at (x, y, z) = (a₁, a₂, d).
    double expected(int j, double x, double y, double z) const
    {
        double q = 0;
        for (const Answer &a : m_byItem[size_t(j)]) {
            const size_t at = size_t(a.student) * size_t(m_q);
            for (int k = 0; k < m_q; ++k)
                q += m_w[at + size_t(k)] * IrtTwoDimPosterior::logProbability(a.correct, x * m_t1[at + size_t(k)] + y * m_t2[at + size_t(k)] + z);
        }
        return q;
    }

    bool newton(int j)
    {
        Eigen::Vector3d g = Eigen::Vector3d::Zero();
        Eigen::Matrix3d h = Eigen::Matrix3d::Zero();
        double q = 0;
        const double x = a1[size_t(j)], y = a2[size_t(j)], z = d[size_t(j)];
        double g0 = 0, g1 = 0, g2 = 0, h00 = 0, h01 = 0, h02 = 0, h11 = 0, h12 = 0, h22 = 0;
        for (const Answer &a : m_byItem[size_t(j)]) {
            const size_t at = size_t(a.student) * size_t(m_q);
            const double *w = &m_w[at], *t1 = &m_t1[at], *t2 = &m_t2[at];
            for (int k = 0; k < m_q; ++k) {
                const double lin = x * t1[k] + y * t2[k] + z;
                const double e = std::exp(-std::abs(lin)), p = lin >= 0 ? 1 / (1 + e) : e / (1 + e);
                // log σ(±lin) from the same exponential.
                const double s = a.correct ? lin : -lin;
                q += w[k] * ((s >= 0 ? 0 : s) - std::log1p(e));
                const double r = w[k] * (a.correct - p), v = w[k] * p * (1 - p);
                g0 += r * t1[k], g1 += r * t2[k], g2 += r;
                h00 += v * t1[k] * t1[k], h01 += v * t1[k] * t2[k], h02 += v * t1[k];
                h11 += v * t2[k] * t2[k], h12 += v * t2[k], h22 += v;
            }
        }
        g << g0, g1, g2;
        h << h00, h01, h02, h01, h11, h12, h02, h12, h22;
        h.diagonal().array() += 1e-9;
        const Eigen::Vector3d step = h.ldlt().solve(g);
        if (!step.allFinite())
            return false;
        const double sMax = m_options.slopeMax, dMax = m_options.interceptMax;
        for (double t = 1; t > 1e-4; t *= 0.5) {
            const double nx = std::clamp(x + t * step(0), -sMax, sMax), ny = std::clamp(y + t * step(1), -sMax, sMax),
                         nz = std::clamp(z + t * step(2), -dMax, dMax);
            if (expected(j, nx, ny, nz) > q) {
                a1[size_t(j)] = nx, a2[size_t(j)] = ny, d[size_t(j)] = nz;
                return std::abs(nx - x) + std::abs(ny - y) + std::abs(nz - z) > 1e-7;
            }
        }
        return false;
    }

    IrtTwoDimPosterior m_posterior;
    int m_q;
    IrtTwoDimensional::Options m_options;
    std::vector<std::vector<IrtCell>> m_byStudent;
    std::vector<std::vector<Answer>> m_byItem;
    std::vector<double> m_mode, m_t1, m_t2, m_w;
};

} // namespace assay
