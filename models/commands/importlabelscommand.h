#pragma once
#include "commands/checkedcommand.h"
#include "runs/labelstore.h"

namespace assay {

// Imports a labels file's rows (checked already, LabelsFile) in one transaction; undo puts back
// every label as it was.
class ImportLabelsCommand : public CheckedCommand {
public:
    ImportLabelsCommand(LabelStore *store, QVector<HumanLabel> labels, const QString &origin);
    void redo() override;
    void undo() override;

private:
    LabelStore *m_store;
    QVector<HumanLabel> m_labels;
    QVector<std::optional<HumanLabel>> m_before;
};

} // namespace assay
