#pragma once
// Short forms of an exam and the estimates they give (docs/METHODS.md §9.15). An exam with a
// fitted IRT model and a panel of takes is the calibration: a short form keeps N of its items
// (IrtShortForm), is stored as a new exam linked to it, and a take of the short form — or a
// partial take of the exam itself, as an adaptive take leaves — estimates the taker's
// accuracy on the whole exam: the mean of P(correct | θ̂) over the exam's items, θ̂ by EAP
// from the items answered, with an interval from θ̂'s posterior SD.
#include "core/result.h"
#include "exams/examitem.h"
#include "irt/irtability.h"
#include "irt/irtformcalibration.h"
#include "irt/irtshortform.h"
#include "irt/irttwodimensional.h"

#include <QHash>
#include <QStringList>
#include <QVector>

#include <optional>

namespace assay {

class Database;

// The calibration: an exam's fitted items and its panel's answers and abilities.
struct ExamCalibration {
    QString exam;
    qint64 examId = 0;
    QVector<ExamItem> examItems; // the accepted items with parameters
    QVector<IrtItem> items;      // their parameters, in the same order
    QStringList takers;
    QVector<QVector<int>> answers; // per take: −1 unanswered, 0/1 per item
    QVector<double> thetas;        // per take: EAP from its answers
    int unfitted = 0;              // accepted items without parameters (left out)
};

// A take's estimate of the accuracy on the whole (parent) exam.
struct ExamEstimate {
    QString taker;
    int given = 0;    // items of the take
    int answered = 0; // of them, answered
    double observed = 0; // share correct among the answered items of the take: the plain estimate (no model)
    double plainLow = 0, plainHigh = 1; // its Wilson 95% interval
    IrtAbilityEstimate ability;
    IrtAccuracyEstimate accuracy; // on the whole exam, corrected on the panel (IrtFormCalibration)
    double modelAccuracy = 0;     // the model's expected accuracy alone
    int calibrationTakers = 0;    // panel takers the correction was fitted on (0: none)
    double full = -1; // the taker's observed accuracy on the whole exam, when it took it all (−1: not)
    QString estimatedOn; // the parent exam, for a take of a short form (empty: the exam itself)
    QString model;       // "2-D": on the model with two abilities (θ is then its general θ₁); empty: the exam's 1-D model
    QString note;        // what the reader should know of this estimate (e.g. a 2-D take read on the 1-D model)
    // One line: items answered, θ̂ ± SE, the estimated accuracy with its interval and what on.
    QString text() const;
};

class ExamShortForm {
public:
    struct Created {
        qint64 examId = 0;
        IrtShortFormChoice choice;
        QStringList keys; // the chosen items' keys, in pick order
    };
    static Result<ExamCalibration> calibration(Database &db, const QString &exam);
    // A new exam `name` of n of `parent`'s items chosen by `method`.
    static Result<Created> create(Database &db, const QString &parent, const QString &name, IrtShortForm::Method method, int n, quint64 seed);
    // Every take of `exam` estimated on its parent (a short form) or on itself (otherwise).
    static Result<QVector<ExamEstimate>> estimates(Database &db, const QString &exam);
    // What a take of `exam` is estimated on: the parent's calibration for a short form, the
    // exam's own otherwise, with the complete takers' whole accuracies.
    struct Basis {
        ExamCalibration calibration;
        bool shortForm = false;
        QHash<QString, int> index;   // item key → calibration index
        QHash<QString, double> full; // taker → observed accuracy on the whole exam
        mutable std::optional<IrtFormCalibration> formCorrection; // a short form's, fitted once
        // The exam's 2-D model (not a short form's), when its last fit compared two abilities:
        // the calibration's items that have 2-D parameters, and item key → index in it.
        QVector<IrtTwoDimItem> twoDim;
        QHash<QString, int> twoDimIndex;
    };
    static Result<Basis> basis(Database &db, const QString &exam);
    // One take's answers (item key → −1 not answered, 0/1) estimated on the whole exam (the
    // parent, for a short form), with the panel's correction for the items it was given. An
    // adaptive take on two abilities ("… @adaptive-2d") is estimated on the 2-D model: θ̂₁
    // and the expected share over its items, shifted by the mean error of the same adaptive
    // test on the panel's complete takes (the same student left out), its interval widened by
    // their scatter.
    static ExamEstimate estimateTake(const Basis &basis, const QString &taker, const QVector<QPair<QString, int>> &given);
    // One set of answers (item index in the calibration → 0/1) estimated on the calibration,
    // corrected by `correction` (default: none).
    static ExamEstimate estimate(const ExamCalibration &calibration, const QVector<QPair<int, int>> &answered, const IrtFormCalibration &correction = {});
    // The panel's correction for a fixed form (items: calibration indices) or, with
    // adaptiveItems > 0, for an adaptive test of that many items.
    static IrtFormCalibration correction(const ExamCalibration &calibration, const QVector<int> &items, int adaptiveItems = 0);
};

} // namespace assay
