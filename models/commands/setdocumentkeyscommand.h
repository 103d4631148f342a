#pragma once
// Document keys declared or removed, with the key truth they give, as one undoable edit: the
// truth is computed first (KeyTruth, off the GUI thread), then both are written together;
// undo puts back the keys and the truth as they were. With claims (the user's choice of which
// keyed table claims a document named by rows of several, docs/METHODS.md §1.6.3), the stored
// claims change in the same transaction.
#include "commands/checkedcommand.h"
#include "core/result.h"
#include "grounding/documentkey.h"

#include <QVector>

#include <optional>

namespace assay {

class Project;

class SetDocumentKeysCommand : public CheckedCommand {
public:
    // claimsJson: the claims to store (KeyTruth::claimsToJson); none: left as they are.
    SetDocumentKeysCommand(Project *project, const QString &text, QVector<DocumentKey> keys, QVector<KeyTruthRow> truth,
                           std::optional<QString> claimsJson = std::nullopt);
    void redo() override;
    void undo() override;

private:
    Status write(const QVector<DocumentKey> &keys, const QVector<KeyTruthRow> &truth, const std::optional<QString> &claims);
    Project *m_project;
    QVector<DocumentKey> m_keys, m_keysBefore;
    QVector<KeyTruthRow> m_truth, m_truthBefore;
    std::optional<QString> m_claims, m_claimsBefore;
    bool m_read = false;
};

} // namespace assay
