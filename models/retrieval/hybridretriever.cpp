#include "retrieval/hybridretriever.h"

#include <QHash>

#include <algorithm>

namespace assay {

HybridRetriever::HybridRetriever(Database &db, std::unique_ptr<DenseRetriever> dense) : m_bm25(db), m_dense(std::move(dense)) {}

QVector<RetrievalHit> HybridRetriever::fuse(const QVector<RetrievalHit> &a, const QVector<RetrievalHit> &b, int k, int rrfK)
{
    struct Entry {
        RetrievalHit hit;
        double score = 0;
        int firstSeen = 0;
    };
    QHash<qint64, Entry> fused;
    int seen = 0;
    for (const QVector<RetrievalHit> *list : {&a, &b}) {
        for (const RetrievalHit &h : *list) {
            auto it = fused.find(h.chunkId);
            if (it == fused.end())
                it = fused.insert(h.chunkId, Entry{h, 0, seen++});
            it->score += 1.0 / (rrfK + h.rank);
        }
    }
    QVector<Entry> entries = fused.values().toVector();
    // Equal fused scores: the chunk id order is the corpus order of chunks.
    std::sort(entries.begin(), entries.end(), [](const Entry &x, const Entry &y) {
        return x.score != y.score ? x.score > y.score : x.hit.chunkId < y.hit.chunkId;
    });
    QVector<RetrievalHit> out;
    for (int i = 0; i < entries.size() && i < k; ++i) {
        RetrievalHit h = entries[i].hit;
        h.rank = i + 1;
        h.score = entries[i].score;
        out << h;
    }
    return out;
}

Status HybridRetriever::prepare(const QStringList &queries, Job *job)
{
    if (auto s = m_bm25.prepare(queries, job); !s)
        return s;
    return m_dense->prepare(queries, job);
}

Result<QVector<RetrievalHit>> HybridRetriever::retrieve(const RetrievalQuery &query, int k) const
{
    using R = Result<QVector<RetrievalHit>>;
    const int depth = std::max(k, 50);
    auto lexical = m_bm25.retrieve(query, depth);
    if (!lexical)
        return R::failure(lexical.error());
    auto dense = m_dense->retrieve(query, depth);
    if (!dense)
        return R::failure(dense.error());
    return fuse(lexical.value(), dense.value(), k);
}

} // namespace assay
