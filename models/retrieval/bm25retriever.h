#pragma once
// BM25 by SQLite FTS5 (bm25() of the chunk_fts index). The query's tokens are each quoted
// and OR-ed, so any user text — quotes, FTS operators like NEAR or AND, other scripts — is
// searched as words and never parsed as query syntax.
#include "retrieval/retriever.h"

namespace assay {

class Database;

class Bm25Retriever : public Retriever {
public:
    explicit Bm25Retriever(Database &db);
    QString name() const override { return QStringLiteral("bm25"); }
    Result<QVector<RetrievalHit>> retrieve(const RetrievalQuery &query, int k) const override;
    static QString matchExpression(const QString &text);

private:
    Database &m_db;
};

} // namespace assay
