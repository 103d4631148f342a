#include "retrieval/bm25index.h"

#include "retrieval/tokenizer.h"

#include <QSet>

#include <numeric>

#include <algorithm>
#include <cmath>

namespace assay {

namespace {
constexpr double k1 = 1.2;
constexpr double b = 0.75;
} // namespace

Bm25Index::Bm25Index(std::shared_ptr<const CorpusSnapshot> corpus) : m_corpus(std::move(corpus))
{
    if (m_corpus->size() > 0)
        m_averageLength = double(m_corpus->totalTokens()) / m_corpus->size();
    m_lengthNorm.resize(m_corpus->size());
    for (int c = 0; c < m_corpus->size(); ++c)
        m_lengthNorm[c] = k1 * (1.0 - b + b * double(m_corpus->length(c)) / m_averageLength);
    // A term adds idf × factor(tf, length) to a chunk; the largest factor over its postings
    // bounds what the term can add anywhere, far tighter than k1 + 1.
    const auto &index = m_corpus->index();
    m_maxFactor.reserve(index.size());
    for (auto it = index.begin(); it != index.end(); ++it) {
        double best = 0;
        for (const auto &p : it.value())
            best = std::max(best, (p.count * (k1 + 1.0)) / (p.count + m_lengthNorm[p.chunk]));
        m_maxFactor.insert(it.key(), best);
    }
}

double Bm25Index::contribution(const Term &t, int tf, int chunk) const
{
    // The same operations in the same order as FTS5's bm25(), with the length part precomputed.
    return t.idf * (tf * (k1 + 1.0)) / (tf + m_lengthNorm[chunk]);
}

int Bm25Index::frequency(const Term &t, int chunk)
{
    const auto it = std::lower_bound(t.postings->cbegin(), t.postings->cend(), chunk,
                                     [](const CorpusSnapshot::Posting &p, int c) { return p.chunk < c; });
    return it != t.postings->cend() && it->chunk == chunk ? it->count : 0;
}

Result<QVector<RetrievalHit>> Bm25Index::retrieve(const RetrievalQuery &query, int k) const
{
    QVector<RetrievalHit> hits;
    // Terms in first-occurrence order: the order FTS5 sums its OR-ed phrases in.
    QVector<Term> terms;
    QSet<QString> seen;
    const double n = m_corpus->size();
    for (const QString &token : Tokenizer::tokens(query.text)) {
        if (seen.contains(token))
            continue;
        seen.insert(token);
        const auto *postings = m_corpus->postings(token);
        if (!postings)
            continue;
        const double hit = double(postings->size());
        double idf = std::log((n - hit + 0.5) / (hit + 0.5));
        if (idf <= 0.0)
            idf = 1e-6;
        terms.append({postings, idf, idf * m_maxFactor.value(token) * (1.0 + 1e-12)});
    }
    if (terms.isEmpty() || k < 1)
        return hits;

    // Rarest (highest bound) first. rest[i] = bound of terms i.. together.
    QVector<int> order(terms.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int x, int y) { return terms[x].bound > terms[y].bound; });
    QVector<double> rest(terms.size() + 1, 0.0);
    for (int i = int(terms.size()) - 1; i >= 0; --i)
        rest[i] = rest[i + 1] + terms[order[i]].bound;

    // Term at a time, rarest first, into a dense array of partial scores. Once the terms not
    // yet added cannot lift any chunk that none of the added terms reached into the top k
    // (rest < the k-th best partial score, a lower bound of the k-th best final score), the
    // remaining terms are looked up only for chunks that can still make it.
    thread_local QVector<double> partial;
    thread_local QVector<int> touched;
    if (partial.size() != m_corpus->size())
        partial.fill(0.0, m_corpus->size());
    touched.clear();
    int added = 0;
    double threshold = 0;
    std::vector<double> heap; // the k best partial scores among the last term's chunks (a min-heap)
    heap.reserve(k + 1);
    while (added < terms.size()) {
        if (rest[added] < threshold)
            break; // no chunk unreached so far can enter the top k
        const Term &t = terms[order[added]];
        heap.clear();
        for (const auto &p : *t.postings) {
            if (partial[p.chunk] == 0.0)
                touched.append(p.chunk);
            const double value = (partial[p.chunk] += contribution(t, p.count, p.chunk));
            if (int(heap.size()) < k) {
                heap.push_back(value);
                std::push_heap(heap.begin(), heap.end(), std::greater<double>());
            } else if (value > heap.front()) {
                std::pop_heap(heap.begin(), heap.end(), std::greater<double>());
                heap.back() = value;
                std::push_heap(heap.begin(), heap.end(), std::greater<double>());
            }
        }
        ++added;
        // Partial scores only grow, so the k-th best among these chunks bounds the k-th best
        // final score from below.
        if (int(heap.size()) == k)
            threshold = std::max(threshold, heap.front());
    }
    // The remaining (frequent, low-idf) terms only matter for chunks already reached: add
    // them there by scanning their postings, until what is left is negligible.
    for (; added < terms.size() && rest[added] >= 1e-3; ++added) {
        const Term &t = terms[order[added]];
        for (const auto &p : *t.postings)
            if (partial[p.chunk] != 0.0)
                partial[p.chunk] += contribution(t, p.count, p.chunk);
    }
    // Candidates: within what the unadded terms could still add of the k-th best. Their
    // final score is summed in query order, as FTS5 does, so near-ties order the same way.
    QVector<double> values;
    values.reserve(touched.size());
    for (int c : std::as_const(touched))
        values.append(partial[c]);
    double cut = 0;
    if (values.size() >= k) {
        std::nth_element(values.begin(), values.begin() + (k - 1), values.end(), std::greater<double>());
        cut = values[k - 1] - rest[added] - 1e-9;
    }
    QVector<QPair<double, int>> best;
    auto better = [](const QPair<double, int> &x, const QPair<double, int> &y) {
        return x.first != y.first ? x.first > y.first : x.second < y.second;
    };
    for (int c : std::as_const(touched)) {
        const double score = partial[c];
        partial[c] = 0.0; // ready for the next query
        if (score < cut)
            continue;
        double s = 0;
        for (const Term &t : terms)
            if (const int tf = frequency(t, c))
                s += contribution(t, tf, c);
        best.append({s, c});
    }
    const int top = std::min<int>(k, int(best.size()));
    std::partial_sort(best.begin(), best.begin() + top, best.end(), better);
    best.resize(top);
    for (int i = 0; i < best.size(); ++i) {
        const auto &chunk = m_corpus->chunks()[best[i].second];
        hits.append({i + 1, chunk.docId, chunk.id, best[i].first});
    }
    return hits;
}

} // namespace assay
