#pragma once
#include "clicommand.h"

#include <memory>
#include <vector>

namespace assay {

// Dispatches `assay-cli COMMAND ...` to the registered commands.
class CliRunner {
public:
    CliRunner();
    ~CliRunner();
    void add(std::unique_ptr<CliCommand> command);
    // args excludes the program name. Returns the process exit code.
    int run(const QStringList &args, CliIo &io);
    QString usage() const;

private:
    std::vector<std::unique_ptr<CliCommand>> m_commands;
};

} // namespace assay
