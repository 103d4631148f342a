#include "irt/irtmarginalestimator.h"

#include "irt/irtability.h"
#include "irt/irtitemfit.h"
#include "irt/irtquadrature.h"

#include <cmath>

namespace assay {

Result<IrtFit> IrtMarginalEstimator::fit(const IrtData &data, const IrtOptions &options, const QVector<IrtItem> *start)
{
    using R = Result<IrtFit>;
    if (options.hierarchical)
        return R::failure(QStringLiteral("the marginal-ML estimator fits a flat model; turn the hierarchical model off or use joint ML"));
    IrtMarginal::Options o;
    o.model = options.model;
    o.bounds = options.bounds;
    o.cancelled = options.cancelled;
    auto m = IrtMarginal::fit(data, o, start);
    if (!m)
        return R::failure(m.error(), m.code());
    return from(data, options, m.value());
}

IrtFit IrtMarginalEstimator::from(const IrtData &data, const IrtOptions &options, const IrtMarginalFit &marginal)
{
    IrtFit fit;
    fit.model = marginal.model;
    fit.estimator = QStringLiteral("mml");
    fit.nll = marginal.nll;
    fit.converged = marginal.converged;
    fit.iterations = marginal.iterations;
    fit.seconds = marginal.seconds;
    fit.message = marginal.message;
    fit.items = marginal.items;
    fit.parameterCount = marginal.parameters;
    // Abilities by EAP, and the data's joint −log-likelihood at them (comparable with JML's).
    double dataNll = 0;
    for (int s = 0; s < data.students.size(); ++s) {
        QVector<QPair<int, int>> answered;
        for (int j = 0; j < data.items.size(); ++j)
            if (data.responses[s][j] >= 0)
                answered.append({j, int(data.responses[s][j])});
        const IrtAbilityEstimate e = IrtAbility::eap(fit.items, answered);
        fit.students.append({data.students[s], e.theta});
        fit.studentSe.push_back(e.se);
        for (const auto &[j, y] : answered)
            dataNll -= IrtQuadrature::logProbability(fit.items[j].a, fit.items[j].b, fit.items[j].c, y, e.theta);
    }
    fit.dataNll = dataNll;
    IrtFitter::diagnose(data, &fit);
    if (options.diagnostics)
        IrtItemFit::apply(data, &fit);
    return fit;
}

} // namespace assay
