#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli score FILE --run R --judge NAME [--closed-domain on|off] [--retrieval-judge J] [--json]
class ScoreCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("score"); }
    QString summary() const override;
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
