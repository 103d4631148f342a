#pragma once
// R-Eval's response taxonomy (docs/METHODS.md §6.1) with F1 threshold τ (0.05 by default):
// in_scratchpad = the normalised gold occurs, as whole words, in the normalised scratchpad
// (retrieved context and trace). F1 ≥ τ → EM if in_scratchpad, else AM. F1 < τ → GE if
// in_scratchpad; else, if the run halted, ME for a tool/model error and TE otherwise; else RE.
#include "analysis/runoutcomes.h"

#include <QMap>

#include <nlohmann/json_fwd.hpp>

namespace assay {

struct TaxonomyReport {
    double threshold = 0.05;
    qint64 n = 0;
    QMap<QString, qint64> counts; // EM, AM, GE, RE, ME, TE (all present; 0 when not applicable)
    // The types read a model's answer against its scratchpad: a run in which no model answered
    // (retrieval only) has none, and says why.
    bool applicable = true;
    QString reason;
    nlohmann::json toJson() const;
};

class ResponseTaxonomy {
public:
    static QString classify(const Outcome &o, double threshold = 0.05);
    // The types of a run's items (or some of them, one task level's) with this reader
    // (PipelineSpec's reader; empty for an imported run): not applicable, with the reason, when
    // no model answered. The one rule every view applies (docs/METHODS.md §6.1).
    static TaxonomyReport evaluate(const QVector<Outcome> &outcomes, const QString &reader, double threshold = 0.05);
    // The same over some of a run's items, by pointer (no copies).
    static TaxonomyReport evaluateSubset(const QVector<const Outcome *> &outcomes, const QString &reader, double threshold = 0.05);
    static QString notApplicableReason(const QString &reader); // empty: applicable
    static QStringList types() { return {QStringLiteral("EM"), QStringLiteral("AM"), QStringLiteral("GE"), QStringLiteral("RE"), QStringLiteral("ME"), QStringLiteral("TE")}; }

private:
    template <typename Outcomes, typename Access>
    static TaxonomyReport evaluateWith(const Outcomes &outcomes, const QString &reader, double threshold, Access access);
};

} // namespace assay
