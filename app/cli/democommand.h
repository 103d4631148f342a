#pragma once
#include "clicommand.h"

namespace assay {

// Builds the demo project in a folder and writes its report there (the headless demo).
class DemoCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("demo"); }
    QString summary() const override { return QStringLiteral("Build the demo project and its report in --out DIR"); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
