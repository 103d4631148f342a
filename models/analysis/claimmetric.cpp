#include "analysis/claimmetric.h"

#include "analysis/claimanalysis.h"

#include <cmath>

namespace assay {

QString ClaimMetric::name() const { return QString::fromLatin1(ClaimMetrics::key(m_which)); }

QString ClaimMetric::label() const
{
    // Beside accuracy and token F1, RAGChecker's overall three say they are over claims.
    switch (m_which) {
    case ClaimMetrics::Precision:
    case ClaimMetrics::Recall:
    case ClaimMetrics::F1: return QStringLiteral("%1 (claims)").arg(ClaimMetrics::label(m_which));
    default: return ClaimMetrics::label(m_which);
    }
}

QString ClaimMetric::glossary() const { return ClaimAnalysis::explanation(m_which); }

QString ClaimMetric::module() const { return ClaimAnalysis::module(m_which); }

int ClaimMetric::needs() const { return MetricNeeds::Claims | (ClaimAnalysis::needsResponse(m_which) ? MetricNeeds::Answers : 0); }

bool ClaimMetric::higherIsBetter() const { return ClaimAnalysis::higherIsBetter(m_which); }

MetricValue ClaimMetric::value(const MetricItem &item) const
{
    if (!item.hasResponse && ClaimAnalysis::needsResponse(m_which))
        return MetricValue::notApplicable();
    // An item the checker did not check is outside what its claims can say (offline: no row
    // facts; the checker's own report counts why): not applicable, rather than unknown.
    if (!item.claims)
        return MetricValue::notApplicable();
    const double v = ClaimMetrics::item(*item.claims)[m_which];
    return std::isnan(v) ? MetricValue::unknown() : MetricValue::known(v);
}

} // namespace assay
