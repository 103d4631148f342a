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
    if (parser.isSet(json)) {
        auto summary = ProjectSummary::toJson(*project);
        if (!summary)
            return fail(io, summary.error());
        auto steps = ProjectSummary::stepsJson(*project);
        if (!steps)
            return fail(io, steps.error());
        nlohmann::json out = summary.take();
        out["steps"] = steps.take();
        io.out << QString::fromStdString(out.dump(2)) << '\n';
        return ExitOk;
    }
    auto summary = ProjectSummary::toText(*project);
    if (!summary)
        return fail(io, summary.error());
    auto steps = ProjectSummary::stepsText(*project);
    if (!steps)
        return fail(io, steps.error());
    io.out << summary.value() << steps.value();
    return ExitOk;
}

} // namespace assay
