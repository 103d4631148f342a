#pragma once
// Value aliases added or removed, as one undoable edit (accepted proposals of the absent-answer
// diagnostic, or aliases the user typed). Undo puts back exactly what the keys held before.
#include "commands/checkedcommand.h"
#include "grounding/valuealias.h"

#include <QVector>

namespace assay {

class Project;

class SetValueAliasesCommand : public CheckedCommand {
public:
    SetValueAliasesCommand(Project *project, const QString &text, QVector<ValueAlias> put, QVector<ValueAlias> remove = {});
    void redo() override;
    void undo() override;

private:
    Project *m_project;
    QVector<ValueAlias> m_put;
    QVector<ValueAlias> m_remove;
    QVector<ValueAlias> m_before;
    bool m_read = false;
};

} // namespace assay
