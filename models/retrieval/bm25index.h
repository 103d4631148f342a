#pragma once
// BM25 exactly as SQLite FTS5's bm25() computes it (k1 = 1.2, b = 0.75, idf =
// ln((N - n + 0.5) / (n + 0.5)) clamped to 1e-6, terms OR-ed), over an in-memory
// CorpusSnapshot. Per posting, the tf-and-length factor is precomputed (an "impact"), so
// scoring a posting is one multiply-add into a float accumulator. MaxScore pruning: rare
// terms are added first over all chunks; the partial or exact scores of the best chunks so far
// give a threshold, and once the bounds of the remaining terms cannot lift an unreached chunk to it,
// the remaining terms are added only to chunks that can still make the top k. Final scores
// are recomputed exactly, summed in the query's term order as FTS5 sums its phrases, so both
// rank alike; tests compare them on random corpora (tst_retrieval) and against an exhaustive
// scorer (tst_bm25ranking). What keeps a query fast is described in docs/METHODS.md §2.5.
#include "retrieval/corpussnapshot.h"
#include "retrieval/retriever.h"

#include <vector>

namespace assay {

class Bm25Index : public Retriever {
public:
    explicit Bm25Index(std::shared_ptr<const CorpusSnapshot> corpus);
    QString name() const override { return QStringLiteral("bm25"); }
    Result<QVector<RetrievalHit>> retrieve(const RetrievalQuery &query, int k) const override;

private:
    struct Postings {
        std::vector<int> chunks;     // ascending
        std::vector<float> impacts;  // tf · (k1 + 1) / (tf + k1 · (1 − b + b · len / avglen))
        float maxImpact = 0;
        double idf = 0;              // ln((N − n + 0.5) / (n + 0.5)), 1e-6 when not positive
        double bound = 0;            // the most this term can add to any chunk's score
    };
    struct Term {
        const Postings *postings;
        int termId;
    };
    // What one query needs besides the index, kept per thread and reused, so that a query
    // allocates nothing once the buffers have grown (docs/METHODS.md §2.5).
    struct Scratch;
    static Scratch &scratch();
    void readTerms(const QString &text, Scratch &s) const;
    double exactScore(Scratch &s, int chunk) const;

    std::shared_ptr<const CorpusSnapshot> m_corpus;
    QVector<double> m_lengthNorm; // per chunk: k1 · (1 − b + b · length / average length)
    std::vector<Postings> m_postings;
    QHash<QString, int> m_termIndex;
    // The forward index (chunk → its terms and counts), each chunk's entries in ascending
    // term id, for exact scores without searching the postings.
    std::vector<qint64> m_forwardStart;           // per chunk, into m_forward
    std::vector<std::pair<int, int>> m_forward;   // (term id, count), grouped by chunk
};

} // namespace assay
