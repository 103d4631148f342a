#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli exam generate|stats|take|export|shortform|estimate|validate FILE ...
class ExamCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("exam"); }
    QString summary() const override { return QStringLiteral("Multiple-choice exams: generate, stats, take (students, also adaptively), export the response matrix, short forms, estimates, validation"); }
    int run(const QStringList &args, CliIo &io) override;

private:
    int generate(QCommandLineParser &parser, Project &project, CliIo &io);
    int shortForm(QCommandLineParser &parser, Project &project, CliIo &io);
    int estimate(QCommandLineParser &parser, Project &project, CliIo &io);
    int validate(QCommandLineParser &parser, Project &project, CliIo &io);
    int adaptive(QCommandLineParser &parser, Project &project, CliIo &io);
};

} // namespace assay
