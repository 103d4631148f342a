#include "irt/irtimprovement.h"

#include "core/job.h"
#include "irt/irtsearch.h"

#include <algorithm>
#include <cmath>

namespace assay {

double IrtImprovement::quantile(std::vector<double> values, double q)
{
    if (values.empty())
        return std::nan("");
    std::sort(values.begin(), values.end());
    const double h = std::clamp(q, 0.0, 1.0) * double(values.size() - 1);
    const size_t lo = size_t(std::floor(h)), hi = std::min(lo + 1, values.size() - 1);
    return values[lo] + (h - double(lo)) * (values[hi] - values[lo]);
}

Result<IrtDropRule::Kind> IrtDropRule::kindFromName(const QString &name)
{
    if (name == QLatin1String("a"))
        return Kind::LowDiscrimination;
    if (name == QLatin1String("misfit"))
        return Kind::Misfit;
    if (name == QLatin1String("information"))
        return Kind::LowInformation;
    return Result<Kind>::failure(QStringLiteral("unknown drop rule '%1' (a, misfit, information)").arg(name));
}

QString IrtDropRule::kindName(Kind kind)
{
    return kind == Kind::Misfit ? QStringLiteral("misfit") : kind == Kind::LowInformation ? QStringLiteral("information") : QStringLiteral("a");
}

QString IrtDropRule::describe(double threshold) const
{
    switch (kind) {
    case Kind::Misfit:
        return QStringLiteral("misfit (S-X² p adjusted < 0.05)");
    case Kind::LowInformation:
        return QStringLiteral("mean information over θ %1…%2 ≤ %3").arg(from).arg(to).arg(threshold, 0, 'f', 3);
    case Kind::LowDiscrimination:
        break;
    }
    return QStringLiteral("a ≤ %1").arg(threshold, 0, 'f', 3);
}

Result<QVector<IrtStep>> IrtImprovement::run(const IrtData &data, const IrtOptions &givenOptions, int steps, const IrtDropRule &rule, const std::vector<double> &grid, Job *job)
{
    const double q = rule.quantile;
    using R = Result<QVector<IrtStep>>;
    IrtOptions options = givenOptions;
    // The bar: the first fit's search (every start, the comparison, the checks) counts five
    // times each later step's single refit.
    constexpr qint64 firstShare = 1000, later = 200;
    const qint64 total = firstShare + later * std::max(steps, 0);
    if (job) {
        options.cancelled = [job, outer = givenOptions.cancelled] { return job->isCancelled() || (outer && outer()); };
        options.progress = [job, total, size = QStringLiteral("%1 items × %2 students").arg(data.items.size()).arg(data.students.size())](double fraction,
                                                                                                                                        const QString &stage) {
            job->reportProgress(qint64(fraction * firstShare), total, QStringLiteral("fitting %1: %2").arg(size, stage));
        };
        job->reportProgress(0, total, QStringLiteral("fitting %1 items × %2 students").arg(data.items.size()).arg(data.students.size()));
    }
    if (q < 0 || q > 1)
        return R::failure(QStringLiteral("the drop quantile must lie in [0, 1], not %1").arg(q));
    if (rule.kind == IrtDropRule::Kind::LowInformation && !(rule.from < rule.to))
        return R::failure(QStringLiteral("the information range must run from low to high θ, not %1…%2").arg(rule.from).arg(rule.to));
    QVector<IrtStep> out;
    auto first = IrtSearch::run(data, options);
    if (!first)
        return R::failure(first);
    IrtStep s0;
    s0.fit = first.value();
    s0.information = IrtInformation::test(s0.fit.items, grid, false);
    s0.meanInformation = IrtInformation::meanOf(s0.information);
    out << s0;
    if (job)
        job->reportStep(firstShare, total, QStringLiteral("step 0 fitted"));
    options.progress = nullptr; // the later steps are single fits: the bar moves by step
    QVector<int> kept(data.items.size());
    for (int i = 0; i < kept.size(); ++i)
        kept[i] = i;
    for (int step = 1; step <= steps; ++step) {
        const IrtFit &previous = out.last().fit;
        // Each item's score under the rule; the items at or below the threshold go.
        std::vector<double> score;
        const std::vector<double> range = IrtInformation::grid(rule.from, rule.to, 61);
        for (const IrtItem &it : previous.items) {
            if (rule.kind == IrtDropRule::Kind::Misfit) {
                score.push_back(it.misfit() ? 0.0 : 1.0);
            } else if (rule.kind == IrtDropRule::Kind::LowInformation) {
                const std::vector<double> info = IrtInformation::item(it, range);
                double sum = 0;
                for (double v : info)
                    sum += v;
                score.push_back(sum / double(info.size()));
            } else {
                score.push_back(it.a);
            }
        }
        const double threshold = rule.kind == IrtDropRule::Kind::Misfit ? 0.0 : quantile(score, q);
        QVector<int> next;
        QStringList dropped;
        for (int k = 0; k < kept.size(); ++k) {
            if (score[size_t(k)] <= threshold)
                dropped << previous.items[k].id;
            else
                next << kept[k];
        }
        if (dropped.isEmpty() || next.size() < 2)
            break;
        IrtOptions same = options;
        same.autoModel = false;
        if (auto model = IrtOptions::modelFromName(previous.model))
            same.model = model.value();
        auto fit = IrtFitter::fit(data.columns(next), same, &previous);
        if (!fit)
            return R::failure(fit);
        if (options.diagnostics) { // the check on the items this step keeps (IrtDimensionality)
            QVector<double> theta;
            for (const auto &st : std::as_const(fit.value().students))
                theta << st.second;
            fit.value().dimensionality = IrtDimensionality::check(data.columns(next), fit.value().items, theta, fit.value().model != QLatin1String("1pl"));
        }
        IrtStep s;
        s.step = step;
        s.threshold = threshold;
        s.rule = rule.describe(threshold);
        s.dropped = dropped;
        s.fit = fit.value();
        s.information = IrtInformation::test(s.fit.items, grid, false);
        s.meanInformation = IrtInformation::meanOf(s.information);
        out << s;
        kept = next;
        if (job)
            job->reportStep(firstShare + later * step, total, QStringLiteral("step %1: dropped %2 items").arg(step).arg(dropped.size()));
    }
    return out;
}

} // namespace assay
