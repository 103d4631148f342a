#include "irt/irtability.h"
#include "core/vectorstate.h"

#include "irt/irtquadrature.h"

#include <cmath>

namespace assay {

namespace {
const IrtQuadrature &rule()
{
    static const IrtQuadrature quadrature(IrtAbility::Nodes);
    return quadrature;
}
} // namespace

IrtAbilityEstimate IrtAbility::eap(const QVector<IrtItem> &items, const QVector<QPair<int, int>> &answered)
{
    clearUpperVectorState(); // core/vectorstate.h
    std::vector<std::array<double, 3>> params;
    std::vector<IrtCell> cells;
    params.reserve(size_t(answered.size()));
    cells.reserve(size_t(answered.size()));
    for (const auto &[index, correct] : answered) {
        if (index < 0 || index >= items.size() || correct < 0)
            continue;
        const IrtItem &it = items[index];
        cells.push_back({int(params.size()), qint8(correct ? 1 : 0)});
        params.push_back({it.a, it.b, it.c});
    }
    const IrtQuadrature &q = rule();
    std::vector<double> theta(size_t(q.size())), weights(size_t(q.size()));
    double mode = 0;
    q.integrate(cells, params, &mode, theta.data(), weights.data());
    double mean = 0, square = 0;
    for (size_t k = 0; k < theta.size(); ++k) {
        mean += weights[k] * theta[k];
        square += weights[k] * theta[k] * theta[k];
    }
    IrtAbilityEstimate e;
    e.theta = mean;
    e.se = std::sqrt(std::max(square - mean * mean, 0.0));
    e.answered = int(cells.size());
    return e;
}

IrtAbilityEstimate IrtAbility::eap(const QVector<IrtItem> &items, const QVector<int> &answers)
{
    QVector<QPair<int, int>> answered;
    for (int j = 0; j < answers.size() && j < items.size(); ++j)
        if (answers[j] >= 0)
            answered.append({j, answers[j]});
    return eap(items, answered);
}

double IrtAbility::expectedAccuracy(const QVector<IrtItem> &items, double theta)
{
    clearUpperVectorState(); // core/vectorstate.h
    if (items.isEmpty())
        return 0;
    double sum = 0;
    for (const IrtItem &it : items)
        sum += IrtFitter::probability(it.a, it.b, it.c, theta);
    return sum / items.size();
}

IrtAccuracyEstimate IrtAbility::accuracy(const QVector<IrtItem> &items, const IrtAbilityEstimate &ability, double z)
{
    IrtAccuracyEstimate e;
    e.accuracy = expectedAccuracy(items, ability.theta);
    e.low = expectedAccuracy(items, ability.theta - z * ability.se);
    e.high = expectedAccuracy(items, ability.theta + z * ability.se);
    return e;
}

} // namespace assay
