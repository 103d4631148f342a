#include "analysis/responsetaxonomy.h"

#include "readers/readerregistry.h"
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

QString ResponseTaxonomy::notApplicableReason(const QString &reader)
{
    // What the reader can do comes from the reader registry (an imported run has no reader:
    // its answers came from the system that ran it).
    const ReaderKind *kind = reader.isEmpty() ? nullptr : ReaderRegistry::instance().find(reader.section(QLatin1Char(':'), 0, 0));
    if (kind && !kind->answers)
        return QStringLiteral("a retrieval-only run (reader=%1): no model wrote an answer, so there is no response to classify; "
                              "its retrieved text is judged by the retrieval and answer judges instead")
            .arg(reader);
    return {};
}

template <typename Outcomes, typename Access>
TaxonomyReport ResponseTaxonomy::evaluateWith(const Outcomes &outcomes, const QString &reader, double threshold, Access access)
{
    TaxonomyReport r;
    r.threshold = threshold;
    r.n = outcomes.size();
    for (const QString &t : types())
        r.counts.insert(t, 0);
    r.reason = notApplicableReason(reader);
    if (!r.reason.isEmpty()) {
        r.applicable = false;
        return r;
    }
    for (const auto &o : outcomes)
        ++r.counts[classify(access(o), threshold)];
    return r;
}

TaxonomyReport ResponseTaxonomy::evaluate(const QVector<Outcome> &outcomes, const QString &reader, double threshold)
{
    return evaluateWith(outcomes, reader, threshold, [](const Outcome &o) -> const Outcome & { return o; });
}

TaxonomyReport ResponseTaxonomy::evaluateSubset(const QVector<const Outcome *> &outcomes, const QString &reader, double threshold)
{
    return evaluateWith(outcomes, reader, threshold, [](const Outcome *o) -> const Outcome & { return *o; });
}

nlohmann::json TaxonomyReport::toJson() const
{
    nlohmann::json counts = nlohmann::json::object(), shares = nlohmann::json::object();
    for (auto it = this->counts.begin(); it != this->counts.end(); ++it) {
        counts[it.key().toStdString()] = it.value();
        shares[it.key().toStdString()] = n > 0 ? nlohmann::json(double(it.value()) / n) : nlohmann::json(nullptr);
    }
    if (!applicable)
        return {{"applicable", false}, {"reason", reason.toStdString()}, {"n", n}, {"threshold", threshold}};
    return {{"applicable", true}, {"n", n}, {"threshold", threshold}, {"counts", counts}, {"shares", shares}};
}

} // namespace assay
