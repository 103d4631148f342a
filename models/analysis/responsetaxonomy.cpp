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

TaxonomyReport ResponseTaxonomy::classifyAll(const QVector<Outcome> &outcomes, double threshold)
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

TaxonomyReport ResponseTaxonomy::evaluate(const QVector<Outcome> &outcomes, const QString &reader, double threshold)
{
    const QString reason = notApplicableReason(reader);
    if (reason.isEmpty())
        return classifyAll(outcomes, threshold);
    TaxonomyReport r;
    r.threshold = threshold;
    r.n = outcomes.size();
    for (const QString &t : types())
        r.counts.insert(t, 0);
    r.applicable = false;
    r.reason = reason;
    return r;
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
