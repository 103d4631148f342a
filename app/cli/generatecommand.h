#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli generate sql-templates|text-templates|queries FILE [options]
class GenerateCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("generate"); }
    QString summary() const override { return QStringLiteral("Generate SQL templates, text templates or queries"); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
