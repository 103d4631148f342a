#include "commands/setdocumentkeyscommand.h"

#include "grounding/documentkeystore.h"
#include "project/project.h"

namespace assay {

SetDocumentKeysCommand::SetDocumentKeysCommand(Project *project, const QString &text, QVector<DocumentKey> keys, QVector<KeyTruthRow> truth)
    : CheckedCommand(text), m_project(project), m_keys(std::move(keys)), m_truth(std::move(truth))
{
}

void SetDocumentKeysCommand::redo()
{
    DocumentKeyStore store(m_project->database());
    if (!m_read) {
        auto keys = store.keys();
        if (!check(keys))
            return;
        auto truth = store.truth();
        if (!check(truth))
            return;
        m_keysBefore = keys.take();
        m_truthBefore = truth.take();
        m_read = true;
    }
    check(store.replace(m_keys, m_truth));
}

void SetDocumentKeysCommand::undo() { check(DocumentKeyStore(m_project->database()).replace(m_keysBefore, m_truthBefore)); }

} // namespace assay
