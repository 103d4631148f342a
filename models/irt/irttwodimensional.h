#pragma once
// A second ability where the responses have one (docs/METHODS.md §9.18): the two-dimensional
// compensatory 2PL, P(u = 1 | θ₁, θ₂) = σ(a₁θ₁ + a₂θ₂ + d) with θ ~ N(0, I₂), fitted by
// marginal maximum likelihood (Bock & Aitkin's EM). Each student's posterior is integrated by
// adaptive Gauss–Hermite quadrature in two dimensions: the product rule's nodes are placed on
// the posterior mode μ and spread by the Cholesky factor L of the posterior covariance
// (μ + √2·L·g), so a posterior made narrow by thousands of answers is integrated as well as a
// broad one. The M-step is one weighted logistic regression per item (concave: Newton with a
// halving line search, inside the box |a| ≤ a_max, |d| ≤ d_max).
// The likelihood does not change when (θ₁, θ₂) and every (a₁, a₂) turn by the same angle, so
// the model has 3·items − 1 free parameters, and the fit is reported on its principal axes:
// θ₁ along the direction the items' slopes share most (the general ability), θ₂ across it (the
// second trait), named after the students' factor that explains it (IrtDimensionality).
// Compared to the one-dimensional 2PL by AIC, BIC and the likelihood-ratio test (df = items − 1).
#include "core/result.h"
#include "irt/irtdata.h"

#include <QString>
#include <QVector>
#include <QtNumeric>

#include <array>
#include <functional>

#include <nlohmann/json_fwd.hpp>

namespace assay {

struct IrtItem;
struct IrtAccuracyEstimate; // irt/irtability.h (which includes this header through irtfitter.h)

struct IrtTwoDimItem {
    QString id;
    double a1 = 1, a2 = 0, d = 0;
};

// One student's posterior under the 2-D model: mean and SD per dimension (EAP).
struct IrtTwoDimAbility {
    double theta1 = 0, theta2 = 0, se1 = 1, se2 = 1;
    int answered = 0;
};

struct IrtTwoDimFit {
    bool computed = false;
    QString note; // why it was not fitted, when it was not
    double nll = qQNaN();
    int parameters = 0; // 3·items − 1
    double aic = qQNaN(), bic = qQNaN();
    bool converged = false;
    int iterations = 0, nodes = 0; // EM cycles; quadrature nodes per student (both dimensions)
    double seconds = 0;
    QVector<IrtTwoDimItem> items;        // on the principal axes
    QVector<IrtTwoDimAbility> students;  // in data order
    QStringList studentIds;
    // The 1-D 2PL it is compared with (marginal −log-likelihood, AIC, BIC) and the LR test.
    double oneDimNll = qQNaN(), oneDimAic = qQNaN(), oneDimBic = qQNaN();
    double lrStatistic = qQNaN(), lrP = qQNaN();
    int lrDf = 0;
    // The factor of the students behind θ₂ (η² ≥ 0.2 and permutation p < 0.01), if any.
    QString secondFactor;
    double secondEta2 = qQNaN(), secondP = qQNaN();
    double generalSpearman = qQNaN(); // Spearman(θ₁, share correct)
    // Whether the comparison prefers the second dimension (BIC lower and LR p < 0.01).
    bool preferred() const;
    // One line for the Exams page and the report.
    QString summary() const;
    nlohmann::json toJson() const;
};

class IrtTwoDimensional {
public:
    struct Options {
        int nodes = 0; // per dimension; 0: by the data (IrtMarginal::nodesFor)
        int maxIterations = 600; // EM maps (an accelerated cycle is two or three)
        // On the −log-likelihood's decrease per cycle: this plus relativeTolerance of it. With
        // few students the slopes of items they split cleanly creep towards the box for
        // hundreds of cycles, each gaining a few hundredths: 1e-6 of the −log-likelihood stops
        // where no AIC, BIC or likelihood-ratio verdict can change any more.
        double tolerance = 1e-4, relativeTolerance = 1e-6;
        double slopeMax = 4, interceptMax = 16;
        std::function<bool()> cancelled;
    };
    // From a 1-D 2PL's items (a, b, c = 0): a₁ = a, d = −a·b, a₂ from the leading dimension of
    // the residuals the 1-D fit leaves. oneDimNll: that fit's marginal −log-likelihood, for the
    // comparison (NaN: not compared).
    static Result<IrtTwoDimFit> fit(const IrtData &data, const QVector<IrtItem> &start, double oneDimNll, const Options &options);
    // From a 2-D fit's items (a panel without some of its students, for the short forms'
    // validation): no comparison.
    static Result<IrtTwoDimFit> refit(const IrtData &data, const QVector<IrtTwoDimItem> &start, const Options &options);
    static double probability(const IrtTwoDimItem &item, double theta1, double theta2);
    // The posterior of one taker from its answers ({item index, 0/1}) on the fitted items.
    static IrtTwoDimAbility ability(const QVector<IrtTwoDimItem> &items, const QVector<QPair<int, int>> &answers, int nodes = 7);
    // The taker's expected share correct over every item (the posterior mean of Σ P / items).
    static double expectedAccuracy(const QVector<IrtTwoDimItem> &items, const QVector<QPair<int, int>> &answers, int nodes = 7);
    // The same with a 95% interval: mean ± 1.96 posterior SDs of that share, within [0, 1].
    static IrtAccuracyEstimate accuracy(const QVector<IrtTwoDimItem> &items, const QVector<QPair<int, int>> &answers, int nodes = 7);
};

} // namespace assay
