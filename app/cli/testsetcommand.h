#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli testset freeze|list|show|diff|baseline FILE ... [--json]: frozen test-set versions
// (docs/METHODS.md §11.2) and the baseline run of each.
class TestSetCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("testset"); }
    QString summary() const override { return QStringLiteral("Freeze, list, show and diff test-set versions; mark a run as its version's baseline"); }
    int run(const QStringList &args, CliIo &io) override;

private:
    int freeze(QCommandLineParser &parser, Project &project, CliIo &io);
    int list(QCommandLineParser &parser, Project &project, CliIo &io);
    int show(QCommandLineParser &parser, Project &project, CliIo &io);
    int diff(QCommandLineParser &parser, Project &project, CliIo &io);
    int baseline(QCommandLineParser &parser, Project &project, CliIo &io);
};

} // namespace assay
