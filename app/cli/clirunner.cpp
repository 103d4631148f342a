#include "clirunner.h"

#include "core/version.h"

namespace assay {

CliRunner::CliRunner() = default;
CliRunner::~CliRunner() = default;

void CliRunner::add(std::unique_ptr<CliCommand> command) { m_commands.push_back(std::move(command)); }

QString CliRunner::usage() const
{
    QString text = QStringLiteral("Usage: assay-cli COMMAND [options] [arguments]\n"
                                  "       assay-cli --version | --help\n\n"
                                  "Grounded, modular evaluation of retrieval-augmented generation.\n\n"
                                  "Commands:\n");
    for (const auto &c : m_commands)
        text += QStringLiteral("  %1 %2\n").arg(c->name(), -12).arg(c->summary());
    text += QStringLiteral("\nRun 'assay-cli COMMAND --help' for a command's options.\n");
    return text;
}

int CliRunner::run(const QStringList &args, CliIo &io)
{
    if (args.isEmpty()) {
        io.err << "assay-cli: missing command\n\n" << usage();
        return ExitUsage;
    }
    const QString first = args.constFirst();
    if (first == QLatin1String("--version") || first == QLatin1String("-v")) {
        io.out << "assay " << ASSAY_VERSION << '\n';
        return ExitOk;
    }
    if (first == QLatin1String("--help") || first == QLatin1String("-h") || first == QLatin1String("help")) {
        io.out << usage();
        return ExitOk;
    }
    for (const auto &c : m_commands) {
        if (c->name() == first)
            return c->run(args.mid(1), io);
    }
    io.err << "assay-cli: " << (first.startsWith(QLatin1Char('-')) ? "unknown option '" : "unknown command '")
           << first << "'\n\n"
           << usage();
    return ExitUsage;
}

} // namespace assay
