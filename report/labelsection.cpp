#include "report/labelsection.h"

namespace assay {

namespace {

QString interval(const std::pair<double, double> &ci) { return QStringLiteral("[%1, %2]").arg(ci.first, 0, 'f', 3).arg(ci.second, 0, 'f', 3); }

} // namespace

QString LabelSection::html(const QVector<RunAnalysis> &analyses)
{
    QString rows;
    qint64 simulated = 0, nonRandom = 0;
    for (const RunAnalysis &a : analyses) {
        if (!a.ppi || a.ppi->labelled == 0)
            continue;
        const PpiEstimate &e = *a.ppi;
        simulated += e.simulated;
        nonRandom += e.nonRandom;
        rows += QStringLiteral("<tr><td>%1</td><td class=\"num\">%2 %3</td><td class=\"num\">%4</td><td class=\"num\">%5 %6</td><td class=\"num\">%7</td><td class=\"num\">%8</td></tr>\n")
                    .arg(a.run.toHtmlEscaped())
                    .arg(e.judgeAccuracy, 0, 'f', 3)
                    .arg(interval(e.judgeCi))
                    .arg(e.labelled)
                    .arg(e.humanAccuracy.value_or(0), 0, 'f', 3)
                    .arg(interval(e.humanCi))
                    .arg(e.ppiAccuracy ? QStringLiteral("<b>%1</b> %2%3")
                                             .arg(*e.ppiAccuracy, 0, 'f', 3)
                                             .arg(interval(e.ppiCi), e.reliable() ? QString() : QStringLiteral("<br><small>not yet reliable: %1 labels%2</small>").arg(e.labelled).arg(e.width == PpiEstimate::Width::LabelsWilson ? QStringLiteral("; width from the labels' own Wilson interval") : QString()))
                                       : e.missing.toHtmlEscaped())
                    .arg(e.effectiveLabels ? QString::number(*e.effectiveLabels, 'f', 0) : QStringLiteral("—"));
    }
    if (rows.isEmpty())
        return {};
    QString h = QStringLiteral("<h2>Human labels and corrected accuracy</h2>\n<p>The judge's accuracy counts its verdicts as they are; the labelled "
                               "items' accuracy counts people's verdicts on a sample; the corrected (prediction-powered) accuracy is the judge's "
                               "on every item minus its mean error on the labelled items. Its interval is valid whatever the judge's errors, "
                               "when the labelled items are a random sample. <i>Worth</i>: how many labels alone would give an interval as narrow.</p>\n");
    if (simulated > 0)
        h += QStringLiteral("<p class=\"warn\">%1 of these labels are simulated by the demo (a labeller who agrees with the judge on 95% of items), "
                            "not given by a person.</p>\n").arg(simulated);
    if (nonRandom > 0)
        h += QStringLiteral("<p class=\"warn\">%1 labelled items were not chosen at random (stratified or disagreement order): the corrected "
                            "interval assumes a random sample.</p>\n").arg(nonRandom);
    h += QStringLiteral("<table><tr><th>Run</th><th>Judge's accuracy (95% CI)</th><th>Labelled</th><th>Labelled items' accuracy (95% CI)</th>"
                        "<th>Corrected accuracy (95% CI)</th><th>Worth (labels)</th></tr>\n");
    return h + rows + QStringLiteral("</table>\n");
}

} // namespace assay
