#include "retrieval/denseretriever.h"

namespace assay {

DenseRetriever::DenseRetriever(std::unique_ptr<LlmEmbedder> embedder, EmbeddingIndex index)
    : m_embedder(std::move(embedder)), m_index(std::move(index))
{
}

Result<std::unique_ptr<DenseRetriever>> DenseRetriever::create(Database &db, const LlmProfile &profile, LlmStore *store, Job *job)
{
    using R = Result<std::unique_ptr<DenseRetriever>>;
    auto embedder = std::make_unique<LlmEmbedder>(profile, store);
    if (auto added = EmbeddingIndex::ensure(db, *embedder, job); !added)
        return R::failure(added.error());
    auto index = EmbeddingIndex::load(db, embedder->modelKey());
    if (!index)
        return R::failure(index.error());
    return R(std::unique_ptr<DenseRetriever>(new DenseRetriever(std::move(embedder), index.take())));
}

Status DenseRetriever::prepare(const QStringList &queries, Job *job)
{
    QStringList missing;
    for (const QString &q : queries)
        if (!m_queries.contains(q) && !missing.contains(q))
            missing << q;
    auto vectors = m_embedder->embed(missing, job);
    if (!vectors)
        return Status::failure(vectors.error());
    for (int i = 0; i < missing.size(); ++i)
        m_queries.insert(missing[i], std::move(vectors.value()[size_t(i)]));
    return {};
}

Result<QVector<RetrievalHit>> DenseRetriever::retrieve(const RetrievalQuery &query, int k) const
{
    using R = Result<QVector<RetrievalHit>>;
    auto it = m_queries.constFind(query.text);
    if (it == m_queries.constEnd()) {
        auto v = m_embedder->embed({query.text});
        if (!v)
            return R::failure(v.error());
        it = m_queries.insert(query.text, std::move(v.value().front()));
    }
    if (int(it->size()) != m_index.dims() && m_index.size() > 0)
        return R::failure(QStringLiteral("the query vector has %1 dimensions, the corpus vectors %2").arg(it->size()).arg(m_index.dims()));
    return m_index.search(*it, k);
}

} // namespace assay
