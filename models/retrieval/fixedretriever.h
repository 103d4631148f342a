#pragma once
// The two reference points: `oracle` returns the item's true documents (their chunks in
// corpus order), `closed-book` returns nothing so the reader answers from its own knowledge.
#include "retrieval/retriever.h"

namespace assay {

class Database;

class FixedRetriever : public Retriever {
public:
    enum class Kind { Oracle, ClosedBook };
    FixedRetriever(Kind kind, Database &db);
    QString name() const override { return m_kind == Kind::Oracle ? QStringLiteral("oracle") : QStringLiteral("closed-book"); }
    Result<QVector<RetrievalHit>> retrieve(const RetrievalQuery &query, int k) const override;

private:
    Kind m_kind;
    Database &m_db;
};

} // namespace assay
