#pragma once
// The in-memory lexical retrievers over a CorpusSnapshot. `keyword` scores a chunk by how
// many distinct query tokens it contains (GRAMMAR's deliberately weak baseline: long queries
// match everything a little). `tfidf` is the cosine of TF-IDF vectors with smooth idf
// ln((1 + N) / (1 + df)) + 1 and l2-normalised chunk vectors. Ties go to the earlier chunk in
// corpus order; zero scores are never returned.
#include "retrieval/corpussnapshot.h"
#include "retrieval/retriever.h"

namespace assay {

class LexicalRetriever : public Retriever {
public:
    enum class Scoring { Keyword, Tfidf };
    LexicalRetriever(Scoring scoring, std::shared_ptr<const CorpusSnapshot> corpus);

    QString name() const override { return m_scoring == Scoring::Keyword ? QStringLiteral("keyword") : QStringLiteral("tfidf"); }
    Result<QVector<RetrievalHit>> retrieve(const RetrievalQuery &query, int k) const override;

private:
    double idf(int documentFrequency) const;
    Scoring m_scoring;
    std::shared_ptr<const CorpusSnapshot> m_corpus;
    QVector<double> m_norms; // tfidf: l2 norm of each chunk's vector
};

} // namespace assay
