#pragma once
#include <QTextStream>

namespace assay {

// Where a CLI command writes: machine output (--json) and results on out, messages on err.
struct CliIo {
    QTextStream &out;
    QTextStream &err;
};

enum ExitCode { ExitOk = 0, ExitFailure = 1, ExitUsage = 2 };

} // namespace assay
