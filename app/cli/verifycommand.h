#pragma once
#include "clicommand.h"

namespace assay {

class VerifyCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("verify"); }
    QString summary() const override { return QStringLiteral("Check every page of a project file (exit 1 when damaged)"); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
