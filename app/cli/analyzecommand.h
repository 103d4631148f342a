#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli analyze grammar|compare|taxonomy|judges|ppi|stability|probe|garage|workflows FILE ... [--json]
class AnalyzeCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("analyze"); }
    QString summary() const override { return QStringLiteral("GRAMMAR-Eval, run comparison, R-Eval taxonomy and workflows, judge agreement, prediction-powered accuracy, judge stability and bias probes, GaRAGe metrics"); }
    int run(const QStringList &args, CliIo &io) override;

private:
    int grammar(QCommandLineParser &parser, Project &project, CliIo &io);
    int compare(QCommandLineParser &parser, Project &project, CliIo &io);
    int taxonomy(QCommandLineParser &parser, Project &project, CliIo &io);
    int judges(QCommandLineParser &parser, Project &project, CliIo &io);
    int ppi(QCommandLineParser &parser, Project &project, CliIo &io);
    int stability(QCommandLineParser &parser, Project &project, CliIo &io);
    int garage(QCommandLineParser &parser, Project &project, CliIo &io);
    int workflows(QCommandLineParser &parser, Project &project, CliIo &io);
};

} // namespace assay
