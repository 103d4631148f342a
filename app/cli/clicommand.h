#pragma once
// One `assay-cli` sub-command. Conventions for every command: --json puts machine output on
// stdout, messages go to stderr; bad usage exits 2 with the usage text, runtime failure exits 1.
#include "cliio.h"

#include "project/project.h"

#include <QCommandLineParser>
#include <QStringList>

#include <memory>

namespace assay {

class CliCommand {
public:
    virtual ~CliCommand() = default;
    virtual QString name() const = 0;
    virtual QString summary() const = 0;
    virtual int run(const QStringList &args, CliIo &io) = 0;

protected:
    // Parses args (without the command name). On failure prints the error and usage to err;
    // the command then returns stopped(parser): ExitOk after --help, ExitUsage otherwise.
    bool parse(QCommandLineParser &parser, const QStringList &args, CliIo &io, int minPositional,
               int maxPositional) const;
    static int stopped(const QCommandLineParser &parser);
    // parse(), then openProject() on positional argument `fileIndex`: the preamble of the
    // commands that check nothing else before opening. Null with *exitCode set on failure.
    std::unique_ptr<Project> parseAndOpen(QCommandLineParser &parser, const QStringList &args, CliIo &io, int fileIndex,
                                          int minPositional, int maxPositional, int *exitCode) const;
    QString helpText(const QCommandLineParser &parser) const;
    int fail(CliIo &io, const QString &message) const;
    // Opens a project, or prints why not (then returns null). Every command warns the same
    // way when another Assay has the file open.
    std::unique_ptr<Project> openProject(const QString &path, CliIo &io) const;
    int usageError(QCommandLineParser &parser, CliIo &io, const QString &message) const;
};

} // namespace assay
