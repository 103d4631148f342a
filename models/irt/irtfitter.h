#pragma once
// Item response theory by joint maximum likelihood (DESIGN §10): the 3PL model
// P(θ) = c + (1 − c)·σ(a(θ − b)) (2PL: c = 0; 1PL: also a = 1), the negative log-likelihood
// over the observed cells with its analytic gradient, minimised under box bounds by
// L-BFGS-B (LBFGSpp). Students have one ability each, or — hierarchical — the sum of the
// abilities of their factor levels (llm, retriever, icl, …).
#include "core/result.h"
#include "irt/irtdata.h"

#include <QMap>

#include <vector>

namespace assay {

struct IrtBounds {
    double aMin, aMax, bMin, bMax, cMin, cMax, thetaMin, thetaMax;
    static Result<IrtBounds> preset(const QString &name); // "default" or "exam-paper"
};

struct IrtOptions {
    enum class Model { OnePL, TwoPL, ThreePL };
    Model model = Model::ThreePL;
    QString bounds = QStringLiteral("default");
    bool hierarchical = false; // needs factors in the data
    int maxIterations = 10000;
    double tolerance = 1e-5; // on the projected gradient's largest component
    static Result<Model> modelFromName(const QString &name);
    static QString modelName(Model model);
};

struct IrtItem {
    QString id;
    double a = 1, b = 0, c = 0;
};

struct IrtFit {
    QString model;
    double nll = 0;
    bool converged = false;
    int iterations = 0;
    double projectedGradient = 0;
    double seconds = 0;
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
};

} // namespace assay
