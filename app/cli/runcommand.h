#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli run FILE --name R --pipeline "retriever=bm25,k=3,reader=none" [--set FORM]
// and assay-cli runs FILE [--json]
class RunCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("run"); }
    QString summary() const override { return QStringLiteral("Run (or continue) a pipeline over a query set"); }
    int run(const QStringList &args, CliIo &io) override;
};

class RunsCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("runs"); }
    QString summary() const override { return QStringLiteral("List runs with status and counts"); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
