#include "commands/importlabelscommand.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace assay {

ImportLabelsCommand::ImportLabelsCommand(LabelStore *store, QVector<HumanLabel> labels, const QString &origin)
    : CheckedCommand(QCoreApplication::translate("Labels", "Import %n label(s) from %1", nullptr, int(labels.size())).arg(QFileInfo(origin).fileName())),
      m_store(store), m_labels(std::move(labels))
{
}

void ImportLabelsCommand::redo()
{
    auto before = m_store->setMany(m_labels);
    if (check(before))
        m_before = before.take();
}

void ImportLabelsCommand::undo() { check(m_store->restoreMany(m_labels, m_before)); }

} // namespace assay
