#include "infocommand.h"

#include "report/projectsummary.h"
#include "project/project.h"

namespace assay {

int InfoCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project file."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print machine-readable JSON."));
    parser.addOption(json);
    int exitCode = ExitOk;
    auto project = parseAndOpen(parser, args, io, 0, 1, 1, &exitCode);
    if (!project)
        return exitCode;
    auto summary = ProjectSummary::render(*project, parser.isSet(json));
    if (!summary)
        return fail(io, summary.error());
    io.out << summary.value();
    return ExitOk;
}

} // namespace assay
