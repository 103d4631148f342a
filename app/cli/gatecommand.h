#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli gate FILE --run R [--baseline B | --baseline-file F.jsonl] [--pipeline SPEC --testset V]
// [--metric M] [--max-drop D] [--alpha A] [--min-accuracy X] [--junit OUT] [--markdown OUT] [--json]:
// a regression verdict for CI (docs/ci.md). Exit 0 pass or improvement, 1 regression, 3
// inconclusive, 2 bad usage.
class GateCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("gate"); }
    QString summary() const override { return QStringLiteral("Regression gate: a run against its baseline, paired, with a verdict, the module that regressed, JUnit and Markdown"); }
    int run(const QStringList &args, CliIo &io) override;

private:
    // --pipeline: creates (or continues) run `name` on the version, executes and scores it.
    int execute(QCommandLineParser &parser, Project &project, CliIo &io, const QString &name, const QString &judge);
};

} // namespace assay
