#include "commands/setdocumentkeyscommand.h"

#include "grounding/documentkeystore.h"
#include "grounding/keytruth.h"
#include "project/project.h"
#include "project/transaction.h"

namespace assay {

SetDocumentKeysCommand::SetDocumentKeysCommand(Project *project, const QString &text, QVector<DocumentKey> keys, QVector<KeyTruthRow> truth,
                                               std::optional<QString> claimsJson)
    : CheckedCommand(text), m_project(project), m_keys(std::move(keys)), m_truth(std::move(truth)), m_claims(std::move(claimsJson))
{
}

Status SetDocumentKeysCommand::write(const QVector<DocumentKey> &keys, const QVector<KeyTruthRow> &truth, const std::optional<QString> &claims)
{
    Transaction tx(m_project->database());
    if (!tx.began())
        return tx.beginStatus();
    if (claims)
        if (auto s = m_project->setProperty(QString::fromLatin1(KeyTruth::ClaimsProperty), *claims); !s)
            return s;
    if (auto s = DocumentKeyStore(m_project->database()).replace(keys, truth); !s)
        return s;
    return tx.commit();
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
        if (m_claims)
            m_claimsBefore = m_project->property(QString::fromLatin1(KeyTruth::ClaimsProperty));
        m_read = true;
    }
    check(write(m_keys, m_truth, m_claims));
}

void SetDocumentKeysCommand::undo() { check(write(m_keysBefore, m_truthBefore, m_claimsBefore)); }

} // namespace assay
