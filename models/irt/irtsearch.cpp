#include "irt/irtsearch.h"
#include "core/vectorstate.h"

#include "irt/irtdimensionality.h"

#include "irt/irtmarginalestimator.h"

#include "irt/irtblocknewton.h"
#include "irt/irtguard.h"
#include "irt/irtlayout.h"
#include "irt/irtmarginal.h"
#include "irt/irtsearchprogress.h"
#include "irt/irtstatistics.h"

#include <algorithm>
#include <cmath>

namespace assay {

namespace {

using Model = IrtOptions::Model;

struct Best {
    IrtFit fit;
    QVector<double> nlls;
    bool found = false;
    void offer(const IrtFit &candidate)
    {
        nlls << candidate.nll;
        if (!found || candidate.nll < fit.nll - 1e-9) {
            fit = candidate;
            found = true;
        }
    }
};

// Item-wise restarts: given the abilities the items are independent, so each item may start
// again from other lower asymptotes (a few item-only Fisher steps) and keep whichever ends
// lower; the joint fit then goes on from the mixture. Returns false when no item gained.
bool itemRestarts(const IrtData &data, const IrtOptions &options, const IrtBounds &bounds, const IrtFit &fit, IrtFit *start)
{
    const IrtLayout l = IrtLayout::of(data, options);
    if (!l.hasC)
        return false;
    const size_t n = static_cast<size_t>(l.parameters());
    std::vector<double> x(n), lb(n), ub(n);
    for (int i = 0; i < l.items; ++i) {
        const IrtItem &it = fit.items[i];
        double *p = x.data() + qsizetype(i) * l.perItem;
        double *lo = lb.data() + qsizetype(i) * l.perItem, *hi = ub.data() + qsizetype(i) * l.perItem;
        int k = 0;
        if (l.hasA)
            lo[k] = bounds.aMin, hi[k] = bounds.aMax, p[k++] = it.a;
        lo[k] = bounds.bMin, hi[k] = bounds.bMax, p[k++] = it.b;
        lo[k] = bounds.cMin, hi[k] = bounds.cMax, p[k] = it.c;
    }
    for (int j = 0; j < l.abilities; ++j) {
        const size_t at = size_t(l.abilityOffset() + j);
        lb[at] = bounds.thetaMin, ub[at] = bounds.thetaMax;
        x[at] = options.hierarchical ? fit.levelAbilities.at(size_t(j)) : fit.students.value(j).second;
    }
    IrtBlockNewton block(data, l, lb.data(), ub.data());
    // Students first (flat fits): a θ stuck in a local optimum of its row moves to the best
    // point of a grid; the items' restarts below are then taken at the moved abilities.
    bool gained = block.abilityGrid(x.data(), 33) > 0;
    std::vector<double> bestNll = block.itemNll(x.data()), best = x;
    const struct {
        double cShare, aFactor;
    } starts[] = {{0.0, 1.0}, {0.5, 1.0}, {1.0, 1.0}, {0.0, 0.5}, {1.0, 2.0}};
    for (const auto &start : starts) {
        std::vector<double> trial = x;
        for (int i = 0; i < l.items; ++i) {
            const size_t at = size_t(i * l.perItem);
            trial[at + size_t(l.perItem) - 1] = bounds.cMin + start.cShare * (bounds.cMax - bounds.cMin);
            if (l.hasA)
                trial[at] = std::clamp(trial[at] * start.aFactor, bounds.aMin, bounds.aMax);
        }
        block.itemSweeps(trial.data(), 10);
        const std::vector<double> nll = block.itemNll(trial.data());
        for (int i = 0; i < l.items; ++i)
            if (nll[size_t(i)] < bestNll[size_t(i)] - 1e-4) {
                bestNll[size_t(i)] = nll[size_t(i)];
                std::copy(trial.begin() + qsizetype(i) * l.perItem, trial.begin() + qsizetype(i + 1) * l.perItem, best.begin() + qsizetype(i) * l.perItem);
                gained = true;
            }
    }
    if (!gained)
        return false;
    *start = fit;
    for (int i = 0; i < l.items; ++i)
        l.itemParams(best.data(), i, &start->items[i].a, &start->items[i].b, &start->items[i].c);
    if (!options.hierarchical)
        for (int s = 0; s < data.students.size(); ++s)
            start->students[s].second = best[size_t(l.abilityOffset() + s)];
    return true;
}

} // namespace

int IrtSearch::distinct(QVector<double> nlls)
{
    std::sort(nlls.begin(), nlls.end());
    int count = 0;
    for (int k = 0; k < nlls.size(); ++k)
        if (k == 0 || nlls[k] - nlls[k - 1] > 1e-3)
            ++count;
    return count;
}

int IrtSearch::bicPick(const QVector<IrtModelRow> &rows)
{
    int pick = 0;
    for (int m = 1; m < rows.size(); ++m)
        if (rows[m].bic < rows[pick].bic)
            pick = m;
    return pick;
}

QString IrtSearch::choiceText(const QVector<IrtModelRow> &rows, int pick)
{
    QStringList others;
    for (int m = 0; m < rows.size(); ++m)
        if (m != pick)
            others << QStringLiteral("%1 %2").arg(rows[m].model.toUpper()).arg(rows[m].bic, 0, 'f', 1);
    return QStringLiteral("%1 chosen by BIC (%2), against %3").arg(rows[pick].model.toUpper()).arg(rows[pick].bic, 0, 'f', 1).arg(others.join(QStringLiteral(", ")));
}

IrtModelRow IrtSearch::row(const IrtMarginalFit &fit, int students)
{
    IrtModelRow r;
    r.model = fit.model;
    r.nll = fit.nll;
    r.parameters = fit.parameters;
    r.aic = 2 * r.nll + 2.0 * r.parameters;
    r.bic = 2 * r.nll + r.parameters * std::log(std::max(students, 1));
    r.converged = fit.converged;
    r.iterations = fit.iterations;
    r.nodes = fit.nodes;
    r.seconds = fit.seconds;
    return r;
}

QVector<IrtLrTest> IrtSearch::lrTests(const QVector<IrtModelRow> &rows)
{
    QVector<IrtLrTest> tests;
    for (int k = 1; k < rows.size(); ++k) {
        IrtLrTest t;
        t.from = rows[k - 1].model, t.to = rows[k].model;
        // A larger model that ends below the smaller one's optimum found a worse local optimum:
        // the statistic is then 0, not negative.
        t.statistic = std::max(0.0, 2 * (rows[k - 1].nll - rows[k].nll));
        t.df = rows[k].parameters - rows[k - 1].parameters;
        t.p = IrtStatistics::chiSquareSurvival(t.statistic, t.df);
        tests << t;
    }
    return tests;
}

namespace {

// The dimensionality check on the kept fit (IrtDimensionality), and its warning.
void checkDimensions(const IrtData &data, IrtFit *fit)
{
    QVector<double> theta;
    for (const auto &s : std::as_const(fit->students))
        theta << s.second;
    fit->dimensionality = IrtDimensionality::check(data, fit->items, theta, fit->model != QLatin1String("1pl"));
    if (const QString w = fit->dimensionality.warning(); !w.isEmpty())
        fit->warnings << w;
}

// When asked for, the model with two abilities (IrtTwoDimensional), started from the
// comparison's 2PL and compared with it.
Status fitSecondDimension(const IrtData &data, const QVector<IrtMarginalFit> &marginal, const IrtOptions &options, IrtFit *fit)
{
    if (options.dimensions < 2)
        return {};
    if (marginal.size() < 2) {
        fit->twoDimensional.note = QStringLiteral("the comparison has no 2PL to start from");
        return {};
    }
    IrtTwoDimensional::Options o;
    o.cancelled = options.cancelled;
    auto two = IrtTwoDimensional::fit(data, marginal[1].items, marginal[1].nll, o);
    if (!two)
        return Status::failure(two);
    fit->twoDimensional = two.take();
    return {};
}

} // namespace

Result<IrtFit> IrtSearch::run(const IrtData &data, const IrtOptions &givenOptions)
{
    clearUpperVectorState(); // core/vectorstate.h
    using R = Result<IrtFit>;
    auto bounds = IrtBounds::preset(givenOptions.bounds);
    if (!bounds)
        return R::failure(bounds.error());
    // The bar's shares follow where a 2,000 × 50 3PL search spends its time: the comparison
    // about 40%, the joint starts 45%, the rest the refit and its checks.
    IrtSearchProgress progress(givenOptions.progress);
    IrtOptions tracked = givenOptions;
    tracked.cancelled = progress.counting(givenOptions.cancelled);
    IrtOptions quiet = tracked;
    quiet.diagnostics = false;
    // The comparison first, on both cores: its marginal-ML fits choose the model under auto,
    // and the joint search then continues only up to the model kept. Nothing runs beside the
    // search, so its time is its own.
    IrtMarginal::Options marginalOptions;
    marginalOptions.bounds = givenOptions.bounds;
    marginalOptions.cancelled = tracked.cancelled;
    marginalOptions.maxIterations = 200; // beyond, the row says it did not converge
    progress.stage(0, 0.4, QStringLiteral("comparing the 1PL, 2PL and 3PL (marginal ML)"));
    auto marginal = IrtMarginal::nested(data, marginalOptions);
    if (!marginal)
        return R::failure(marginal.error());
    QVector<IrtModelRow> rows;
    for (const IrtMarginalFit &m : marginal.value())
        rows << row(m, int(data.students.size()));
    // Under auto, BIC chooses among the one-dimensional models; when the responses clearly
    // have more than one dimension (IrtDimensionality: a second eigenvalue above those of data
    // drawn from BIC's model itself), the 1PL is kept instead — its θ orders the takers as their scores do,
    // where a 2PL's or 3PL's θ weighs the items of one dimension over the other's.
    Model chosen = givenOptions.autoModel ? Model(bicPick(rows)) : givenOptions.model;
    QString multidimensional;
    if (givenOptions.autoModel && chosen != Model::OnePL) {
        const IrtDimensionality::Check eigen = IrtDimensionality::eigenCheck(data, marginal.value()[int(chosen)].items);
        if (eigen.computed && eigen.secondDimension()) {
            multidimensional = QStringLiteral("; the responses have more than one dimension (%1%2), so the 1PL is kept for ranking: "
                                              "its θ orders the takers as their scores do (choose %3 in the IRT tab's Model box, or irt fit --model %3, "
                                              "to see the %4 anyway)")
                                   .arg(eigen.secondText(rows[int(chosen)].model.toUpper()))
                                   .arg(eigen.secondDimensionFactor.isEmpty() ? QString() : QStringLiteral("; the second follows the %1").arg(eigen.secondDimensionFactor))
                                   .arg(rows[int(chosen)].model, rows[int(chosen)].model.toUpper());
            chosen = Model::OnePL;
        }
    }
    // Overridden, the sentence starts with the model used, so that "chosen by BIC" is not read as the outcome.
    const auto choiceOf = [&](Model bicChoice) {
        return (multidimensional.isEmpty() ? QString() : QStringLiteral("1PL used. ")) + choiceText(rows, int(bicChoice)) + multidimensional;
    };
    const Model bicChoice = givenOptions.autoModel ? Model(bicPick(rows)) : givenOptions.model;
    if (givenOptions.marginal) {
        // The estimator is the comparison's own EM, taken on to convergence from its row.
        IrtOptions o = tracked;
        o.model = chosen;
        progress.stage(0.4, 0.9, QStringLiteral("the %1 by marginal ML").arg(IrtOptions::modelName(chosen).toUpper()));
        auto fit = IrtMarginalEstimator::fit(data, o, &marginal.value()[int(chosen)].items);
        if (!fit)
            return R::failure(fit);
        IrtFit out = fit.take();
        out.comparison = rows;
        out.lrTests = lrTests(rows);
        out.choice = givenOptions.autoModel ? choiceOf(bicChoice) : QString();
        if (!out.converged)
            out.warnings << QStringLiteral("the marginal-ML fit stopped before converging: %1").arg(out.message);
        if (!out.itemFitNote.isEmpty())
            out.warnings << out.itemFitNote;
        if (givenOptions.diagnostics) {
            progress.stage(0.9, 1, QStringLiteral("checking the dimensionality"));
            checkDimensions(data, &out);
            if (Status s = fitSecondDimension(data, marginal.value(), tracked, &out); !s)
                return R::failure(s);
        }
        return out;
    }
    auto fitAs = [&](Model model, const IrtFit *warm) {
        IrtOptions o = quiet;
        o.model = model;
        return IrtFitter::fit(data, o, warm);
    };
    // Continuation from the 1PL up to the kept model, and the plain starts.
    Best best[3];
    double seconds = 0;
    int planned = 0, started = 0;
    for (int m = 0; m <= int(chosen); ++m)
        planned += (m == 0 || m == int(chosen) ? 1 : 0) + (m > 0 ? 1 : 0) + (m == 2 ? 1 : 0);
    const auto nextStart = [&](Model model) {
        progress.stage(0.4 + 0.45 * started / planned, 0.4 + 0.45 * (started + 1) / planned,
                       QStringLiteral("joint fit, start %1 of at most %2 (%3)").arg(started + 1).arg(planned).arg(IrtOptions::modelName(model).toUpper()));
        ++started;
    };
    for (int m = 0; m <= int(chosen); ++m) {
        const Model model = Model(m);
        QVector<IrtFit> warmStarts;
        if (m > 0)
            warmStarts << best[m - 1].fit;
        if (m == 2) {
            IrtFit raised = best[1].fit;
            const IrtBounds &b = bounds.value();
            for (IrtItem &it : raised.items)
                it.c = b.cMin + 0.25 * (b.cMax - b.cMin);
            warmStarts << raised;
        }
        // The kept model gets every start: the plain one (the reference's) and the
        // continuation's; the smaller ones, only there to start the next, the continuation
        // alone (the 1PL, whose likelihood is concave, the plain start).
        const bool all = m == int(chosen);
        if (m == 0 || all) {
            nextStart(model);
            auto plain = fitAs(model, nullptr);
            if (!plain)
                return R::failure(plain);
            seconds += plain.value().seconds;
            best[m].offer(plain.value());
        }
        for (const IrtFit &warm : warmStarts) {
            if (!all && best[m].found)
                break;
            nextStart(model);
            auto f = fitAs(model, &warm);
            if (!f)
                return R::failure(f);
            seconds += f.value().seconds;
            best[m].offer(f.value());
        }
    }
    // Item-wise restarts from the best 3PL while they gain.
    if (int(chosen) == 2) {
        IrtOptions three = quiet;
        three.model = Model::ThreePL;
        for (int round = 0; round < 3; ++round) {
            progress.stage(0.85 + 0.015 * round, 0.865 + 0.015 * round, QStringLiteral("item-wise restarts, round %1 of at most 3").arg(round + 1));
            IrtFit start;
            if (!itemRestarts(data, three, bounds.value(), best[2].fit, &start))
                break;
            // From there Newton alone (no sweeps): the point is near an optimum already.
            IrtOptions o = three;
            o.maxSweeps = 0;
            auto f = IrtFitter::fit(data, o, &start);
            if (!f)
                return R::failure(f);
            seconds += f.value().seconds;
            const double before = best[2].fit.nll;
            best[2].offer(f.value());
            if (best[2].fit.nll > before - 1e-4)
                break;
        }
    }
    const QString choice = givenOptions.autoModel ? choiceOf(bicChoice) : QString();
    // The kept fit once more from its own optimum, now with the diagnostics: it starts
    // converged, so this only computes the errors and the item fit.
    IrtOptions final = tracked;
    final.model = chosen;
    final.autoModel = false;
    final.tolerance = std::min(final.tolerance, 1e-7); // Newton's last steps are cheap: the optimum to the digit
    final.maxSweeps = 0;
    const Best &kept = best[int(chosen)];
    progress.stage(0.9, 0.96, QStringLiteral("standard errors and item fit"));
    auto fit = IrtFitter::fit(data, final, &kept.fit);
    if (!fit)
        return R::failure(fit);
    IrtFit out = fit.value();
    if (out.nll > kept.fit.nll + 1e-6) // the refit moved away (it should not): keep the optimum found
        out = kept.fit;
    out.starts = int(kept.nlls.size());
    out.optimaFound = distinct(kept.nlls);
    out.comparison = rows;
    for (const IrtModelRow &r : rows)
        if (!r.converged)
            out.warnings << QStringLiteral("the %1's marginal-ML fit for the comparison stopped before converging: its AIC and BIC are upper bounds").arg(r.model.toUpper());
    out.lrTests = lrTests(rows);
    out.choice = choice;
    out.seconds += seconds;
    if (const QString w = IrtGuard::warning(int(data.students.size()), int(data.items.size()), data.answered(), chosen, givenOptions.prior); !w.isEmpty())
        out.warnings << w;
    if (out.parameterCount > 0 && out.parametersOnBound * 20 > out.parameterCount)
        out.warnings << QStringLiteral("%1 of %2 parameters (%3%) sit on a bound of their box: estimates there are limits, not findings")
                            .arg(out.parametersOnBound).arg(out.parameterCount).arg(100.0 * out.parametersOnBound / out.parameterCount, 0, 'f', 1);
    if (!out.itemFitNote.isEmpty())
        out.warnings << out.itemFitNote;
    // Items everyone answered right (or wrong) carry no information about their b: joint ML
    // sends it to the bound, the priors hold it at the prior's pull.
    int extreme = 0;
    for (const IrtItem &it : out.items)
        extreme += it.pCorrect == 0.0 || it.pCorrect == 1.0 ? 1 : 0;
    if (extreme > 0)
        out.warnings << QStringLiteral("%1 of %2 items were answered right by every student or by none: their b is %3, not measured")
                            .arg(extreme).arg(out.items.size())
                            .arg(givenOptions.prior ? QStringLiteral("the prior's") : QStringLiteral("a bound"));
    if (givenOptions.diagnostics) {
        progress.stage(0.96, 1, QStringLiteral("checking the dimensionality"));
        checkDimensions(data, &out);
        if (Status s = fitSecondDimension(data, marginal.value(), tracked, &out); !s)
            return R::failure(s);
    }
    return out;
}

} // namespace assay
