#pragma once
#include "clicommand.h"

namespace assay {

// assay-cli label export|import FILE.assay --run R --file labels.csv
class LabelCommand : public CliCommand {
public:
    QString name() const override { return QStringLiteral("label"); }
    QString summary() const override { return QStringLiteral("Export or import people's labels of a run's answers (CSV: item_id,verdict,labeller)"); }
    int run(const QStringList &args, CliIo &io) override;
};

} // namespace assay
