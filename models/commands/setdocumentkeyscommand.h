#pragma once
// Document keys declared or removed, with the key truth they give, as one undoable edit: the
// truth is computed first (KeyTruth, off the GUI thread), then both are written together;
// undo puts back the keys and the truth as they were.
#include "commands/checkedcommand.h"
#include "grounding/documentkey.h"

#include <QVector>

namespace assay {

class Project;

class SetDocumentKeysCommand : public CheckedCommand {
public:
    SetDocumentKeysCommand(Project *project, const QString &text, QVector<DocumentKey> keys, QVector<KeyTruthRow> truth);
    void redo() override;
    void undo() override;

private:
    Project *m_project;
    QVector<DocumentKey> m_keys, m_keysBefore;
    QVector<KeyTruthRow> m_truth, m_truthBefore;
    bool m_read = false;
};

} // namespace assay
