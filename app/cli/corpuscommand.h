#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli corpus import FILE PATH... [--format dir|jsonl|grammar] [--chunk whole|sentences:N|tokens:N[:O]]
// assay-cli corpus link FILE --auto [--min-confidence C] | --file LINKS [--format csv|json]
// assay-cli corpus link FILE --sample-tier T [--count N] [--seed S] --out F.csv | --accept-tier T
// assay-cli corpus links FILE [--json]
// assay-cli corpus aliases FILE [--json] [--accept-proposals] | --column T.C --value V --add|--remove ALIAS
// assay-cli corpus key FILE --table T --column C [--match id|name] | --list | --remove T
// assay-cli corpus truth FILE [--json]
class CorpusCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("corpus"); }
    QString summary() const override { return QStringLiteral("Documents and their ground truth: corpus import|link|links|aliases|key|truth FILE ..."); }
    int run(const QStringList &args, CliIo &io) override;

private:
    int link(QCommandLineParser &parser, CliIo &io);
    int tier(QCommandLineParser &parser, CliIo &io);
    int listLinks(QCommandLineParser &parser, CliIo &io);
    int aliases(QCommandLineParser &parser, CliIo &io);
    int key(QCommandLineParser &parser, CliIo &io);
    int truth(QCommandLineParser &parser, CliIo &io);
};

} // namespace assay
