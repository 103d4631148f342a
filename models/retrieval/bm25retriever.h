#pragma once
// BM25 by SQLite FTS5 (bm25() of the chunk_fts index). The query's tokens are each quoted
// and OR-ed, so any user text — quotes, FTS operators like NEAR or AND, other scripts — is
// searched as words and never parsed as query syntax. For a batch of queries (a run),
// prepare() loads the in-memory Bm25Index, which ranks exactly as FTS5 does, much faster.
#include "retrieval/bm25index.h"
#include "retrieval/retriever.h"

#include <memory>

namespace assay {

class Database;

class Bm25Retriever : public Retriever {
public:
    explicit Bm25Retriever(Database &db);
    QString name() const override { return QStringLiteral("bm25"); }
    Result<QVector<RetrievalHit>> retrieve(const RetrievalQuery &query, int k) const override;
    Status prepare(const QStringList &queries, Job *job) override;
    static QString matchExpression(const QString &text);
    static constexpr int InMemoryFrom = 32; // queries in a batch

private:
    Database &m_db;
    std::unique_ptr<Bm25Index> m_memory;
};

} // namespace assay
