#include "clicommand.h"

#include <QRegularExpression>

namespace assay {

bool CliCommand::parse(QCommandLineParser &parser, const QStringList &args, CliIo &io, int minPositional,
                       int maxPositional) const
{
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    parser.addHelpOption();
    if (!parser.parse(QStringList{QStringLiteral("assay-cli")} + args)) {
        usageError(parser, io, parser.errorText());
        return false;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        io.out << helpText(parser);
        io.out.flush();
        return false;
    }
    const auto n = parser.positionalArguments().size();
    if (n < minPositional || n > maxPositional) {
        usageError(parser, io,
                   n < minPositional ? QStringLiteral("missing argument") : QStringLiteral("too many arguments"));
        return false;
    }
    return true;
}

int CliCommand::stopped(const QCommandLineParser &parser)
{
    return parser.isSet(QStringLiteral("help")) ? ExitOk : ExitUsage;
}

std::unique_ptr<Project> CliCommand::parseAndOpen(QCommandLineParser &parser, const QStringList &args, CliIo &io, int fileIndex,
                                                  int minPositional, int maxPositional, int *exitCode) const
{
    if (!parse(parser, args, io, minPositional, maxPositional)) {
        *exitCode = stopped(parser);
        return nullptr;
    }
    auto project = openProject(parser.positionalArguments().at(fileIndex), io);
    if (!project)
        *exitCode = ExitFailure;
    return project;
}

QString CliCommand::helpText(const QCommandLineParser &parser) const
{
    // Qt names the program by its full path; the usage line should read as the user types it.
    QString text = parser.helpText();
    const qsizetype end = text.indexOf(QLatin1String(" [options]"));
    if (text.startsWith(QLatin1String("Usage: ")) && end > 0)
        text.replace(7, end - 7, QStringLiteral("assay-cli ") + name());
    text.remove(QRegularExpression(QStringLiteral("\\n *--help-all[^\\n]*")));
    return text;
}

std::unique_ptr<Project> CliCommand::openProject(const QString &path, CliIo &io) const
{
    auto project = Project::open(path);
    if (!project) {
        fail(io, project.error());
        return nullptr;
    }
    if (!project.value()->concurrentUseWarning().isEmpty())
        io.err << "note: " << project.value()->concurrentUseWarning() << '\n';
    if (!project.value()->uncleanShutdown().isEmpty())
        io.err << "warning: " << project.value()->uncleanShutdown() << "; SQLite has recovered its last committed state, and "
               << "'assay-cli verify " << path << "' checks every page\n";
    return project.take();
}

int CliCommand::fail(CliIo &io, const QString &message) const
{
    io.err << "assay-cli " << name() << ": " << message << '\n';
    io.err.flush();
    return ExitFailure;
}

int CliCommand::usageError(QCommandLineParser &parser, CliIo &io, const QString &message) const
{
    io.err << "assay-cli " << name() << ": " << message << "\n\n" << helpText(parser);
    io.err.flush();
    return ExitUsage;
}

} // namespace assay
