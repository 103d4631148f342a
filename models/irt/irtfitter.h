#pragma once
// Item response theory by joint maximum likelihood (DESIGN §10): the 3PL model
// P(θ) = c + (1 − c)·σ(a(θ − b)) (2PL: c = 0; 1PL: also a = 1), the negative log-likelihood
// over the observed cells with its analytic gradient, minimised under box bounds: a few
// alternating sweeps (IrtBlockNewton), then projected Newton on the joint problem
// (IrtNewton), with L-BFGS-B (LBFGSpp) finishing whatever Newton leaves — a matrix too
// large for its dense cross terms, or a step that no longer gains. Students have one
// ability each, or — hierarchical — the sum of the abilities of their factor levels.
#include "core/result.h"
#include "irt/irtdata.h"

#include <QMap>

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
    QString bounds = QStringLiteral("default");
    bool hierarchical = false; // needs factors in the data
    // Bayes modal (joint MAP) instead of plain joint ML: adds the −log prior densities
    // θ ~ N(0, 1) (each factor level when hierarchical), log a ~ N(0, 0.5²), b ~ N(0, 2²),
    // c ~ Beta(6, 16) (BILOG's defaults for four options) to the objective.
    bool prior = false;
    int maxIterations = 10000; // L-BFGS-B iterations
    int maxSweeps = 5;        // alternating Fisher-scoring sweeps first
    int maxNewton = 200;      // then joint Newton steps (0: none), then L-BFGS-B if still needed
    double tolerance = 1e-4; // on the projected gradient's largest component (the convergence bar)
    std::function<bool()> cancelled; // polled between sweeps and iterations; true stops the fit
    static Result<Model> modelFromName(const QString &name);
    static QString modelName(Model model);
};

struct IrtItem {
    QString id;
    double a = 1, b = 0, c = 0;
    // Fit diagnostics over the students who answered: root-mean-square error of the IRT
    // probability against the 0/1 answers, and of the item's mean accuracy (the baseline an
    // IRT model has to beat).
    double rmse = 0, baselineRmse = 0;
    int answered = 0;
};

struct IrtFit {
    QString model;
    QString estimator; // "jml" or "bayes-modal"
    double nll = 0;
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
