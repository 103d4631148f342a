#include "commands/setlabelcommand.h"

#include <QCoreApplication>

namespace assay {

SetLabelCommand::SetLabelCommand(LabelStore *store, HumanLabel label, bool clear)
    : CheckedCommand(clear ? QCoreApplication::translate("Labels", "Clear label of %1").arg(label.itemKey)
                           : QCoreApplication::translate("Labels", "Label %1 %2").arg(label.itemKey, label.verdict == 1 ? QStringLiteral("correct") : QStringLiteral("incorrect"))),
      m_store(store), m_label(std::move(label)), m_clear(clear)
{
}

void SetLabelCommand::redo()
{
    auto before = m_store->set(m_label, m_clear);
    if (check(before))
        m_before = before.take();
}

void SetLabelCommand::undo() { check(m_store->restore(m_label.itemId, m_label.labeller, m_before)); }

} // namespace assay
