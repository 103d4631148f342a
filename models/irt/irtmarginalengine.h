#pragma once
// The state of a marginal-ML fit (IrtMarginal): the answers by student and by item, and each
// student's adaptive quadrature nodes and posterior weights from the last E-step, with the
// per-item expected complete-data log-likelihood (the EM's M-step) and its derivatives. The
// EM (IrtMarginal) and the Newton steps (IrtMarginalNewton) share it; docs/METHODS.md §9.7.
#include "irt/irtfitter.h"
#include "irt/irtquadrature.h"

#include <array>
#include <vector>

namespace assay {

class IrtMarginalEngine {
public:
    using Model = IrtOptions::Model;
    using Params = std::vector<std::array<double, 3>>;

    // Σ over an item's answers and each student's nodes of the posterior weight times
    // log P(y | θ); with derivatives, its gradient in (a, b, c) and the complete-data Fisher
    // information (lower triangle); with the observed information also minus its Hessian
    // (and no q).
    struct Moments {
        double q = 0;
        double g[3] = {0, 0, 0};
        double h[3][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
        double o[3][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
    };
    enum class Derivatives { None, Expected, Observed };
    // The Newton steps' posterior score covariance, gathered in the same pass: per student
    // `rank` functions of θ over its nodes (basis[(s·rank + r)·nodes + k]); the item's
    // score projected on each goes to rows[u·students·rank + s·rank + r] for u = a, b, c.
    struct Projection {
        const double *basis;
        int rank;
        double *rows;
    };
    // The posteriors of one E-step, to put back after a rejected trial.
    struct Posteriors {
        std::vector<double> mode, theta, weight;
        double nll = 0;
    };

    IrtMarginalEngine(const IrtData &data, Model model, const IrtBounds &bounds, int nodes, bool twoCores);

    int items() const { return int(m_byItem.size()); }
    int students() const { return int(m_byStudent.size()); }
    int nodes() const { return m_q; }
    Model model() const { return m_model; }
    bool twoCores() const { return m_twoCores; }
    // The indices of a, b, c the model estimates per item (the 1PL's common a apart).
    const std::vector<int> &free() const { return m_free; }
    double lower(int u) const { return u == 0 ? m_bounds.aMin : u == 1 ? m_bounds.bMin : m_bounds.cMin; }
    double upper(int u) const { return u == 0 ? m_bounds.aMax : u == 1 ? m_bounds.bMax : m_bounds.cMax; }
    const std::vector<IrtCell> &answersOf(int student) const { return m_byStudent[size_t(student)]; }
    const double *thetaOf(int student) const { return &m_theta[size_t(student) * size_t(m_q)]; }
    const double *weightOf(int student) const { return &m_weight[size_t(student) * size_t(m_q)]; }

    // Each student's posterior on its nodes; returns −Σ log ∫ L φ.
    double eStep(const Params &p);
    Posteriors save() const { return {m_mode, m_theta, m_weight, m_nll}; }
    void restore(Posteriors saved);
    double lastNll() const { return m_nll; }
    // One generalised M-step: a projected Fisher-scoring step per item, kept only when it
    // raises the item's expected complete-data log-likelihood (the 1PL's common a after).
    void mStep(Params *p) const;
    // Into the box; c = 0 below the 3PL; the 1PL's a's to their mean.
    void clamp(Params *p) const;
    Moments moments(int item, const std::array<double, 3> &p, Derivatives derivatives, const Projection *projection = nullptr) const;

private:
    void itemStep(int item, std::array<double, 3> *p) const;
    void commonAStep(Params *p) const;

    Model m_model;
    IrtBounds m_bounds;
    IrtQuadrature m_quadrature;
    int m_q;
    bool m_twoCores;
    std::vector<int> m_free;
    std::vector<std::vector<IrtCell>> m_byStudent, m_byItem;
    std::vector<double> m_mode, m_theta, m_weight;
    double m_nll = 0;
};

} // namespace assay
