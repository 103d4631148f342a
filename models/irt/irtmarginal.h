#pragma once
// Marginal maximum likelihood of the item parameters (Bock & Aitkin's EM): the abilities
// are integrated out under θ ~ N(0, 1) instead of being estimated, so the likelihood is that
// of the items alone and grows with the students. That is what makes AIC, BIC and the
// likelihood-ratio tests between the 1PL (one common a), the 2PL and the 3PL mean what their
// theory says: under joint ML every student adds a parameter and the comparisons drift with
// the number of items. E-step: each student's posterior on adaptive Gauss–Hermite nodes
// (IrtQuadrature). M-step: per item, projected Fisher scoring within the box, with a line
// search on the expected complete-data likelihood (the 1PL's common a after the b's).
// The EM is accelerated by SQUAREM (Varadhan & Roland), kept only where it gains, and
// handed over to Newton steps on the marginal likelihood (IrtMarginalNewton) for the 2PL
// and, once near, the 3PL, where the EM crawls.
#include "core/result.h"
#include "irt/irtdata.h"
#include "irt/irtfitter.h"

#include <functional>

namespace assay {

struct IrtMarginalFit {
    QString model;
    double nll = 0;      // −Σ_students log ∫ L(θ) φ(θ) dθ
    int parameters = 0;  // the items' (1PL: one b each and the common a)
    bool converged = false;
    int nodes = 0;       // of the quadrature per student
    int iterations = 0;  // EM steps (an accelerated step counts as three) and Newton steps
    double seconds = 0;
    QVector<IrtItem> items; // a, b, c on the scale θ ~ N(0, 1)
    QString message;        // why it stopped, when it did not converge
};

class IrtMarginal {
public:
    static constexpr int DefaultNodes = 11;
    struct Options {
        IrtOptions::Model model = IrtOptions::Model::ThreePL;
        QString bounds = QStringLiteral("default"); // the box of a, b, c (IrtBounds presets)
        int nodes = 0; // 0: by the data (nodesFor)
        int maxIterations = 3000;
        double tolerance = 1e-5; // on the −log-likelihood's decrease per cycle, plus 1e-8 of the −log-likelihood
        std::function<bool()> cancelled;
        bool twoCores = true; // false when something else runs on the other core
    };
    // From the given items' parameters (clamped into the box) or, without them, from a = 1,
    // b = −logit(share correct), c at the box's lower end.
    static Result<IrtMarginalFit> fit(const IrtData &data, const Options &options, const QVector<IrtItem> *start = nullptr);
    // The 1PL, the 2PL from the 1PL and the 3PL from the 2PL with c raised to a quarter of
    // its box (on its lower bound below the 3PL's minimum of students): the rows a
    // comparison needs.
    static Result<QVector<IrtMarginalFit>> nested(const IrtData &data, const Options &options);
    // The marginal −log-likelihood at the given item parameters.
    static double nll(const IrtData &data, const QVector<IrtItem> &items, int nodes = DefaultNodes);
    static int parameterCount(int items, IrtOptions::Model model);
    // The quadrature's nodes for the data: the more answers a student gives, the closer its
    // posterior is to a normal one, which the adaptive rule integrates exactly with few nodes —
    // 11 below a median of 100 answers per student, 7 below 400, 5 from there.
    static int nodesFor(const IrtData &data);
    // What the comparison's likelihoods are, in a sentence for the reports.
    static QString basis(int nodes = DefaultNodes);
};

} // namespace assay
