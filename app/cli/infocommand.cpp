#include "infocommand.h"

#include "io/projectsummary.h"
#include "project/project.h"

namespace assay {

int InfoCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project file."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print machine-readable JSON."));
    parser.addOption(json);
    if (!parse(parser, args, io, 1, 1))
        return parser.isSet(QStringLiteral("help")) ? ExitOk : ExitUsage;
    auto project = openProject(parser.positionalArguments().constFirst(), io);
    if (!project)
        return ExitFailure;
    auto summary = ProjectSummary::render(*project, parser.isSet(json));
    if (!summary)
        return fail(io, summary.error());
    io.out << summary.value();
    return ExitOk;
}

} // namespace assay
