#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli irt fit --responses M.csv [--factors F.csv] ... | irt fit FILE --exam E ...
class IrtCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("irt"); }
    QString summary() const override { return QStringLiteral("Item response theory: fit 1PL/2PL/3PL (hierarchical), iterative exam improvement"); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
