#include "retrieval/embeddingindex.h"

#include "core/job.h"
#include "llm/llmembedder.h"
#include "retrieval/corpusstore.h"

#include <algorithm>
#include <numeric>

namespace assay {

Result<qint64> EmbeddingIndex::ensure(Database &db, LlmEmbedder &embedder, Job *job)
{
    using R = Result<qint64>;
    const QString model = embedder.modelKey();
    CorpusStore corpus(db);
    auto missing = corpus.chunksToEmbed(model);
    if (!missing)
        return R::failure(missing);
    QVector<qint64> ids;
    QStringList texts;
    for (const CorpusChunk &c : missing.value()) {
        ids << c.id;
        texts << c.text;
    }
    qint64 stored = 0;
    constexpr int PerTransaction = 512;
    for (int start = 0; start < ids.size(); start += PerTransaction) {
        if (job && job->isCancelled())
            return R::cancelled();
        auto vectors = embedder.embed(texts.mid(start, PerTransaction), nullptr);
        if (!vectors)
            return R::failure(vectors.error());
        if (auto s = corpus.storeEmbeddings(model, ids.mid(start, PerTransaction), vectors.value()); !s)
            return R::failure(s);
        stored += qint64(vectors.value().size());
        if (job)
            job->reportProgress(start + qint64(vectors.value().size()), ids.size(), QStringLiteral("embedding the corpus"));
    }
    return stored;
}

Result<EmbeddingIndex> EmbeddingIndex::load(Database &db, const QString &modelKey)
{
    using R = Result<EmbeddingIndex>;
    EmbeddingIndex index;
    const Status read = CorpusStore(db).forEachEmbedding(modelKey, [&](qint64 chunkId, const QString &docId, int dims, const QByteArray &blob) {
        if (index.m_dims == 0)
            index.m_dims = dims;
        if (dims != index.m_dims || blob.size() != qsizetype(dims * sizeof(float)))
            return Status::failure(QStringLiteral("embedding of chunk %1 (model %2) has %3 dimensions; others have %4")
                                       .arg(chunkId).arg(modelKey).arg(dims).arg(index.m_dims));
        const auto *f = reinterpret_cast<const float *>(blob.constData());
        index.m_vectors.insert(index.m_vectors.end(), f, f + dims);
        index.m_chunkIds.push_back(chunkId);
        index.m_docIds << docId;
        return Status();
    });
    if (!read)
        return R::failure(read);
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
