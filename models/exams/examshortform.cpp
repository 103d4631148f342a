#include "exams/examshortform.h"

#include "exams/examadaptivetake.h"
#include "exams/examstore.h"
#include "exams/responsematrix.h"
#include "irt/irtadaptive.h"
#include "irt/irttwodimadaptive.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <optional>

namespace assay {

Result<ExamCalibration> ExamShortForm::calibration(Database &db, const QString &exam)
{
    using R = Result<ExamCalibration>;
    auto takes = ResponseMatrix::takes(db, exam);
    if (!takes)
        return R::failure(takes.error());
    ExamCalibration c;
    c.exam = exam;
    auto id = ExamStore(db).idOf(exam);
    if (!id)
        return R::failure(id.error());
    c.examId = id.value();
    QVector<int> columns;
    for (int j = 0; j < takes.value().items.size(); ++j) {
        const ExamItem &it = takes.value().items[j];
        if (!it.a || !it.b) {
            ++c.unfitted;
            continue;
        }
        columns << j;
        c.examItems << it;
        c.items << IrtItem(it.key, *it.a, *it.b, it.c.value_or(0.0));
    }
    if (c.items.isEmpty())
        return R::failure(QStringLiteral("exam '%1' has no fitted IRT model: on the Exams page, Fit IRT on its takes first").arg(exam));
    for (int r = 0; r < takes.value().runs.size(); ++r) {
        QVector<int> row;
        row.reserve(columns.size());
        for (int j : std::as_const(columns)) {
            const int chosen = takes.value().chosen[r][j];
            row << (chosen < 0 ? -1 : chosen == takes.value().items[j].answer ? 1 : 0);
        }
        c.takers << takes.value().runs[r].taker;
        c.thetas << IrtAbility::eap(c.items, row).theta;
        c.answers << row;
    }
    return c;
}

Result<ExamShortForm::Created> ExamShortForm::create(Database &db, const QString &parent, const QString &name, IrtShortForm::Method method, int n, quint64 seed)
{
    using R = Result<Created>;
    ExamStore store(db);
    if (store.idOf(name))
        return R::failure(QStringLiteral("an exam named '%1' exists already").arg(name));
    auto info = store.idOf(parent);
    if (!info)
        return R::failure(info.error());
    auto form = store.shortForm(info.value());
    if (!form)
        return R::failure(form.error());
    if (form.value().parentId)
        return R::failure(QStringLiteral("'%1' is a short form of '%2': make short forms of the full exam").arg(parent, form.value().parent));
    auto c = calibration(db, parent);
    if (!c)
        return R::failure(c.error());
    auto choice = IrtShortForm::choose(method, c.value().items, c.value().answers, c.value().thetas, n, seed);
    if (!choice)
        return R::failure(choice.error());
    Created created;
    created.choice = choice.take();
    QVector<QPair<qint64, double>> rows;
    for (int k = 0; k < created.choice.items.size(); ++k) {
        const ExamItem &it = c.value().examItems[created.choice.items[k]];
        rows.append({it.id, created.choice.weights[k]});
        created.keys << it.key;
    }
    auto id = store.createShortForm(c.value().examId, name, IrtShortForm::methodName(method), seed, rows);
    if (!id)
        return R::failure(id.error());
    created.examId = id.value();
    return created;
}

IrtFormCalibration ExamShortForm::correction(const ExamCalibration &calibration, const QVector<int> &items, int adaptiveItems)
{
    QVector<double> expected, observed;
    for (int r = 0; r < calibration.answers.size(); ++r) {
        const QVector<int> &row = calibration.answers[r];
        int answered = 0, right = 0;
        for (int y : row)
            if (y >= 0)
                ++answered, right += y;
        // Complete takes only: adaptive and short takes of the exam itself have no whole accuracy.
        if (answered < calibration.items.size() || ExamAdaptiveTake::isAdaptive(calibration.takers[r]))
            continue;
        QVector<QPair<int, int>> form;
        if (adaptiveItems > 0) {
            IrtAdaptiveRule rule;
            rule.se = 1e-9;
            rule.maxItems = adaptiveItems;
            IrtAdaptive cat(calibration.items, rule);
            for (int j = cat.next(); j >= 0; j = cat.next())
                cat.record(j, row[j]);
            for (const IrtAdaptiveStep &step : cat.steps())
                form.append({step.item, step.correct});
        } else {
            for (int j : items)
                form.append({j, row.value(j, -1)});
        }
        expected << IrtAbility::expectedAccuracy(calibration.items, IrtAbility::eap(calibration.items, form).theta);
        observed << double(right) / answered;
    }
    return IrtFormCalibration::fit(expected, observed);
}

namespace {
// The plain part of an estimate: the items given and answered, the share correct and its
// Wilson 95% interval (a binomial share, no model).
ExamEstimate plainEstimate(const QVector<QPair<int, int>> &answered)
{
    ExamEstimate e;
    e.given = int(answered.size());
    int right = 0;
    for (const auto &[index, correct] : answered)
        if (correct >= 0)
            ++e.answered, right += correct;
    e.observed = e.answered ? double(right) / e.answered : 0.0;
    if (e.answered > 0) {
        const double z = 1.959964, n = e.answered, p = e.observed;
        const double centre = (p + z * z / (2 * n)) / (1 + z * z / n), half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
        e.plainLow = std::max(0.0, centre - half), e.plainHigh = std::min(1.0, centre + half);
    }
    return e;
}
} // namespace

ExamEstimate ExamShortForm::estimate(const ExamCalibration &calibration, const QVector<QPair<int, int>> &answered, const IrtFormCalibration &correction)
{
    ExamEstimate e = plainEstimate(answered);
    e.ability = IrtAbility::eap(calibration.items, answered);
    const IrtAccuracyEstimate model = IrtAbility::accuracy(calibration.items, e.ability);
    e.modelAccuracy = model.accuracy;
    e.calibrationTakers = correction.takers;
    // The interval: θ̂'s uncertainty carried through the correction, widened by the correction's
    // own scatter on the panel (the two independent, their half-widths add in quadrature).
    const double centre = correction.apply(model.accuracy);
    const double low = correction.apply(model.low), high = correction.apply(model.high);
    const double scatter = 1.96 * correction.residualSd;
    const double below = std::hypot(centre - std::min(low, high), scatter), above = std::hypot(std::max(low, high) - centre, scatter);
    e.accuracy = {centre, std::max(0.0, centre - below), std::min(1.0, centre + above)};
    return e;
}

QString ExamEstimate::text() const
{
    return QStringLiteral("%1: %2 items answered; estimated %10 %3 ± %4; estimated accuracy%5 %6 (95%: %7–%8)%9")
        .arg(taker).arg(answered).arg(ability.theta, 0, 'f', 2).arg(ability.se, 0, 'f', 2)
        .arg(estimatedOn.isEmpty() ? QString() : QStringLiteral(" on the whole of '%1'").arg(estimatedOn))
        .arg(accuracy.accuracy, 0, 'f', 3).arg(accuracy.low, 0, 'f', 3).arg(accuracy.high, 0, 'f', 3)
        .arg(full >= 0 ? QStringLiteral("; observed on the whole exam %1").arg(full, 0, 'f', 3) : QString())
        .arg(model == QLatin1String("2-D") ? QStringLiteral("general ability θ₁ (of two)") : QStringLiteral("θ"))
        + (answered > 0 ? QStringLiteral("; plain share correct %1 (95%: %2–%3)").arg(observed, 0, 'f', 3).arg(plainLow, 0, 'f', 3).arg(plainHigh, 0, 'f', 3) : QString())
        + (note.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(note));
}

Result<ExamShortForm::Basis> ExamShortForm::basis(Database &db, const QString &exam)
{
    using R = Result<Basis>;
    ExamStore store(db);
    auto id = store.idOf(exam);
    if (!id)
        return R::failure(id.error());
    auto form = store.shortForm(id.value());
    if (!form)
        return R::failure(form.error());
    Basis b;
    b.shortForm = form.value().parentId != 0;
    auto c = calibration(db, b.shortForm ? form.value().parent : exam);
    if (!c)
        return R::failure(c.error());
    b.calibration = c.take();
    for (int j = 0; j < b.calibration.items.size(); ++j)
        b.index.insert(b.calibration.items[j].id, j);
    // The parent's own takes: a taker's observed accuracy on the whole exam, when complete.
    for (int r = 0; r < b.calibration.takers.size(); ++r) {
        int answered = 0, right = 0;
        for (int y : b.calibration.answers[r])
            if (y >= 0)
                ++answered, right += y;
        if (answered == b.calibration.items.size())
            b.full.insert(b.calibration.takers[r], double(right) / answered);
    }
    if (!b.shortForm) { // the 2-D model of the exam's last fit, on the items still calibrated
        auto twoDim = store.irtTwoDim(id.value());
        if (!twoDim)
            return R::failure(twoDim.error());
        for (const IrtTwoDimItem &it : twoDim.value())
            if (b.index.contains(it.id)) {
                b.twoDimIndex.insert(it.id, int(b.twoDim.size()));
                b.twoDim << it;
            }
    }
    return b;
}

ExamEstimate ExamShortForm::estimateTake(const Basis &basis, const QString &taker, const QVector<QPair<QString, int>> &given)
{
    if (ExamAdaptiveTake::isTwoDim(taker) && !basis.twoDim.isEmpty()) {
        QVector<QPair<int, int>> answered;
        for (const auto &[key, correct] : given)
            if (const int k = basis.twoDimIndex.value(key, -1); k >= 0 && correct >= 0)
                answered.append({k, correct});
        ExamEstimate e = plainEstimate(answered);
        const IrtTwoDimAbility a = IrtTwoDimensional::ability(basis.twoDim, answered);
        e.ability.theta = a.theta1, e.ability.se = a.se1, e.ability.answered = a.answered;
        const IrtAccuracyEstimate model = IrtTwoDimensional::accuracy(basis.twoDim, answered);
        e.modelAccuracy = model.accuracy;
        e.model = QStringLiteral("2-D");
        e.taker = taker;
        const QString student = ExamAdaptiveTake::studentOf(taker);
        e.full = basis.full.value(student, -1.0);
        // The same adaptive test given to each complete take of the panel (its stored answers
        // as the responses): how far the 2-D estimate falls from its observed share.
        QVector<int> calibrationIndex;
        for (const IrtTwoDimItem &it : basis.twoDim)
            calibrationIndex << basis.index.value(it.id);
        QVector<double> errors;
        const ExamCalibration &cal = basis.calibration;
        for (int r = 0; r < cal.takers.size() && !answered.isEmpty(); ++r) {
            if (!basis.full.contains(cal.takers[r]) || cal.takers[r] == student || ExamAdaptiveTake::isAdaptive(cal.takers[r]))
                continue;
            const QVector<int> &row = cal.answers[r];
            const auto replayed = IrtTwoDimAdaptive::run(basis.twoDim, int(answered.size()), [&](int j) { return row[calibrationIndex[j]]; });
            errors << basis.full.value(cal.takers[r]) - IrtTwoDimensional::accuracy(basis.twoDim, replayed).accuracy;
        }
        double shift = 0, scatter = 0;
        if (errors.size() >= 2) {
            for (double d : std::as_const(errors))
                shift += d / double(errors.size());
            for (double d : std::as_const(errors))
                scatter += (d - shift) * (d - shift) / double(errors.size() - 1);
            scatter = std::sqrt(scatter);
        }
        e.calibrationTakers = int(errors.size());
        const double centre = std::clamp(model.accuracy + shift, 0.0, 1.0);
        const double below = std::hypot(model.accuracy - model.low, 1.96 * scatter), above = std::hypot(model.high - model.accuracy, 1.96 * scatter);
        e.accuracy = {centre, std::max(0.0, centre - below), std::min(1.0, centre + above)};
        return e;
    }
    const bool adaptive = ExamAdaptiveTake::isAdaptive(taker);
    QVector<QPair<int, int>> answered;
    for (const auto &[key, correct] : given) {
        const int k = basis.index.value(key, -1);
        // Not in the calibration, or (on the exam itself, or adaptively) given but not answered.
        if (k < 0 || ((!basis.shortForm || adaptive) && correct < 0))
            continue;
        answered.append({k, correct});
    }
    // The panel's correction: for a short form's take, that fixed form — the panel answered
    // the parent's every item, so the items this take was given (adaptively or not) make an
    // exact form; for an adaptive take of the exam itself, an adaptive test of the same length.
    // A complete take of the exam itself estimates nothing: no correction.
    IrtFormCalibration correction;
    if (basis.shortForm) {
        QVector<int> formItems;
        for (const auto &a : std::as_const(answered))
            formItems << a.first;
        if (adaptive || !basis.formCorrection) {
            correction = ExamShortForm::correction(basis.calibration, formItems);
            if (!adaptive)
                basis.formCorrection = correction; // every complete take of a short form has the same items
        } else {
            correction = *basis.formCorrection;
        }
    } else if (adaptive) {
        correction = ExamShortForm::correction(basis.calibration, {}, int(answered.size()));
    }
    ExamEstimate e = estimate(basis.calibration, answered, correction);
    e.taker = taker;
    // An adaptive take's whole accuracy is that of the same taker's complete take.
    if (ExamAdaptiveTake::isTwoDim(taker))
        e.note = QStringLiteral("taken on two abilities, read on the one-ability model: the exam's last fit did not compare two abilities");
    const QString whole = ExamAdaptiveTake::studentOf(taker);
    e.full = basis.full.value(taker, basis.full.value(whole, -1.0));
    if (basis.shortForm)
        e.estimatedOn = basis.calibration.exam;
    return e;
}

Result<QVector<ExamEstimate>> ExamShortForm::estimates(Database &db, const QString &exam)
{
    using R = Result<QVector<ExamEstimate>>;
    auto b = basis(db, exam);
    if (!b)
        return R::failure(b.error());
    auto takes = ResponseMatrix::takes(db, exam);
    if (!takes)
        return R::failure(takes.error());
    QVector<ExamEstimate> out;
    for (int r = 0; r < takes.value().runs.size(); ++r) {
        QVector<QPair<QString, int>> given;
        for (int j = 0; j < takes.value().items.size(); ++j) {
            const ExamItem &it = takes.value().items[j];
            const int chosen = takes.value().chosen[r][j];
            given.append({it.key, chosen < 0 ? -1 : chosen == it.answer ? 1 : 0});
        }
        out << estimateTake(b.value(), takes.value().runs[r].taker, given);
    }
    return out;
}

} // namespace assay
