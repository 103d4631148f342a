#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli llm profile add|list|remove, llm ping NAME, llm bench NAME, llm batch export|import
class LlmCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("llm"); }
    QString summary() const override { return QStringLiteral("LLM profiles, ping, bench and Batch-API files"); }
    int run(const QStringList &args, CliIo &io) override;

private:
    int profile(const QStringList &args, CliIo &io);
    int ping(const QStringList &args, CliIo &io);
    int bench(const QStringList &args, CliIo &io);
    int batch(const QStringList &args, CliIo &io);
};

} // namespace assay
