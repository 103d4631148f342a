#include "irt/irtimprovement.h"

#include "core/job.h"

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

Result<QVector<IrtStep>> IrtImprovement::run(const IrtData &data, const IrtOptions &givenOptions, int steps, double q, const std::vector<double> &grid, Job *job)
{
    using R = Result<QVector<IrtStep>>;
    IrtOptions options = givenOptions;
    if (job) {
        options.cancelled = [job, outer = givenOptions.cancelled] { return job->isCancelled() || (outer && outer()); };
        job->reportProgress(0, steps + 1, QStringLiteral("fitting %1 items × %2 students").arg(data.items.size()).arg(data.students.size()));
    }
    if (q < 0 || q > 1)
        return R::failure(QStringLiteral("the drop quantile must lie in [0, 1], not %1").arg(q));
    QVector<IrtStep> out;
    auto first = IrtFitter::fit(data, options);
    if (!first)
        return R::failure(first.error());
    IrtStep s0;
    s0.fit = first.value();
    s0.information = IrtInformation::test(s0.fit.items, grid, false);
    s0.meanInformation = IrtInformation::test(s0.fit.items, grid, true);
    out << s0;
    if (job)
        job->reportProgress(1, steps + 1, QStringLiteral("step 0 fitted"));
    QVector<int> kept(data.items.size());
    for (int i = 0; i < kept.size(); ++i)
        kept[i] = i;
    for (int step = 1; step <= steps; ++step) {
        const IrtFit &previous = out.last().fit;
        std::vector<double> as;
        for (const IrtItem &it : previous.items)
            as.push_back(it.a);
        const double threshold = quantile(as, q);
        QVector<int> next;
        QStringList dropped;
        for (int k = 0; k < kept.size(); ++k) {
            if (previous.items[k].a <= threshold)
                dropped << previous.items[k].id;
            else
                next << kept[k];
        }
        if (dropped.isEmpty() || next.size() < 2)
            break;
        auto fit = IrtFitter::fit(data.columns(next), options, &previous);
        if (!fit)
            return R::failure(fit.error());
        IrtStep s;
        s.step = step;
        s.threshold = threshold;
        s.dropped = dropped;
        s.fit = fit.value();
        s.information = IrtInformation::test(s.fit.items, grid, false);
        s.meanInformation = IrtInformation::test(s.fit.items, grid, true);
        out << s;
        kept = next;
        if (job)
            job->reportProgress(step + 1, steps + 1, QStringLiteral("step %1: dropped %2 items").arg(step).arg(dropped.size()));
    }
    return out;
}

} // namespace assay
