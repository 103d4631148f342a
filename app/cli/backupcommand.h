#pragma once
#include "clicommand.h"

namespace assay {

class BackupCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("backup"); }
    QString summary() const override { return QStringLiteral("Save a consistent copy of a project, also while it is being written"); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
