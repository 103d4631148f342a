#include "retrieval/bm25index.h"

#include "retrieval/tokenizer.h"

#include <QScopeGuard>

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

// The first index at or after `from` whose chunk is not below `c`: galloping, because the
// candidates come in ascending order and usually lie close to the previous one, where a
// binary search over the whole rest of a long list would miss the cache at every step.
size_t seek(const int *chunks, size_t size, size_t from, int c)
{
    if (from >= size || chunks[from] >= c)
        return from;
    size_t low = from, step = 1; // chunks[low] < c
    while (low + step < size && chunks[low + step] < c) {
        low += step;
        step *= 2;
    }
    const size_t high = std::min(low + step, size);
    return size_t(std::lower_bound(chunks + low + 1, chunks + high, c) - chunks);
}
} // namespace

struct Bm25Index::Scratch {
    QString token;
    std::vector<Term> terms;  // the query's distinct indexed terms, in first-occurrence order
    std::vector<int> slot;    // per term id: its place in `terms`, or -1 (vocabulary-sized)
    std::vector<int> tf;      // per query term, while one chunk is scored exactly
    std::vector<int> order;   // query terms by bound, highest first
    std::vector<double> rest; // rest[i]: the bounds of order[i..] together
    std::vector<float> partial;              // per chunk, zero between queries
    std::vector<unsigned char> isCandidate;  // per chunk, zero between queries
    std::vector<int> touched, candidates, evaluated;
    std::vector<double> exactTop;            // min-heap of the k best exact scores
    std::vector<std::pair<float, int>> best; // min-heap of the k best partial scores of a pass
    std::vector<std::pair<double, int>> ranked;
};

Bm25Index::Scratch &Bm25Index::scratch()
{
    thread_local Scratch s;
    return s;
}

Bm25Index::Bm25Index(std::shared_ptr<const CorpusSnapshot> corpus) : m_corpus(std::move(corpus))
{
    const double average = m_corpus->size() > 0 ? double(m_corpus->totalTokens()) / m_corpus->size() : 1.0;
    const double n = m_corpus->size();
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
        for (const auto &posting : it.value()) {
            const float impact = float((posting.count * (k1 + 1.0)) / (posting.count + m_lengthNorm[posting.chunk]));
            p.chunks.push_back(posting.chunk);
            p.impacts.push_back(impact);
            p.maxImpact = std::max(p.maxImpact, impact);
        }
        const double hit = double(p.chunks.size());
        p.idf = std::log((n - hit + 0.5) / (hit + 0.5));
        if (p.idf <= 0.0)
            p.idf = 1e-6;
        p.bound = p.idf * p.maxImpact * (1.0 + 1e-6) + 1e-9;
        m_termIndex.insert(it.key(), int(m_postings.size()));
        m_postings.push_back(std::move(p));
    }
    // The forward index, filled term by term in ascending id, so each chunk's entries are in
    // ascending term id. The counts come from the snapshot, in the order the postings were read.
    m_forwardStart.assign(size_t(m_corpus->size()) + 1, 0);
    for (const Postings &p : m_postings)
        for (int c : p.chunks)
            ++m_forwardStart[size_t(c) + 1];
    std::partial_sum(m_forwardStart.begin(), m_forwardStart.end(), m_forwardStart.begin());
    m_forward.resize(size_t(m_forwardStart.back()));
    std::vector<qint64> fill(m_forwardStart.begin(), m_forwardStart.end() - 1);
    int t = 0;
    for (auto it = index.begin(); it != index.end(); ++it, ++t)
        for (const auto &posting : it.value())
            m_forward[size_t(fill[size_t(posting.chunk)]++)] = {t, posting.count};
}

void Bm25Index::readTerms(const QString &text, Scratch &s) const
{
    // Terms in first-occurrence order: the order FTS5 sums its OR-ed phrases in. A repeated
    // term is known by its slot; the token buffer is reused, so nothing is allocated.
    s.terms.clear();
    for (qsizetype at = 0; (at = Tokenizer::next(text, at, s.token)) >= 0;) {
        const auto it = m_termIndex.constFind(s.token);
        if (it == m_termIndex.constEnd())
            continue;
        const int id = it.value();
        if (s.slot[size_t(id)] >= 0)
            continue;
        s.slot[size_t(id)] = int(s.terms.size());
        s.terms.push_back({&m_postings[size_t(id)], id});
    }
}

double Bm25Index::exactScore(Scratch &s, int chunk) const
{
    // The chunk's counts of the query terms, from its forward list through the slots...
    s.tf.assign(s.terms.size(), 0);
    const int *slot = s.slot.data();
    for (qint64 i = m_forwardStart[size_t(chunk)]; i < m_forwardStart[size_t(chunk) + 1]; ++i) {
        const auto &[term, count] = m_forward[size_t(i)];
        if (const int q = slot[term]; q >= 0)
            s.tf[size_t(q)] = count;
    }
    // ...summed with the same operations in the same order as FTS5's bm25(), with the length
    // part precomputed.
    double sum = 0;
    for (size_t q = 0; q < s.terms.size(); ++q)
        if (const int f = s.tf[q])
            sum += s.terms[q].postings->idf * (f * (k1 + 1.0)) / (f + m_lengthNorm[chunk]);
    return sum;
}

Result<QVector<RetrievalHit>> Bm25Index::retrieve(const RetrievalQuery &query, int k) const
{
    QVector<RetrievalHit> hits;
    Scratch &s = scratch();
    const size_t size = size_t(m_corpus->size());
    if (s.partial.size() < size) {
        s.partial.resize(size, 0.f);
        s.isCandidate.resize(size, 0);
    }
    if (s.slot.size() < m_postings.size())
        s.slot.resize(m_postings.size(), -1);
    readTerms(query.text, s);
    const auto clearSlots = qScopeGuard([&s] {
        for (const Term &t : s.terms)
            s.slot[size_t(t.termId)] = -1;
    });
    if (s.terms.empty() || k < 1)
        return hits;
    const int termCount = int(s.terms.size());

    // Rarest (highest bound) first. rest[i] = bound of terms i.. together.
    s.order.resize(size_t(termCount));
    std::iota(s.order.begin(), s.order.end(), 0);
    std::sort(s.order.begin(), s.order.end(), [&](int x, int y) { return s.terms[size_t(x)].postings->bound > s.terms[size_t(y)].postings->bound; });
    s.rest.assign(size_t(termCount) + 1, 0.0);
    for (int i = termCount - 1; i >= 0; --i)
        s.rest[size_t(i)] = s.rest[size_t(i) + 1] + s.terms[size_t(s.order[size_t(i)])].postings->bound;
    const double *rest = s.rest.data();
    float *partial = s.partial.data();
    unsigned char *isCandidate = s.isCandidate.data();
    if (s.touched.size() < size + 1) // one slot more: each posting is written before it counts
        s.touched.resize(size + 1);
    int *touched = s.touched.data();
    size_t touchedCount = 0;
    s.candidates.clear();
    s.evaluated.clear();
    s.exactTop.clear();

    // A lower bound of the k-th best final score: the k-th best partial score of a pass, or
    // the k-th best exact score of the most promising chunks, whichever is higher.
    double threshold = 0;
    // `restAfter` bounds what the terms not yet added can bring: a chunk whose partial score
    // plus that stays below the threshold cannot raise it and is not scored.
    const auto evaluate = [&](double restAfter) {
        for (const auto &entry : s.best) {
            const int c = entry.second;
            if (int(s.exactTop.size()) == k && entry.first + restAfter < threshold - Margin)
                continue;
            if (std::find(s.evaluated.begin(), s.evaluated.end(), c) != s.evaluated.end())
                continue;
            s.evaluated.push_back(c);
            const double score = exactScore(s, c);
            if (int(s.exactTop.size()) < k) {
                s.exactTop.push_back(score);
                std::push_heap(s.exactTop.begin(), s.exactTop.end(), std::greater<double>());
            } else if (score > s.exactTop.front()) {
                std::pop_heap(s.exactTop.begin(), s.exactTop.end(), std::greater<double>());
                s.exactTop.back() = score;
                std::push_heap(s.exactTop.begin(), s.exactTop.end(), std::greater<double>());
            }
        }
        if (int(s.exactTop.size()) == k)
            threshold = std::max(threshold, s.exactTop.front());
    };
    // Keeps the k best partial scores of a pass in s.best; returns the new floor.
    const auto byScore = [](const std::pair<float, int> &x, const std::pair<float, int> &y) { return x.first > y.first; };
    const auto offer = [&](float p, int c, float floor) {
        if (int(s.best.size()) < k) {
            s.best.push_back({p, c});
            std::push_heap(s.best.begin(), s.best.end(), byScore);
            return int(s.best.size()) == k ? s.best.front().first : floor;
        }
        std::pop_heap(s.best.begin(), s.best.end(), byScore);
        s.best.back() = {p, c};
        std::push_heap(s.best.begin(), s.best.end(), byScore);
        return s.best.front().first;
    };

    // Term at a time over whole posting lists, while an unreached chunk could still make it.
    int added = 0;
    for (; added < termCount && rest[added] >= threshold - Margin; ++added) {
        const Postings &p = *s.terms[size_t(s.order[size_t(added)])].postings;
        const float idf = float(p.idf);
        s.best.clear();
        float floor = -1.f;
        const size_t count = p.chunks.size();
        const int *chunks = p.chunks.data();
        const float *impacts = p.impacts.data();
        for (size_t i = 0; i < count; ++i) {
            const int c = chunks[i];
            float &sum = partial[c];
            touched[touchedCount] = c; // kept only when new: no branch to mispredict
            touchedCount += sum == 0.f;
            sum += idf * impacts[i];
            if (sum > floor)
                floor = offer(sum, c, floor);
        }
        // The k best partial scores are lower bounds of exact ones (within float rounding, far
        // below Margin): a threshold for free. Exact scores, which cost a walk of the chunk's
        // forward list, are worth it only once the remaining terms' bounds come near it.
        if (int(s.best.size()) == k)
            threshold = std::max(threshold, double(s.best.front().first));
        if (rest[added + 1] < 2 * threshold)
            evaluate(rest[added + 1]);
    }

    // The remaining terms only for chunks that could still reach the threshold.
    s.candidates.resize(touchedCount);
    size_t kept = 0;
    for (size_t i = 0; i < touchedCount; ++i) {
        const int c = touched[i];
        const bool hopeful = partial[c] + rest[added] >= threshold - Margin;
        isCandidate[c] = hopeful;
        s.candidates[kept] = c;
        kept += hopeful;
    }
    s.candidates.resize(kept);
    bool sorted = false;
    for (; added < termCount && int(s.candidates.size()) > k; ++added) {
        const Postings &p = *s.terms[size_t(s.order[size_t(added)])].postings;
        const float idf = float(p.idf);
        const size_t count = p.chunks.size();
        const int *chunks = p.chunks.data();
        const float *impacts = p.impacts.data();
        if (s.candidates.size() * 16 > count) {
            // Many candidates: one sequential pass over the postings beats searching.
            for (size_t i = 0; i < count; ++i)
                if (isCandidate[chunks[i]])
                    partial[chunks[i]] += idf * impacts[i];
        } else {
            if (!sorted) {
                std::sort(s.candidates.begin(), s.candidates.end());
                sorted = true;
            }
            size_t at = 0;
            for (int c : s.candidates) {
                at = seek(chunks, count, at, c);
                if (at == count)
                    break;
                if (chunks[at] == c)
                    partial[c] += idf * impacts[at];
            }
        }
        // The best partial scores give exact scores (a higher threshold)...
        s.best.clear();
        float floor = -1.f;
        for (int c : s.candidates)
            if (partial[c] > floor)
                floor = offer(partial[c], c, floor);
        if (int(s.best.size()) == k)
            threshold = std::max(threshold, double(s.best.front().first));
        evaluate(rest[added + 1]);
        // ...and the chunks that cannot reach it any more leave, in place and in order.
        const double cut = threshold - Margin - rest[added + 1];
        kept = 0;
        for (int c : s.candidates) {
            const bool hopeful = partial[c] >= cut;
            isCandidate[c] = hopeful;
            s.candidates[kept] = c;
            kept += hopeful;
        }
        s.candidates.resize(kept);
    }
    for (size_t i = 0; i < touchedCount; ++i) {
        partial[touched[i]] = 0.f; // ready for the next query
        isCandidate[touched[i]] = 0;
    }

    s.ranked.clear();
    for (int c : s.candidates)
        s.ranked.push_back({exactScore(s, c), c});
    const auto better = [](const std::pair<double, int> &x, const std::pair<double, int> &y) {
        return x.first != y.first ? x.first > y.first : x.second < y.second;
    };
    const size_t count = std::min(size_t(k), s.ranked.size());
    std::partial_sort(s.ranked.begin(), s.ranked.begin() + qsizetype(count), s.ranked.end(), better);
    for (size_t i = 0; i < count; ++i) {
        const auto &chunk = m_corpus->chunks()[s.ranked[i].second];
        hits.append({int(i) + 1, chunk.docId, chunk.id, s.ranked[i].first});
    }
    return hits;
}

} // namespace assay
