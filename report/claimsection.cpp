#include "report/claimsection.h"

#include "analysis/claimanalysis.h"
#include "analysis/claimcharts.h"
#include "claims/claimstore.h"
#include "report/chartexporter.h"
#include "runs/runstore.h"

#include <QMap>
#include <QPair>

#include <cmath>

namespace assay {

namespace {

QString claimPoints(double v) { return std::isnan(v) ? QStringLiteral("n/a") : QString::number(100 * v, 'f', 1); }

} // namespace

Result<QString> ClaimSection::html(Database &db, const QStringList &runs, bool withChart)
{
    using R = Result<QString>;
    RunStore runStore(db);
    ClaimStore claims(db);
    QString rows;
    QMap<QString, QPair<QVector<ClaimAnalysis::RunFigures>, QStringList>> byChecker; // for the charts
    for (const QString &run : runs) {
        auto id = runStore.idOf(run);
        if (!id)
            return R::failure(id);
        auto checkers = claims.checkers(id.value());
        if (!checkers)
            return R::failure(checkers);
        for (const QString &checker : checkers.value()) {
            auto f = ClaimAnalysis::ofRun(claims, id.value(), checker);
            if (!f)
                return R::failure(f);
            byChecker[checker].first << f.value();
            byChecker[checker].second << run;
            QString row = QStringLiteral("<tr><td>%1</td><td>%2</td><td class=\"num\">%3</td>").arg(run.toHtmlEscaped(), checker.toHtmlEscaped()).arg(f.value().items);
            for (int m = 0; m < ClaimMetrics::MetricCount; ++m) {
                const ClaimAnalysis::Figure &x = f.value().figures[m];
                row += std::isnan(x.value)
                           ? QStringLiteral("<td class=\"num\" title=\"%1\">n/a</td>")
                                 .arg(x.notApplicable > 0 ? QStringLiteral("does not apply: no response") : QStringLiteral("unknown: unreadable checks"))
                           : QStringLiteral("<td class=\"num\" title=\"%4 items, %5 unknown\">%1<br><small>[%2, %3]</small></td>")
                                 .arg(claimPoints(x.value), claimPoints(x.low), claimPoints(x.high))
                                 .arg(x.n)
                                 .arg(x.unknown);
            }
            rows += row + QStringLiteral("</tr>\n");
        }
    }
    if (rows.isEmpty())
        return QString();
    QString h = QStringLiteral("<h2>Claims</h2>\n<p class=\"note\">RAGChecker's claim-level metrics ×100 with 95% intervals (docs/METHODS.md §12). "
                               "Checker <i>offline</i>: the truth's claims are exact facts of the answer's rows, the checks word-matching "
                               "approximations; <i>imported</i>: RAGChecker's own. n/a: does not apply (a retrieval-only run has no "
                               "response) or unknown.</p>\n<div class=\"wide\"><table class=\"metrics\"><tr><th>Run</th><th>Checker</th><th>Items</th>");
    for (int m = 0; m < ClaimMetrics::MetricCount; ++m) {
        const auto metric = ClaimMetrics::Metric(m);
        h += QStringLiteral("<th title=\"%1\">%2</th>").arg(ClaimAnalysis::explanation(metric).toHtmlEscaped(), ClaimMetrics::label(metric).toHtmlEscaped());
    }
    h += QStringLiteral("</tr>\n") + rows + QStringLiteral("</table></div>\n");
    if (withChart)
        for (auto it = byChecker.constBegin(); it != byChecker.constEnd(); ++it) {
            QString svg = QString::fromUtf8(ChartExporter::svgText(ClaimCharts::metrics(it.value().first, it.value().second, it.key())));
            if (const qsizetype start = svg.indexOf(QLatin1String("<svg")); start > 0)
                svg = svg.mid(start); // without the XML prolog
            h += QStringLiteral("<figure aria-label=\"Claims of checker %1\">%2</figure>\n").arg(it.key().toHtmlEscaped(), svg);
        }
    return h;
}

} // namespace assay
