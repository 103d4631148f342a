#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli exam generate|stats|take|export FILE ...
class ExamCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("exam"); }
    QString summary() const override { return QStringLiteral("Multiple-choice exams: generate, stats, take (students), export the response matrix"); }
    int run(const QStringList &args, CliIo &io) override;

private:
    int generate(QCommandLineParser &parser, Project &project, CliIo &io);
};

} // namespace assay
