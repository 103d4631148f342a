#pragma once
// SQL of the document keys and the truth they give (tables document_key, key_truth; a key's
// proposals — KeyTruthRow::proposal — are proposed links of their own tier, KeyProposalConfidence,
// in ground_link, replaced with the keys unless a person checked them).
#include "core/result.h"
#include "grounding/documentkey.h"

#include <QVector>

#include <memory>

namespace assay {

class Database;
class Project;

class DocumentKeyStore {
public:
    explicit DocumentKeyStore(Database &db) : m_db(db) {}
    // The project's one instance (Project::service<DocumentKeyStore>()).
    static std::unique_ptr<DocumentKeyStore> createFor(Project &project);

    Result<QVector<DocumentKey>> keys() const;
    Result<QVector<KeyTruthRow>> truth() const;
    // In one transaction: the keys replaced by `keys` and the key truth by `truth`.
    Status replace(const QVector<DocumentKey> &keys, const QVector<KeyTruthRow> &truth);

private:
    Database &m_db;
};

} // namespace assay
