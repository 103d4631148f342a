#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli stats FILE [--json]: counts of accepted generation items.
class StatsCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("stats"); }
    QString summary() const override { return QStringLiteral("Count accepted SQL templates, text templates and queries"); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
