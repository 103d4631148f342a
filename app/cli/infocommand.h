#pragma once
#include "clicommand.h"

namespace assay {

class InfoCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("info"); }
    QString summary() const override { return QStringLiteral("Describe a project: schema version, tables, counts"); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
