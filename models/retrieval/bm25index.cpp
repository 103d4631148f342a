#include "retrieval/bm25index.h"

#include "retrieval/tokenizer.h"

#include <QSet>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace assay {

namespace {
constexpr double k1 = 1.2;
constexpr double b = 0.75;
// Accumulators are floats: partial scores only decide what is pruned, with this margin
// (far above float rounding on sums of a few hundred terms); final scores are exact.
constexpr double Margin = 1e-3;
} // namespace

Bm25Index::Bm25Index(std::shared_ptr<const CorpusSnapshot> corpus) : m_corpus(std::move(corpus))
{
    const double average = m_corpus->size() > 0 ? double(m_corpus->totalTokens()) / m_corpus->size() : 1.0;
    m_lengthNorm.resize(m_corpus->size());
    for (int c = 0; c < m_corpus->size(); ++c)
        m_lengthNorm[c] = k1 * (1.0 - b + b * double(m_corpus->length(c)) / average);
    const auto &index = m_corpus->index();
    m_postings.reserve(size_t(index.size()));
    m_termIndex.reserve(index.size());
    for (auto it = index.begin(); it != index.end(); ++it) {
        Postings p;
        p.chunks.reserve(size_t(it.value().size()));
        p.impacts.reserve(size_t(it.value().size()));
        p.counts.reserve(size_t(it.value().size()));
        for (const auto &posting : it.value()) {
            const float impact = float((posting.count * (k1 + 1.0)) / (posting.count + m_lengthNorm[posting.chunk]));
            p.chunks.push_back(posting.chunk);
            p.impacts.push_back(impact);
            p.counts.push_back(posting.count);
            p.maxImpact = std::max(p.maxImpact, impact);
        }
        m_termIndex.insert(it.key(), int(m_postings.size()));
        m_postings.push_back(std::move(p));
    }
    // The forward index (chunk → its terms and counts), for exact scores without searching.
    m_forwardStart.assign(size_t(m_corpus->size()) + 1, 0);
    for (const Postings &p : m_postings)
        for (int c : p.chunks)
            ++m_forwardStart[size_t(c) + 1];
    std::partial_sum(m_forwardStart.begin(), m_forwardStart.end(), m_forwardStart.begin());
    m_forward.resize(size_t(m_forwardStart.back()));
    std::vector<qint64> fill(m_forwardStart.begin(), m_forwardStart.end() - 1);
    for (size_t t = 0; t < m_postings.size(); ++t)
        for (size_t i = 0; i < m_postings[t].chunks.size(); ++i)
            m_forward[size_t(fill[size_t(m_postings[t].chunks[i])]++)] = {int(t), m_postings[t].counts[i]};
}

double Bm25Index::exactScore(const QVector<Term> &terms, int chunk) const
{
    // The chunk's counts of the query terms, from its forward list...
    thread_local std::vector<int> tf;
    tf.assign(size_t(terms.size()), 0);
    for (qint64 i = m_forwardStart[size_t(chunk)]; i < m_forwardStart[size_t(chunk) + 1]; ++i) {
        const auto &[term, count] = m_forward[size_t(i)];
        for (int q = 0; q < terms.size(); ++q)
            if (terms[q].termId == term)
                tf[size_t(q)] = count;
    }
    // ...summed with the same operations in the same order as FTS5's bm25(), with the length
    // part precomputed.
    double s = 0;
    for (int q = 0; q < terms.size(); ++q)
        if (const int f = tf[size_t(q)])
            s += terms[q].idf * (f * (k1 + 1.0)) / (f + m_lengthNorm[chunk]);
    return s;
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
        const auto it = m_termIndex.constFind(token);
        if (it == m_termIndex.constEnd())
            continue;
        const Postings *postings = &m_postings[size_t(it.value())];
        const double hit = double(postings->chunks.size());
        double idf = std::log((n - hit + 0.5) / (hit + 0.5));
        if (idf <= 0.0)
            idf = 1e-6;
        terms.append({postings, it.value(), idf, idf * postings->maxImpact * (1.0 + 1e-6) + 1e-9});
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

    thread_local std::vector<float> partial;
    thread_local std::vector<int> touched;
    thread_local std::vector<unsigned char> isCandidate;
    if (partial.size() != size_t(m_corpus->size())) {
        partial.assign(size_t(m_corpus->size()), 0.f);
        isCandidate.assign(size_t(m_corpus->size()), 0);
    }
    touched.clear();

    // Exact scores of the most promising chunks: the k-th best of them is a true lower bound
    // of the k-th best final score, so pruning can start long before partial scores get there.
    double threshold = 0;
    std::vector<int> evaluated;
    std::vector<double> exactTop; // min-heap of the k best exact scores
    const auto evaluate = [&](const std::vector<std::pair<float, int>> &promising) {
        for (const auto &entry : promising) {
            const int c = entry.second;
            if (std::find(evaluated.begin(), evaluated.end(), c) != evaluated.end())
                continue;
            evaluated.push_back(c);
            const double score = exactScore(terms, c);
            if (int(exactTop.size()) < k) {
                exactTop.push_back(score);
                std::push_heap(exactTop.begin(), exactTop.end(), std::greater<double>());
            } else if (score > exactTop.front()) {
                std::pop_heap(exactTop.begin(), exactTop.end(), std::greater<double>());
                exactTop.back() = score;
                std::push_heap(exactTop.begin(), exactTop.end(), std::greater<double>());
            }
        }
        if (int(exactTop.size()) == k)
            threshold = std::max(threshold, exactTop.front());
    };
    const auto byScore = [](const std::pair<float, int> &x, const std::pair<float, int> &y) { return x.first > y.first; };
    std::vector<std::pair<float, int>> best; // the k best partial scores seen in the last pass (a min-heap)
    best.reserve(size_t(k) + 1);

    // Term at a time over whole posting lists, while an unreached chunk could still make it.
    int added = 0;
    for (; added < terms.size() && rest[added] >= threshold - Margin; ++added) {
        const Term &t = terms[order[added]];
        const float idf = float(t.idf);
        best.clear();
        float floor = -1.f;
        const size_t size = t.postings->chunks.size();
        const int *chunks = t.postings->chunks.data();
        const float *impacts = t.postings->impacts.data();
        for (size_t i = 0; i < size; ++i) {
            const int c = chunks[i];
            float &p = partial[size_t(c)];
            if (p == 0.f)
                touched.push_back(c);
            p += idf * impacts[i];
            if (p > floor) {
                if (int(best.size()) < k) {
                    best.push_back({p, c});
                    std::push_heap(best.begin(), best.end(), byScore);
                    if (int(best.size()) == k)
                        floor = best.front().first;
                } else {
                    std::pop_heap(best.begin(), best.end(), byScore);
                    best.back() = {p, c};
                    std::push_heap(best.begin(), best.end(), byScore);
                    floor = best.front().first;
                }
            }
        }
        evaluate(best);
    }

    // The remaining terms only for chunks that could still reach the threshold.
    std::vector<int> candidates;
    for (int c : touched)
        if (partial[size_t(c)] + rest[added] >= threshold - Margin) {
            candidates.push_back(c);
            isCandidate[size_t(c)] = 1;
        }
    bool sorted = false;
    std::vector<std::pair<float, int>> top;
    for (; added < terms.size() && int(candidates.size()) > k; ++added) {
        const Term &t = terms[order[added]];
        const float idf = float(t.idf);
        const auto &chunks = t.postings->chunks;
        if (candidates.size() * 16 > chunks.size()) {
            // Many candidates: one sequential pass over the postings beats searching.
            for (size_t i = 0; i < chunks.size(); ++i)
                if (isCandidate[size_t(chunks[i])])
                    partial[size_t(chunks[i])] += idf * t.postings->impacts[i];
        } else {
            if (!sorted) {
                std::sort(candidates.begin(), candidates.end());
                sorted = true;
            }
            auto from = chunks.begin();
            for (int c : candidates) {
                from = std::lower_bound(from, chunks.end(), c);
                if (from == chunks.end())
                    break;
                if (*from == c)
                    partial[size_t(c)] += idf * t.postings->impacts[size_t(from - chunks.begin())];
            }
        }
        top.clear();
        for (int c : candidates)
            top.push_back({partial[size_t(c)], c});
        const size_t keep = std::min(top.size(), size_t(k));
        std::nth_element(top.begin(), top.begin() + qsizetype(keep - 1), top.end(), byScore);
        top.resize(keep);
        evaluate(top);
        candidates.erase(std::remove_if(candidates.begin(), candidates.end(),
                                        [&](int c) {
                                            const bool hopeless = partial[size_t(c)] + rest[added + 1] < threshold - Margin;
                                            if (hopeless)
                                                isCandidate[size_t(c)] = 0;
                                            return hopeless;
                                        }),
                         candidates.end());
    }
    for (int c : touched) {
        partial[size_t(c)] = 0.f; // ready for the next query
        isCandidate[size_t(c)] = 0;
    }

    std::vector<std::pair<double, int>> ranked;
    ranked.reserve(candidates.size());
    for (int c : candidates)
        ranked.push_back({exactScore(terms, c), c});
    const auto better = [](const std::pair<double, int> &x, const std::pair<double, int> &y) {
        return x.first != y.first ? x.first > y.first : x.second < y.second;
    };
    const size_t count = std::min(size_t(k), ranked.size());
    std::partial_sort(ranked.begin(), ranked.begin() + qsizetype(count), ranked.end(), better);
    for (size_t i = 0; i < count; ++i) {
        const auto &chunk = m_corpus->chunks()[ranked[i].second];
        hits.append({int(i) + 1, chunk.docId, chunk.id, ranked[i].first});
    }
    return hits;
}

} // namespace assay
