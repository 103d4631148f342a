#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli corpus import FILE PATH... [--format dir|jsonl|grammar] [--chunk whole|sentences:N|tokens:N[:O]]
class CorpusCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("corpus"); }
    QString summary() const override { return QStringLiteral("Import documents: corpus import FILE PATH..."); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
