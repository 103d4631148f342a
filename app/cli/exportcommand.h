#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli export queries FILE --format jsonl|grammar --out PATH
// assay-cli export plots FILE [--runs R1,R2] --out DIR [--format svg,png,pdf] [--dpi N]
class ExportCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("export"); }
    QString summary() const override { return QStringLiteral("Export queries (JSONL, GRAMMAR's files) or the analysis plots (SVG, PNG, PDF)"); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
