#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli report FILE --out DIR [--runs R1,R2] [--judge NAME] [--pdf]
class ReportCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("report"); }
    QString summary() const override { return QStringLiteral("Write the HTML report (charts inline), summary.json and optionally a PDF"); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
