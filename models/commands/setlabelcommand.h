#pragma once
#include "commands/checkedcommand.h"
#include "runs/labelstore.h"

namespace assay {

// Records one person's verdict on one run item (or clears it); undo puts back the label the
// person had given before, or none.
class SetLabelCommand : public CheckedCommand {
public:
    SetLabelCommand(LabelStore *store, HumanLabel label, bool clear = false);
    void redo() override;
    void undo() override;
    const HumanLabel &label() const { return m_label; }

private:
    LabelStore *m_store;
    HumanLabel m_label;
    bool m_clear;
    std::optional<HumanLabel> m_before;
};

} // namespace assay
