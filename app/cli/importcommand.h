#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli import grammar FILE --sql-templates F.json --text-templates short=S.json,long=L.json
// assay-cli import results FILE PATH --format grammar|reval|jsonl --name R [--set FORM]
class ImportCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("import"); }
    QString summary() const override { return QStringLiteral("Import GRAMMAR's templates or a system's results: import grammar|results FILE ..."); }
    int run(const QStringList &args, CliIo &io) override;

private:
    int importResults(QCommandLineParser &parser, CliIo &io);
};

} // namespace assay
