#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli import grammar FILE --sql-templates F.json --text-templates short=S.json,long=L.json
class ImportCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("import"); }
    QString summary() const override { return QStringLiteral("Import GRAMMAR's template files: import grammar FILE ..."); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
