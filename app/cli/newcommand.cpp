#include "newcommand.h"

#include "project/project.h"

namespace assay {

int NewCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project file to create."));
    const QCommandLineOption nameOption(QStringLiteral("name"), QStringLiteral("Project name (default: file name)."),
                                       QStringLiteral("NAME"));
    parser.addOption(nameOption);
    if (!parse(parser, args, io, 1, 1))
        return stopped(parser);
    auto project = Project::create(parser.positionalArguments().constFirst(), parser.value(nameOption));
    if (!project)
        return fail(io, project.error());
    io.err << "Created " << project.value()->path() << " (schema version " << project.value()->schemaVersion()
           << ")\n";
    return ExitOk;
}

} // namespace assay
