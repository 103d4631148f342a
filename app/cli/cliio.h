#pragma once
#include <QTextStream>

namespace assay {

// Where a CLI command writes: machine output (--json) and results on out, messages on err.
struct CliIo {
    QTextStream &out;
    QTextStream &err;
};

// 3: a gate was inconclusive; 4: a gate could not evaluate (too many failed or unread items);
// 5: a run (or scoring) finished with items that failed: run again with --retry-failed.
enum ExitCode { ExitOk = 0, ExitFailure = 1, ExitUsage = 2, ExitInconclusive = 3, ExitCouldNotEvaluate = 4, ExitItemsFailed = 5 };

} // namespace assay
