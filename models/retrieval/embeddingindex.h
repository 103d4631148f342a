#pragma once
// The corpus' chunk embeddings of one embedding model, kept in the project (table
// `embedding`) and searched exactly: cosine similarity of unit vectors, best first, ties to
// the earlier chunk in corpus order.
#include "core/result.h"
#include "retrieval/retrievalhit.h"

#include <QVector>

#include <vector>

namespace assay {

class Database;
class Job;
class LlmEmbedder;

class EmbeddingIndex {
public:
    // Embeds the chunks that have no vector for the embedder's model yet and stores them,
    // a batch per transaction, so an interrupted pass keeps what it paid for.
    static Result<qint64> ensure(Database &db, LlmEmbedder &embedder, Job *job = nullptr);
    static Result<EmbeddingIndex> load(Database &db, const QString &modelKey);

    int size() const { return int(m_chunkIds.size()); }
    int dims() const { return m_dims; }
    // `limit` best chunks by cosine similarity to the (unit) query vector.
    QVector<RetrievalHit> search(const std::vector<float> &query, int limit) const;

private:
    std::vector<float> m_vectors; // size() × dims, row-major
    std::vector<qint64> m_chunkIds;
    QStringList m_docIds;
    int m_dims = 0;
};

} // namespace assay
