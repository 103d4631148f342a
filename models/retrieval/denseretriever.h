#pragma once
// `dense`: the query's embedding (same model as the corpus') against the stored chunk
// embeddings, exact cosine top-k. Corpus chunks without a vector are embedded when the
// retriever is created; query vectors come from prepare() in bulk, else one call each.
#include "llm/llmembedder.h"
#include "retrieval/embeddingindex.h"
#include "retrieval/retriever.h"

#include <QHash>

#include <memory>

namespace assay {

class DenseRetriever : public Retriever {
public:
    static Result<std::unique_ptr<DenseRetriever>> create(Database &db, const LlmProfile &profile, LlmStore *store, Job *job = nullptr);
    QString name() const override { return QStringLiteral("dense"); }
    Status prepare(const QStringList &queries, Job *job) override;
    Result<QVector<RetrievalHit>> retrieve(const RetrievalQuery &query, int k) const override;

private:
    DenseRetriever(std::unique_ptr<LlmEmbedder> embedder, EmbeddingIndex index);
    std::unique_ptr<LlmEmbedder> m_embedder;
    EmbeddingIndex m_index;
    mutable QHash<QString, std::vector<float>> m_queries;
};

} // namespace assay
