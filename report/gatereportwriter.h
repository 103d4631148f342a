#pragma once
// A gate's report for CI (docs/ci.md): a JUnit XML file (one test case per check — the allowed
// drop, the minimum accuracy when set — and one per regressed group, whose failure names the
// example query and both answers) and a Markdown summary to paste into a pull request.
#include "analysis/gatecomparison.h"

#include <QByteArray>
#include <QString>

namespace assay {

class GateReportWriter {
public:
    static QByteArray junit(const GateReport &report);
    static QString markdown(const GateReport &report);
    // "−1.9 points (95% CI −3.1 to −0.7)"
    static QString differenceText(const GateReport &report);
    // "p = 0.031", "p < 0.0001"
    static QString pValueText(double p);
    // One sentence per module with lost items: "retriever: 12 groups, 31 items (1.2 points)".
    static QStringList moduleLines(const GateReport &report);
};

} // namespace assay
