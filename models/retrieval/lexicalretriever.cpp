#include "retrieval/lexicalretriever.h"

#include "retrieval/tokenizer.h"

#include <QMap>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace assay {

LexicalRetriever::LexicalRetriever(Scoring scoring, std::shared_ptr<const CorpusSnapshot> corpus)
    : m_scoring(scoring), m_corpus(std::move(corpus))
{
    if (m_scoring != Scoring::Tfidf)
        return;
    // Norms need every term of every chunk: walk the inverted lists once.
    // The terms in a fixed order, not the hash's (seeded per process): floating-point sums
    // in another order round differently and flip ties between runs of the same pipeline.
    m_norms.fill(0.0, m_corpus->size());
    const auto &index = m_corpus->index();
    QStringList terms = index.keys();
    std::sort(terms.begin(), terms.end());
    for (const QString &term : std::as_const(terms)) {
        const auto &postings = *index.constFind(term);
        const double w = idf(int(postings.size()));
        for (const auto &p : postings)
            m_norms[p.chunk] += (p.count * w) * (p.count * w);
    }
    for (double &n : m_norms)
        n = std::sqrt(n);
}

double LexicalRetriever::idf(int df) const
{
    const double n = m_corpus->size();
    return std::log((1.0 + n) / (1.0 + df)) + 1.0;
}

Result<QVector<RetrievalHit>> LexicalRetriever::retrieve(const RetrievalQuery &query, int k) const
{
    // Sorted, so the scores are summed in the same order in every process (see above).
    QMap<QString, int> queryCounts;
    for (const QString &t : Tokenizer::tokens(query.text))
        ++queryCounts[t];
    // A dense score array plus the list of chunks touched: long queries with frequent terms
    // touch most of the corpus, where a hash map would dominate the cost.
    thread_local QVector<double> scores;
    thread_local QVector<int> touched;
    if (scores.size() != m_corpus->size())
        scores.fill(0.0, m_corpus->size());
    touched.clear();
    auto add = [](int chunk, double value) {
        if (scores[chunk] == 0.0)
            touched.append(chunk);
        scores[chunk] += value;
    };
    double queryNorm = 0;
    for (auto it = queryCounts.begin(); it != queryCounts.end(); ++it) {
        const auto *postings = m_corpus->postings(it.key());
        if (!postings)
            continue;
        if (m_scoring == Scoring::Keyword) {
            for (const auto &p : *postings)
                add(p.chunk, 1.0);
            continue;
        }
        const double w = idf(int(postings->size()));
        const double q = it.value() * w;
        queryNorm += q * q;
        for (const auto &p : *postings)
            add(p.chunk, q * p.count * w);
    }
    QVector<QPair<double, int>> ranked;
    ranked.reserve(touched.size());
    for (int chunk : std::as_const(touched)) {
        double s = scores[chunk];
        scores[chunk] = 0.0; // ready for the next query
        if (m_scoring == Scoring::Tfidf) {
            const double norm = m_norms.value(chunk);
            s = norm > 0 && queryNorm > 0 ? s / (norm * std::sqrt(queryNorm)) : 0;
        }
        if (s > 0)
            ranked.append({s, chunk});
    }
    const int n = std::min<int>(k, int(ranked.size()));
    std::partial_sort(ranked.begin(), ranked.begin() + n, ranked.end(), [](const auto &a, const auto &b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second; // ties: earlier chunk first
    });
    QVector<RetrievalHit> hits;
    for (int i = 0; i < n; ++i) {
        const auto &chunk = m_corpus->chunks()[ranked[i].second];
        hits.append({i + 1, chunk.docId, chunk.id, ranked[i].first});
    }
    return hits;
}

} // namespace assay
