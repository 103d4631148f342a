#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli retrieve FILE --retriever NAME --k K --query TEXT [--json]
class RetrieveCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("retrieve"); }
    QString summary() const override { return QStringLiteral("Run one retriever on one query"); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
