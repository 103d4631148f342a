#pragma once
#include "clicommand.h"

namespace assay {

class NewCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("new"); }
    QString summary() const override { return QStringLiteral("Create an empty project file (FILE.assay)"); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
