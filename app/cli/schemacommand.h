#pragma once
#include "clicommand.h"

namespace assay {

// `assay-cli schema import FILE.assay (--sqlite DB [--link] | --csv DIR | --sql FILE.sql)`
class SchemaCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("schema"); }
    QString summary() const override { return QStringLiteral("Import a knowledge schema: schema import FILE --sqlite|--csv|--sql"); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
