#pragma once
// BM25 exactly as SQLite FTS5's bm25() computes it (k1 = 1.2, b = 0.75, idf =
// ln((N - n + 0.5) / (n + 0.5)) clamped to 1e-6, terms OR-ed), over an in-memory
// CorpusSnapshot, with MaxScore-style pruning: rare terms are added first, over all chunks,
// until the bounds of the rest cannot lift an unreached chunk into the top k; the frequent
// rest is then added only to chunks already reached. Final scores are summed in the query's
// term order, as FTS5 sums its phrases, so both rank alike; tests compare them on random
// corpora.
#include "retrieval/corpussnapshot.h"
#include "retrieval/retriever.h"

namespace assay {

class Bm25Index : public Retriever {
public:
    explicit Bm25Index(std::shared_ptr<const CorpusSnapshot> corpus);
    QString name() const override { return QStringLiteral("bm25"); }
    Result<QVector<RetrievalHit>> retrieve(const RetrievalQuery &query, int k) const override;

private:
    struct Term {
        const QVector<CorpusSnapshot::Posting> *postings;
        double idf;
        double bound; // the most this term can add to any chunk's score
    };
    double contribution(const Term &t, int tf, int chunk) const;
    static int frequency(const Term &t, int chunk);

    std::shared_ptr<const CorpusSnapshot> m_corpus;
    double m_averageLength = 0;
    QVector<double> m_lengthNorm;       // per chunk: k1 · (1 − b + b · length / average length)
    QHash<QString, double> m_maxFactor; // per term: the largest tf-and-length factor of any posting
};

} // namespace assay
