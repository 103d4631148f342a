#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli export queries FILE --format jsonl|grammar --out PATH
class ExportCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("export"); }
    QString summary() const override { return QStringLiteral("Export queries as JSONL or GRAMMAR's JSON files"); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
