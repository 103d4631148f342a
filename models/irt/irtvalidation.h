#pragma once
// How far a short form or an adaptive test can be trusted, measured on the panel itself
// (docs/METHODS.md §9.15): the panel's students are left out in turn (one at a time, or in
// folds for large panels), the model is refitted on the others, and each left-out student's
// accuracy on the whole exam is estimated from N items chosen by each method — its answers
// to them as recorded — then compared with its observed accuracy over every item it
// answered: the mean absolute error, and Kendall's τ between the estimated and the observed
// ranking of the students. Random short forms are repeated over seeds and averaged. The
// plain method reads the same random forms without any model: the share correct on them, the
// baseline every IRT method has to beat (tinyBenchmarks' comparison). random-2d reads the same
// random forms through the model with two abilities (IrtTwoDimensional, refitted per fold from
// its fit on the whole panel), adaptive-2d gives each taker a D-optimal adaptive test on it
// (IrtTwoDimAdaptive); both only when asked for. Each
// estimate is reported as Assay gives it (corrected on the fold's panel, IrtFormCalibration)
// and as the model's expected accuracy alone.
#include "core/result.h"
#include "irt/irtdata.h"
#include "irt/irtfitter.h"

#include <QMap>
#include <QStringList>

#include <functional>

#include <nlohmann/json_fwd.hpp>

namespace assay {

struct IrtValidationCell {
    double mae = 0; // of the estimate as Assay gives it (calibrated on the panel, unless turned off)
    double kendallTau = 0;
    double modelMae = 0, modelKendallTau = 0; // of the model's expected accuracy alone
    double meanItems = 0; // items answered on average (fewer than N where a student skipped some)
};

struct IrtValidationReport {
    int students = 0, items = 0, folds = 0, seeds = 0;
    QString model;
    bool calibrated = true;
    QStringList methods;
    QVector<int> sizes;
    QMap<QString, QMap<int, IrtValidationCell>> cells; // method → N → cell
    double seconds = 0;
    nlohmann::json toJson() const;
    // The best method at N by MAE (empty when none).
    QString best(int n) const;
    // The method to use at N: the best, except that a tie with plain (the same MAE to three
    // decimals) goes to plain, which needs no model.
    QString recommended(int n) const;
};

class IrtValidation {
public:
    struct Options {
        QStringList methods{QStringLiteral("random"), QStringLiteral("information"), QStringLiteral("anchors"), QStringLiteral("adaptive"), QStringLiteral("plain")};
        QVector<int> sizes{25, 50, 100, 200};
        int folds = 0;  // 0: leave one out
        int seeds = 5;  // repeats of the random form
        bool calibrate = true; // correct each form's estimate on the panel (IrtFormCalibration)
        quint64 seed = 1;
        IrtOptions fit; // the refits' model and estimator
        std::function<bool()> cancelled;
        std::function<void(int done, int total)> progress; // per fold
    };
    static QStringList methodNames(); // random, information, anchors, adaptive, plain, random-2d, adaptive-2d
    static Result<IrtValidationReport> run(const IrtData &data, const Options &options);
    // Kendall's τ-b of two equally long series (0 when either is constant).
    static double kendallTau(const QVector<double> &x, const QVector<double> &y);
};

} // namespace assay
