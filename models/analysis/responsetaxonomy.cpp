#include "analysis/responsetaxonomy.h"

#include "scoring/answermetrics.h"

#include <nlohmann/json.hpp>

namespace assay {

QString ResponseTaxonomy::classify(const Outcome &o, double threshold)
{
    // The facts stored with the item (migration 10), else computed from its texts.
    const bool inScratchpad = o.goldInContext ? *o.goldInContext : AnswerMetrics::contains(o.context, o.gold);
    if ((o.answerF1 ? *o.answerF1 : AnswerMetrics::f1(o.answer, o.gold)) >= threshold)
        return inScratchpad ? QStringLiteral("EM") : QStringLiteral("AM");
    if (inScratchpad)
        return QStringLiteral("GE");
    if (o.halted)
        return o.error.isEmpty() ? QStringLiteral("TE") : QStringLiteral("ME");
    return QStringLiteral("RE");
}

TaxonomyReport ResponseTaxonomy::evaluate(const QVector<Outcome> &outcomes, double threshold)
{
    TaxonomyReport r;
    r.threshold = threshold;
    r.n = outcomes.size();
    for (const QString &t : types())
        r.counts.insert(t, 0);
    for (const Outcome &o : outcomes)
        ++r.counts[classify(o, threshold)];
    return r;
}

nlohmann::json TaxonomyReport::toJson() const
{
    nlohmann::json counts = nlohmann::json::object(), shares = nlohmann::json::object();
    for (auto it = this->counts.begin(); it != this->counts.end(); ++it) {
        counts[it.key().toStdString()] = it.value();
        shares[it.key().toStdString()] = n > 0 ? nlohmann::json(double(it.value()) / n) : nlohmann::json(nullptr);
    }
    return {{"n", n}, {"threshold", threshold}, {"counts", counts}, {"shares", shares}};
}

} // namespace assay
