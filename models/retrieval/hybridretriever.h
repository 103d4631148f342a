#pragma once
// `hybrid`: BM25 and dense rankings fused by reciprocal rank: score(chunk) = Σ 1 / (60 + rank)
// over the two lists (each cut at max(k, 50)); ties go to the earlier chunk in corpus order.
#include "retrieval/bm25retriever.h"
#include "retrieval/denseretriever.h"

namespace assay {

class HybridRetriever : public Retriever {
public:
    HybridRetriever(Database &db, std::unique_ptr<DenseRetriever> dense);
    QString name() const override { return QStringLiteral("hybrid"); }
    Status prepare(const QStringList &queries, Job *job) override;
    Result<QVector<RetrievalHit>> retrieve(const RetrievalQuery &query, int k) const override;
    // The fusion itself, on two ranked lists.
    static QVector<RetrievalHit> fuse(const QVector<RetrievalHit> &a, const QVector<RetrievalHit> &b, int k, int rrfK = 60);

private:
    Bm25Retriever m_bm25;
    std::unique_ptr<DenseRetriever> m_dense;
};

} // namespace assay
