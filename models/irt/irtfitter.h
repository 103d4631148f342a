#pragma once
// Item response theory by joint maximum likelihood (docs/METHODS.md §9): the 3PL model
// P(θ) = c + (1 − c)·σ(a(θ − b)) (2PL: c = 0; 1PL: also a = 1), the negative log-likelihood
// over the observed cells with its analytic gradient, minimised under box bounds: a few
// alternating sweeps (IrtBlockNewton), then projected Newton on the joint problem
// (IrtNewton), with L-BFGS-B (LBFGSpp) finishing whatever Newton leaves — a matrix too
// large for its dense cross terms, or a step that no longer gains. Students have one
// ability each, or — hierarchical — the sum of the abilities of their factor levels.
#include "core/result.h"
#include "irt/irtdata.h"
#include "irt/irtdimensionality.h"
#include "irt/irttwodimensional.h"

#include <QMap>
#include <QStringList>
#include <QtNumeric>

#include <array>
#include <functional>

#include <vector>

namespace assay {

struct IrtBounds {
    double aMin, aMax, bMin, bMax, cMin, cMax, thetaMin, thetaMax;
    // Wide boxes leave the θ scale to drift, so the fit keeps the students' θ standardised
    // while it sweeps; the exam paper's narrow boxes fix the scale themselves.
    bool standardize;
    static Result<IrtBounds> preset(const QString &name); // "default" or "exam-paper"
};

struct IrtOptions {
    enum class Model { OnePL, TwoPL, ThreePL };
    Model model = Model::ThreePL;
    bool autoModel = false; // IrtSearch: fit 1PL, 2PL and 3PL and keep the one BIC prefers
    QString bounds = QStringLiteral("default");
    bool hierarchical = false; // needs factors in the data
    // Bayes modal (joint MAP) instead of plain joint ML: adds the −log prior densities
    // θ ~ N(0, 1) (each factor level when hierarchical), log a ~ N(0, 0.5²), b ~ N(0, 2²),
    // c ~ Beta(6, 16) (BILOG's defaults for four options) to the objective.
    bool prior = false;
    // Marginal ML instead (IrtMarginalEstimator): item parameters by the EM with θ integrated
    // over N(0, 1), abilities by EAP with posterior SDs; flat models only. Wins over prior.
    bool marginal = false;
    // "jml", "bayes-modal" or "mml", as the fit reports it.
    QString estimator() const { return marginal ? QStringLiteral("mml") : prior ? QStringLiteral("bayes-modal") : QStringLiteral("jml"); }
    // Sets prior/marginal from "jml", "bayes-modal" or "mml".
    Status setEstimator(const QString &name);
    int maxIterations = 10000; // L-BFGS-B iterations
    int maxSweeps = 5;        // alternating Fisher-scoring sweeps first
    int maxNewton = 200;      // then joint Newton steps (0: none), then L-BFGS-B if still needed
    double tolerance = 1e-4; // on the projected gradient's largest component (the convergence bar)
    std::function<bool()> cancelled; // polled between sweeps and iterations; true stops the fit
    // The search's stage and how far the whole search is (0..1), as it goes (IrtSearchProgress);
    // called from the fitting threads. Only IrtSearch reports; a single fit does not.
    std::function<void(double fraction, const QString &stage)> progress;
    // 2: also the model with two abilities (IrtTwoDimensional), compared with the 1-D 2PL
    // (with the diagnostics only: benchmarks and refits leave it out).
    int dimensions = 1;
    bool diagnostics = true; // standard errors, item and person fit after the fit (benchmarks turn them off)
    static Result<Model> modelFromName(const QString &name);
    static QString modelName(Model model);
};

struct IrtItem {
    IrtItem() = default;
    // Implicit on purpose: {id, a, b, c} reads as the aggregate IrtItem was.
    IrtItem(QString itemId, double a0 = 1, double b0 = 0, double c0 = 0) : id(std::move(itemId)), a(a0), b(b0), c(c0) {}
    QString id;
    double a = 1, b = 0, c = 0;
    // Fit diagnostics over the students who answered: root-mean-square error of the IRT
    // probability against the 0/1 answers, and of the item's mean accuracy (the baseline an
    // IRT model has to beat).
    double rmse = 0, baselineRmse = 0;
    int answered = 0;
    // Standard errors from the observed information (IrtCovariance); NaN for a parameter the
    // model does not have, one held on a bound (listed in onBound: "a", "b", "c"), or one
    // the data do not identify.
    double seA = qQNaN(), seB = qQNaN(), seC = qQNaN();
    QStringList onBound;
    // The covariance of (a, b, c) from the same information, row-major (zeros for a
    // parameter the model lacks or holds): the bands around the ICC.
    std::array<double, 9> covariance{};
    // Orlando–Thissen S-X² over summed-score groups, its df and p, the p adjusted over the
    // items (Benjamini–Hochberg), and the item RMSEA (IrtItemFit); NaN when not computed.
    double sx2 = qQNaN(), sx2P = qQNaN(), sx2PAdjusted = qQNaN(), rmsea = qQNaN();
    int sx2Df = 0;
    bool misfit() const { return sx2PAdjusted < 0.05; }
    // Classical statistics of the same 0/1 column (ClassicalAnalysis): share correct among
    // those who answered, corrected point-biserial.
    double pCorrect = qQNaN(), pointBiserial = qQNaN();
};

// One model of a comparison on the same matrix (IrtSearch): its marginal −log-likelihood
// (θ integrated over N(0, 1)), free item parameters (the 1PL: the b's and one common a),
// AIC = 2·nll + 2k, BIC = 2·nll + k·ln(students).
struct IrtModelRow {
    QString model;
    double nll = 0;
    int parameters = 0;
    double aic = 0, bic = 0;
    bool converged = false;
    int iterations = 0; // EM and Newton steps
    int nodes = 0;      // of the quadrature per student
    double seconds = 0;
};

// The likelihood-ratio test of a model against the larger one it is nested in.
struct IrtLrTest {
    QString from, to;
    double statistic = 0;
    int df = 0;
    double p = 0;
};

struct IrtFit {
    QString model;
    QString estimator; // "jml", "bayes-modal" or "mml"
    double nll = 0;           // the objective minimised (with the priors' terms when Bayes modal)
    double dataNll = 0;       // −log-likelihood of the data alone (model comparison)
    bool converged = false;
    int iterations = 0;  // L-BFGS-B iterations
    int sweeps = 0;      // alternating sweeps before them
    int newtonSteps = 0; // joint Newton steps after the sweeps
    int evaluations = 0; // L-BFGS-B likelihood evaluations
    double projectedGradient = 0;
    double seconds = 0;
    double rmse = 0, baselineRmse = 0; // over every answered cell
    QString message; // why it stopped, when it did not converge
    QVector<IrtItem> items;
    QVector<QPair<QString, double>> students;          // id, θ
    QMap<QString, QVector<QPair<QString, double>>> factors; // factor → (level, θ relative to the first level)
    std::vector<double> levelAbilities;                  // hierarchical: raw, for warm starts
    std::vector<double> studentSe;                       // per student: SE of θ (NaN: on a bound)
    std::vector<double> studentLz;                       // per student: person fit lz (IrtItemFit)
    QMap<QString, QVector<double>> factorSe;             // factor → SE of each level relative to the first
    QString itemFitNote;                                 // why S-X² was not computed, when it was not
    int parametersOnBound = 0, parameterCount = 0;       // over items and abilities
    // The search for the best optimum (IrtSearch): the starts tried for this model and how
    // many different optima they reached; the models compared, the tests between them, why
    // this model was chosen (with --model auto) and what the guard or the search warn about.
    int starts = 1, optimaFound = 1;
    QVector<IrtModelRow> comparison;
    // The comparison's marginal fits, made before the search and apart from `seconds`.
    double comparisonSeconds() const
    {
        double sum = 0;
        for (const IrtModelRow &r : comparison)
            sum += r.seconds;
        return sum;
    }
    QVector<IrtLrTest> lrTests;
    QString choice;
    QStringList warnings;
    // Whether one ability is enough (IrtDimensionality), checked on the kept fit.
    IrtDimensionality::Check dimensionality;
    // With dimensions = 2: the model with two abilities and its comparison with the 1-D 2PL
    // (IrtTwoDimensional; not computed otherwise).
    IrtTwoDimFit twoDimensional;
};

class IrtFitter {
public:
    static Result<IrtFit> fit(const IrtData &data, const IrtOptions &options, const IrtFit *warm = nullptr);
    static double probability(double a, double b, double c, double theta);
    // Lord's item information for the 3PL: a²·((P − c)/(1 − c))²·(1 − P)/P.
    static double information(double a, double b, double c, double theta);
    // The objective and gradient at a parameter vector laid out as fit() lays it out (tests).
    static double objective(const IrtData &data, const IrtOptions &options, const std::vector<double> &x, std::vector<double> *gradient);
    static int parameterCount(const IrtData &data, const IrtOptions &options);
    // Fills the items' and the fit's RMSE diagnostics from the data the fit was made on.
    static void diagnose(const IrtData &data, IrtFit *fit);
};

} // namespace assay
