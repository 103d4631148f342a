#pragma once
#include "clicommand.h"

namespace assay {

// Builds the demo project in a folder, runs and scores the offline pipelines, and writes the
// report, summary.json and plots there (the headless demo).
class DemoCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("demo"); }
    QString summary() const override { return QStringLiteral("Build the demo project, run the offline pipelines, write report and plots in --out DIR"); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
