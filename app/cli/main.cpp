#include "clirunner.h"
#include "core/version.h"
#include "corpuscommand.h"
#include "analyzecommand.h"
#include "claimscommand.h"
#include "backupcommand.h"
#include "labelcommand.h"
#include "democommand.h"
#include "examcommand.h"
#include "irtcommand.h"
#include "reportcommand.h"
#include "scorecommand.h"
#include "infocommand.h"
#include "llmcommand.h"
#include "exportcommand.h"
#include "generatecommand.h"
#include "importcommand.h"
#include "newcommand.h"
#include "retrievecommand.h"
#include "runcommand.h"
#include "testsetcommand.h"
#include "gatecommand.h"
#include "statscommand.h"
#include "schemacommand.h"
#include "verifycommand.h"

#include <QApplication>

#include <csignal>
#include <cstdio>

int main(int argc, char *argv[])
{
    // Output piped into `head` that closes early must not kill the command with the project
    // open (the next open would report an unclean end): the write fails, the command ends.
    std::signal(SIGPIPE, SIG_IGN);
    // Commands that draw charts need a GUI application; they draw offscreen, never on a display.
    const QByteArray command = argc > 1 ? QByteArray(argv[1]) : QByteArray();
    const bool draws = command == "export" || command == "report" || command == "demo";
    if (draws && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    std::unique_ptr<QCoreApplication> application = draws ? std::make_unique<QApplication>(argc, argv) : std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("assay"));
    QCoreApplication::setOrganizationName(QStringLiteral("Assay"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ASSAY_VERSION));

    QTextStream out(stdout);
    QTextStream err(stderr);
    assay::CliIo io{out, err};
    assay::CliRunner runner;
    runner.add(std::make_unique<assay::NewCommand>());
    runner.add(std::make_unique<assay::InfoCommand>());
    runner.add(std::make_unique<assay::VerifyCommand>());
    runner.add(std::make_unique<assay::BackupCommand>());
    runner.add(std::make_unique<assay::LabelCommand>());
    runner.add(std::make_unique<assay::SchemaCommand>());
    runner.add(std::make_unique<assay::CorpusCommand>());
    runner.add(std::make_unique<assay::RetrieveCommand>());
    runner.add(std::make_unique<assay::RunCommand>());
    runner.add(std::make_unique<assay::RunsCommand>());
    runner.add(std::make_unique<assay::TestSetCommand>());
    runner.add(std::make_unique<assay::GateCommand>());
    runner.add(std::make_unique<assay::GenerateCommand>());
    runner.add(std::make_unique<assay::ImportCommand>());
    runner.add(std::make_unique<assay::ExportCommand>());
    runner.add(std::make_unique<assay::StatsCommand>());
    runner.add(std::make_unique<assay::LlmCommand>());
    runner.add(std::make_unique<assay::ScoreCommand>());
    runner.add(std::make_unique<assay::AnalyzeCommand>());
    runner.add(std::make_unique<assay::ClaimsCommand>());
    runner.add(std::make_unique<assay::ExamCommand>());
    runner.add(std::make_unique<assay::IrtCommand>());
    runner.add(std::make_unique<assay::ReportCommand>());
    runner.add(std::make_unique<assay::DemoCommand>());
    const int code = runner.run(QCoreApplication::arguments().mid(1), io);
    out.flush();
    err.flush();
    return code;
}
