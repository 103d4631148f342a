#pragma once
#include "clicommand.h"
#include "analysis/gatecomparison.h"

namespace assay {

// assay-cli gate FILE --run R [--baseline B | --baseline-file F.jsonl] [--pipeline SPEC --testset V]
// [--metric M] [--max-drop D] [--max-errors E] [--alpha A] [--min-accuracy X] [--junit OUT] [--markdown OUT] [--json]:
// a regression verdict for CI (docs/ci.md). Exit 0 pass or improvement, 1 regression, 3
// inconclusive, 4 could not evaluate (failed or unread items above --max-errors), 2 bad usage.
class GateCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("gate"); }
    QString summary() const override { return QStringLiteral("Regression gate: a run against its baseline, paired, with a verdict, the module that regressed, JUnit and Markdown"); }
    int run(const QStringList &args, CliIo &io) override;

private:
    // --pipeline: creates (or continues) run `name` on the version, executes and scores it.
    // A run that stopped (an outage, a refused key) sets `stopped` and returns the could-not-evaluate code.
    int execute(QCommandLineParser &parser, Project &project, CliIo &io, const QString &name, const QString &judge, QString *stopped);
    // The verdict on stdout, --junit, --markdown and --json; returns the exit code.
    int writeReport(QCommandLineParser &parser, CliIo &io, const GateReport &r);
};

} // namespace assay
