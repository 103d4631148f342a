#include "retrieval/fixedretriever.h"

#include "project/database.h"
#include "retrieval/corpusstore.h"

#include <algorithm>

namespace assay {

FixedRetriever::FixedRetriever(Kind kind, Database &db) : m_kind(kind), m_db(db) {}

Result<QVector<RetrievalHit>> FixedRetriever::retrieve(const RetrievalQuery &query, int k) const
{
    QVector<RetrievalHit> hits;
    if (m_kind == Kind::ClosedBook)
        return hits;
    // Every true document's first chunk, then every second chunk, and so on: at any k the
    // context holds as many true documents as k allows (docs/METHODS.md §2.8, §4.7).
    CorpusStore corpus(m_db);
    QVector<QVector<qint64>> chunksOf;
    qsizetype longest = 0;
    for (const QString &doc : query.trueDocIds) {
        auto chunks = corpus.chunksOf(doc);
        if (!chunks)
            return Result<QVector<RetrievalHit>>::failure(chunks);
        chunksOf.append(chunks.value());
        longest = std::max(longest, chunks.value().size());
    }
    for (qsizetype round = 0; round < longest; ++round)
        for (qsizetype d = 0; d < chunksOf.size(); ++d) {
            if (round >= chunksOf[d].size())
                continue;
            if (hits.size() >= k)
                return hits;
            hits.append({int(hits.size()) + 1, query.trueDocIds[d], chunksOf[d][round], 1.0});
        }
    return hits;
}

} // namespace assay
