#include "retrieval/fixedretriever.h"

#include "project/database.h"

namespace assay {

FixedRetriever::FixedRetriever(Kind kind, Database &db) : m_kind(kind), m_db(db) {}

Result<QVector<RetrievalHit>> FixedRetriever::retrieve(const RetrievalQuery &query, int k) const
{
    QVector<RetrievalHit> hits;
    if (m_kind == Kind::ClosedBook)
        return hits;
    auto s = m_db.prepare(QStringLiteral("SELECT c.id FROM chunk c JOIN document d ON d.id = c.document_id WHERE d.doc_id = ? ORDER BY c.ordinal"));
    if (!s)
        return Result<QVector<RetrievalHit>>::failure(s.error());
    for (const QString &doc : query.trueDocIds) {
        if (hits.size() >= k)
            break;
        s.value().reset();
        s.value().bind(1, doc);
        const Status read = s.value().forEach([&](const Statement &r) {
            hits.append({int(hits.size()) + 1, doc, r.integer(0), 1.0});
            return hits.size() < k;
        });
        if (!read)
            return Result<QVector<RetrievalHit>>::failure(read);
    }
    return hits;
}

} // namespace assay
