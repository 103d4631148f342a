#pragma once
// Ground-truth links written, changed or removed, as one undoable edit: links proposed by the
// auto linker, read from a links file, or accepted and rejected in review. The command keeps
// the links as they were before (absent ones included), so undo puts back exactly those.
#include "commands/checkedcommand.h"
#include "grounding/groundlink.h"

#include <QVector>

namespace assay {

class Project;

class SetGroundLinksCommand : public CheckedCommand {
public:
    // `put` is written (replacing links with the same group and document), `remove` deleted.
    SetGroundLinksCommand(Project *project, const QString &text, QVector<GroundLink> put, QVector<GroundLink> remove = {});
    void redo() override;
    void undo() override;

private:
    Project *m_project;
    QVector<GroundLink> m_put;
    QVector<GroundLink> m_remove;
    QVector<GroundLink> m_before; // what the keys of put and remove held before the first redo
    bool m_read = false;
};

} // namespace assay
