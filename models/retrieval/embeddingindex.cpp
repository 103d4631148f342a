#include "retrieval/embeddingindex.h"

#include "core/job.h"
#include "llm/llmembedder.h"
#include "project/database.h"
#include "project/transaction.h"

#include <algorithm>
#include <numeric>

namespace assay {

Result<qint64> EmbeddingIndex::ensure(Database &db, LlmEmbedder &embedder, Job *job)
{
    using R = Result<qint64>;
    const QString model = embedder.modelKey();
    auto missing = db.prepare(QStringLiteral("SELECT c.id, c.text FROM chunk c JOIN document d ON d.id = c.document_id "
                                             "WHERE NOT EXISTS (SELECT 1 FROM embedding e WHERE e.model = ?1 AND e.chunk_id = c.id) "
                                             "ORDER BY d.id, c.ordinal"));
    if (!missing)
        return R::failure(missing.error());
    missing.value().bind(1, model);
    QVector<qint64> ids;
    QStringList texts;
    const Status read = missing.value().forEach([&](const Statement &r) {
        ids << r.integer(0);
        texts << r.text(1);
    });
    if (!read)
        return R::failure(read);
    qint64 stored = 0;
    constexpr int PerTransaction = 512;
    for (int start = 0; start < ids.size(); start += PerTransaction) {
        if (job && job->isCancelled())
            return R::cancelled();
        auto vectors = embedder.embed(texts.mid(start, PerTransaction), nullptr);
        if (!vectors)
            return R::failure(vectors.error());
        Transaction tx(db);
        auto insert = db.prepare(QStringLiteral("INSERT OR REPLACE INTO embedding(model, chunk_id, dims, vector) VALUES (?, ?, ?, ?)"));
        if (!insert)
            return R::failure(insert.error());
        for (size_t i = 0; i < vectors.value().size(); ++i) {
            const std::vector<float> &v = vectors.value()[i];
            insert.value().reset();
            insert.value().bindAll({model, ids[start + int(i)], int(v.size()),
                                    QByteArray(reinterpret_cast<const char *>(v.data()), qsizetype(v.size() * sizeof(float)))});
            if (auto s = insert.value().run(); !s)
                return R::failure(s.error());
        }
        if (auto s = tx.commit(); !s)
            return R::failure(s.error());
        stored += qint64(vectors.value().size());
        if (job)
            job->reportProgress(start + qint64(vectors.value().size()), ids.size(), QStringLiteral("embedding the corpus"));
    }
    return stored;
}

Result<EmbeddingIndex> EmbeddingIndex::load(Database &db, const QString &modelKey)
{
    using R = Result<EmbeddingIndex>;
    auto s = db.prepare(QStringLiteral("SELECT e.chunk_id, d.doc_id, e.dims, e.vector FROM embedding e JOIN chunk c ON c.id = e.chunk_id "
                                       "JOIN document d ON d.id = c.document_id WHERE e.model = ? ORDER BY d.id, c.ordinal"));
    if (!s)
        return R::failure(s.error());
    s.value().bind(1, modelKey);
    EmbeddingIndex index;
    while (true) {
        auto row = s.value().next();
        if (!row)
            return R::failure(row);
        if (!row.value())
            break;
        const int dims = int(s.value().integer(2));
        const QByteArray blob = s.value().value(3).toByteArray();
        if (index.m_dims == 0)
            index.m_dims = dims;
        if (dims != index.m_dims || blob.size() != qsizetype(dims * sizeof(float)))
            return R::failure(QStringLiteral("embedding of chunk %1 (model %2) has %3 dimensions; others have %4")
                                  .arg(s.value().integer(0)).arg(modelKey).arg(dims).arg(index.m_dims));
        const auto *f = reinterpret_cast<const float *>(blob.constData());
        index.m_vectors.insert(index.m_vectors.end(), f, f + dims);
        index.m_chunkIds.push_back(s.value().integer(0));
        index.m_docIds << s.value().text(1);
    }
    return index;
}

QVector<RetrievalHit> EmbeddingIndex::search(const std::vector<float> &query, int limit) const
{
    QVector<RetrievalHit> hits;
    if (m_chunkIds.empty() || int(query.size()) != m_dims || limit <= 0)
        return hits;
    const size_t n = m_chunkIds.size();
    std::vector<float> scores(n);
    for (size_t i = 0; i < n; ++i) {
        const float *v = m_vectors.data() + i * size_t(m_dims);
        float dot = 0;
        for (int d = 0; d < m_dims; ++d)
            dot += v[d] * query[size_t(d)];
        scores[i] = dot;
    }
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    const size_t top = std::min(n, size_t(limit));
    std::partial_sort(order.begin(), order.begin() + qsizetype(top), order.end(),
                      [&](size_t a, size_t b) { return scores[a] != scores[b] ? scores[a] > scores[b] : a < b; });
    for (size_t r = 0; r < top; ++r)
        hits.append({int(r) + 1, m_docIds[qsizetype(order[r])], m_chunkIds[order[r]], double(scores[order[r]])});
    return hits;
}

} // namespace assay
