#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli analyze metrics FILE --run R[,R2...] (docs/user-guide.md, "Metrics"): every
// registered metric (or those named with --metric) per run — value, 95% interval, n, unknown,
// does not apply, failed, and why a metric has no values on a run —, optionally paired against
// another run; --list names the registered metrics; --keep stores the per-item values.
class MetricsCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("analyze metrics"); }
    QString summary() const override { return QStringLiteral("Every registered metric per run, with intervals and coverage"); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
