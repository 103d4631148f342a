#pragma once
#include "clicommand.h"

#include <utility>

namespace assay {

// assay-cli claims extract|check|analyze|export FILE --run R ... (docs/user-guide.md, "Claims"):
// claims and checks offline on grounded data or by an LLM profile, RAGChecker's metrics per run (and against
// another run), and a run written as RAGChecker's input or checking output.
// `assay-cli analyze claims` is the same as `claims analyze`.
class ClaimsCommand : public CliCommand {
public:
    // `invokedAs` names the command in its usage line ("analyze claims" when reached that way).
    explicit ClaimsCommand(QString invokedAs = QStringLiteral("claims")) : m_name(std::move(invokedAs)) {}
    QString name() const override { return m_name; }
    QString summary() const override { return QStringLiteral("Claim-level diagnostics: claims and checks offline or by an LLM, RAGChecker's eleven metrics, RAGChecker's file format"); }
    int run(const QStringList &args, CliIo &io) override;

private:
    int check(QCommandLineParser &parser, Project &project, qint64 runId, CliIo &io);
    int checkWithLlm(QCommandLineParser &parser, Project &project, qint64 runId, bool extractOnly, CliIo &io);
    int analyze(QCommandLineParser &parser, Project &project, qint64 runId, CliIo &io);
    int exportRun(QCommandLineParser &parser, Project &project, qint64 runId, CliIo &io);
    QString m_name;
};

} // namespace assay
