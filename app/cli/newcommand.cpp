#include "newcommand.h"

#include "demo/demoproject.h"
#include "project/project.h"

namespace assay {

int NewCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project file to create."));
    const QCommandLineOption nameOption(QStringLiteral("name"), QStringLiteral("Project name (default: file name)."),
                                       QStringLiteral("NAME"));
    const QCommandLineOption sample(QStringLiteral("sample"),
                                   QStringLiteral("Start from the bundled sample: the demo organisation's knowledge tables and documents, nothing generated."));
    parser.addOptions({nameOption, sample});
    if (!parse(parser, args, io, 1, 1))
        return stopped(parser);
    if (parser.isSet(sample)) {
        const QString path = parser.positionalArguments().constFirst();
        if (auto s = DemoProject::buildSample(path, parser.value(nameOption)); !s)
            return fail(io, s.error());
        io.err << "Created " << path << " from the sample: knowledge tables and documents; next: generate sql-templates, text-templates, then queries\n";
        return ExitOk;
    }
    auto project = Project::create(parser.positionalArguments().constFirst(), parser.value(nameOption));
    if (!project)
        return fail(io, project.error());
    io.err << "Created " << project.value()->path() << " (schema version " << project.value()->schemaVersion()
           << ")\n";
    return ExitOk;
}

} // namespace assay
