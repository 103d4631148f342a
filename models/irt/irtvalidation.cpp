#include "irt/irtvalidation.h"

#include "irt/irtability.h"
#include "irt/irtadaptive.h"
#include "irt/irtformcalibration.h"
#include "irt/irtmarginal.h"
#include "irt/irtshortform.h"
#include "irt/irttwodimadaptive.h"

#include <QElapsedTimer>
#include <QHash>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace assay {

namespace {

// Forms drawn at random are repeated over seeds (the plain estimate reads the same forms).
bool repeated(const QString &method) { return method == QLatin1String("random") || method == QLatin1String("plain") || method == QLatin1String("random-2d"); }
// The methods that estimate through the model with two abilities (IrtTwoDimensional).
bool twoDimensional(const QString &method) { return method.endsWith(QLatin1String("-2d")); }

} // namespace

QStringList IrtValidation::methodNames()
{
    return IrtShortForm::methodNames() << QStringLiteral("adaptive") << QStringLiteral("plain") << QStringLiteral("random-2d") << QStringLiteral("adaptive-2d");
}

nlohmann::json IrtValidationReport::toJson() const
{
    nlohmann::json j;
    j["students"] = students;
    j["items"] = items;
    j["folds"] = folds;
    j["seeds"] = seeds;
    j["model"] = model.toStdString();
    j["seconds"] = seconds;
    j["calibrated"] = calibrated;
    j["methods"] = nlohmann::json::object();
    for (auto m = cells.begin(); m != cells.end(); ++m) {
        nlohmann::json per = nlohmann::json::object();
        for (auto n = m.value().begin(); n != m.value().end(); ++n)
            per[std::to_string(n.key())] = {{"mae", n.value().mae},
                                            {"kendall_tau", n.value().kendallTau},
                                            {"mae_model", n.value().modelMae},
                                            {"kendall_tau_model", n.value().modelKendallTau},
                                            {"items_answered", n.value().meanItems}};
        j["methods"][m.key().toStdString()] = per;
    }
    j["recommended"] = nlohmann::json::object();
    for (int n : sizes)
        if (const QString r = recommended(n); !r.isEmpty())
            j["recommended"][std::to_string(n)] = r.toStdString();
    return j;
}

QString IrtValidationReport::recommended(int n) const
{
    const QString winner = best(n);
    const auto plain = cells.constFind(QStringLiteral("plain"));
    if (winner.isEmpty() || plain == cells.constEnd() || !plain->contains(n))
        return winner;
    // A tie (the same MAE to three decimals) goes to the estimate without a model.
    return std::round(plain->value(n).mae * 1000) <= std::round(cells[winner][n].mae * 1000) ? QStringLiteral("plain") : winner;
}

QString IrtValidationReport::best(int n) const
{
    QString best;
    double mae = 0;
    for (auto m = cells.begin(); m != cells.end(); ++m)
        if (m.value().contains(n) && (best.isEmpty() || m.value()[n].mae < mae))
            best = m.key(), mae = m.value()[n].mae;
    return best;
}

double IrtValidation::kendallTau(const QVector<double> &x, const QVector<double> &y)
{
    const int n = int(std::min(x.size(), y.size()));
    double concordant = 0, tiesX = 0, tiesY = 0, pairs = 0;
    for (int i = 0; i < n; ++i)
        for (int k = i + 1; k < n; ++k) {
            const double dx = x[i] - x[k], dy = y[i] - y[k];
            ++pairs;
            if (dx == 0)
                ++tiesX;
            if (dy == 0)
                ++tiesY;
            if (dx != 0 && dy != 0)
                concordant += (dx > 0) == (dy > 0) ? 1 : -1;
        }
    const double denominator = std::sqrt((pairs - tiesX) * (pairs - tiesY));
    return denominator > 0 ? concordant / denominator : 0.0;
}

Result<IrtValidationReport> IrtValidation::run(const IrtData &data, const Options &options)
{
    using R = Result<IrtValidationReport>;
    QElapsedTimer clock;
    clock.start();
    const int S = int(data.students.size()), M = int(data.items.size());
    if (S < 3)
        return R::failure(QStringLiteral("validation needs at least 3 takers; the panel has %1").arg(S));
    for (const QString &m : options.methods)
        if (!methodNames().contains(m))
            return R::failure(QStringLiteral("unknown validation method '%1' (%2)").arg(m, methodNames().join(QStringLiteral(", "))));
    IrtValidationReport report;
    report.students = S, report.items = M, report.methods = options.methods, report.seeds = std::max(1, options.seeds);
    report.model = IrtOptions::modelName(options.fit.model);
    report.calibrated = options.calibrate;
    for (int n : options.sizes)
        if (n >= 1 && n < M)
            report.sizes << n;
    if (report.sizes.isEmpty())
        return R::failure(QStringLiteral("no short-form size below the exam's %1 items").arg(M));
    const int folds = options.folds <= 0 || options.folds >= S ? S : options.folds;
    report.folds = folds;
    // Observed accuracy over the answered items.
    QVector<double> observed(S, 0.0);
    for (int s = 0; s < S; ++s) {
        int answered = 0, right = 0;
        for (qint8 y : data.responses[s])
            if (y >= 0)
                ++answered, right += y;
        observed[s] = answered ? double(right) / answered : 0.0;
    }
    IrtOptions fitOptions = options.fit;
    fitOptions.diagnostics = false;
    fitOptions.cancelled = options.cancelled;
    auto full = IrtFitter::fit(data, fitOptions);
    if (!full)
        return R::failure(QStringLiteral("the fit on the whole panel: %1").arg(full.error()), full.code());
    // The two-ability model on the whole panel, from the 2PL's marginal fit: each fold refits
    // it from there.
    IrtTwoDimensional::Options twoOptions;
    twoOptions.cancelled = options.cancelled;
    IrtTwoDimFit fullTwo;
    if (std::any_of(options.methods.begin(), options.methods.end(), twoDimensional)) {
        IrtMarginal::Options m;
        m.model = IrtOptions::Model::TwoPL;
        m.cancelled = options.cancelled;
        auto start = IrtMarginal::fit(data, m);
        if (!start)
            return R::failure(QStringLiteral("the 2PL for the two-ability model: %1").arg(start.error()), start.code());
        auto two = IrtTwoDimensional::fit(data, start.value().items, qQNaN(), twoOptions);
        if (!two)
            return R::failure(QStringLiteral("the two-ability model on the whole panel: %1").arg(two.error()), two.code());
        if (!two.value().computed)
            return R::failure(QStringLiteral("the two-ability methods: %1").arg(two.value().note));
        fullTwo = two.take();
    }
    // estimates[method][n][repeat][student]
    QMap<QString, QMap<int, QVector<QVector<double>>>> estimates, modelEstimates;
    QMap<QString, QMap<int, double>> answeredSum;
    for (const QString &m : options.methods)
        for (int n : std::as_const(report.sizes))
            modelEstimates[m][n] = estimates[m][n] = QVector<QVector<double>>(repeated(m) ? report.seeds : 1, QVector<double>(S, 0.0));
    for (int f = 0; f < folds; ++f) {
        if (options.cancelled && options.cancelled())
            return R::cancelled();
        if (options.progress)
            options.progress(f, folds);
        QVector<int> out, in;
        for (int s = 0; s < S; ++s)
            (s % folds == f ? out : in) << s;
        IrtData train;
        train.items = data.items;
        train.factors = data.factors;
        for (int s : std::as_const(in)) {
            train.students << data.students[s];
            train.responses << data.responses[s];
            if (s < data.levels.size())
                train.levels << data.levels[s];
        }
        auto refit = IrtFitter::fit(train, fitOptions, &full.value());
        if (!refit)
            return R::failure(QStringLiteral("the refit without %1: %2").arg(data.students[out.first()], refit.error()), refit.code());
        QHash<QString, IrtItem> byId;
        for (const IrtItem &it : refit.value().items)
            byId.insert(it.id, it);
        QVector<IrtItem> items;
        for (const QString &id : data.items)
            items << byId.value(id, IrtItem(id));
        QVector<QVector<int>> panel;
        QVector<double> thetas;
        QHash<QString, double> abilities;
        for (const auto &[id, theta] : refit.value().students)
            abilities.insert(id, theta);
        for (int s : std::as_const(in)) {
            QVector<int> row;
            for (qint8 y : data.responses[s])
                row << int(y);
            panel << row;
            thetas << abilities.value(data.students[s], 0.0);
        }
        QVector<IrtTwoDimItem> twoItems;
        if (fullTwo.computed) {
            auto two = IrtTwoDimensional::refit(train, fullTwo.items, twoOptions);
            if (!two)
                return R::failure(QStringLiteral("the two-ability refit without %1: %2").arg(data.students[out.first()], two.error()), two.code());
            twoItems = two.value().items;
        }
        // Adaptive tests and information forms grow greedily, so the form of N items is the
        // first N of the longest one: each is built once per fold and cut to each size.
        const int longest = *std::max_element(report.sizes.begin(), report.sizes.end());
        QHash<int, QVector<QPair<int, int>>> adaptiveTests;
        const auto adaptiveTest = [&](int s) -> const QVector<QPair<int, int>> & {
            auto found = adaptiveTests.find(s);
            if (found == adaptiveTests.end()) {
                IrtAdaptiveRule rule;
                rule.se = 1e-9; // a fixed length
                rule.maxItems = longest;
                IrtAdaptive cat(items, rule);
                for (int j = cat.next(); j >= 0; j = cat.next())
                    cat.record(j, data.responses[s][j]);
                QVector<QPair<int, int>> answered;
                for (const IrtAdaptiveStep &step : cat.steps())
                    answered.append({step.item, step.correct});
                found = adaptiveTests.insert(s, answered);
            }
            return found.value();
        };
        QHash<int, QVector<QPair<int, int>>> twoAdaptiveTests;
        const auto twoAdaptiveTest = [&](int s) -> const QVector<QPair<int, int>> & {
            auto found = twoAdaptiveTests.find(s);
            if (found == twoAdaptiveTests.end())
                found = twoAdaptiveTests.insert(s, IrtTwoDimAdaptive::run(twoItems, longest, [&](int j) { return int(data.responses[s][j]); }));
            return found.value();
        };
        QVector<int> informationForm;
        if (options.methods.contains(QStringLiteral("information"))) {
            auto c = IrtShortForm::choose(IrtShortForm::Method::Information, items, panel, thetas, longest, options.seed);
            if (!c)
                return R::failure(c.error());
            informationForm = c.value().items;
        }
        for (const QString &m : options.methods) {
            for (int n : std::as_const(report.sizes)) {
                const int repeats = repeated(m) ? report.seeds : 1;
                const bool plain = m == QLatin1String("plain"); // the random form's share correct, no model
                for (int r = 0; r < repeats; ++r) {
                    QVector<int> chosen;
                    if (m == QLatin1String("information")) {
                        chosen = informationForm.mid(0, n);
                    } else if (!m.startsWith(QLatin1String("adaptive"))) {
                        auto c = IrtShortForm::choose(plain || m == QLatin1String("random-2d") ? IrtShortForm::Method::Random : IrtShortForm::methodFromName(m).value(), items, panel, thetas, n,
                                                      options.seed + quint64(r) * 7919 + quint64(f) * 104729);
                        if (!c)
                            return R::failure(c.error());
                        chosen = c.value().items;
                    }
                    // A taker's answers to the form (adaptive: its own test of N items).
                    const auto answersOf = [&](int s) {
                        if (m == QLatin1String("adaptive"))
                            return adaptiveTest(s).mid(0, n);
                        if (m == QLatin1String("adaptive-2d"))
                            return twoAdaptiveTest(s).mid(0, n);
                        QVector<QPair<int, int>> answered;
                        for (int j : std::as_const(chosen))
                            answered.append({j, int(data.responses[s][j])});
                        return answered;
                    };
                    const auto expectedOf = [&](const QVector<QPair<int, int>> &answered) {
                        if (plain) {
                            int count = 0, right = 0;
                            for (const auto &a : answered)
                                if (a.second >= 0)
                                    ++count, right += a.second;
                            return count ? double(right) / count : 0.5; // nothing answered: no information
                        }
                        if (twoDimensional(m))
                            return IrtTwoDimensional::expectedAccuracy(twoItems, answered);
                        return IrtAbility::expectedAccuracy(items, IrtAbility::eap(items, answered).theta);
                    };
                    // The panel's correction for this form, from the takers the fold kept.
                    IrtFormCalibration calibration;
                    if (options.calibrate && !plain) {
                        QVector<double> expected, seen;
                        for (int t : std::as_const(in)) {
                            expected << expectedOf(answersOf(t));
                            seen << observed[t];
                        }
                        calibration = IrtFormCalibration::fit(expected, seen);
                    }
                    for (int s : std::as_const(out)) {
                        const QVector<QPair<int, int>> answered = answersOf(s);
                        int count = 0;
                        for (const auto &a : std::as_const(answered))
                            count += a.second >= 0;
                        answeredSum[m][n] += double(count) / repeats;
                        const double expected = expectedOf(answered);
                        modelEstimates[m][n][r][s] = expected;
                        estimates[m][n][r][s] = calibration.apply(expected);
                    }
                }
            }
        }
    }
    for (const QString &m : options.methods)
        for (int n : std::as_const(report.sizes)) {
            IrtValidationCell cell;
            const auto &repeats = estimates[m][n], &model = modelEstimates[m][n];
            for (int r = 0; r < repeats.size(); ++r) {
                double error = 0, modelError = 0;
                for (int s = 0; s < S; ++s)
                    error += std::abs(repeats[r][s] - observed[s]), modelError += std::abs(model[r][s] - observed[s]);
                cell.mae += error / S / repeats.size();
                cell.modelMae += modelError / S / repeats.size();
                cell.kendallTau += kendallTau(repeats[r], observed) / repeats.size();
                cell.modelKendallTau += kendallTau(model[r], observed) / repeats.size();
            }
            cell.meanItems = answeredSum[m][n] / S;
            report.cells[m][n] = cell;
        }
    if (options.progress)
        options.progress(folds, folds);
    report.seconds = clock.elapsed() / 1000.0;
    return report;
}

} // namespace assay
