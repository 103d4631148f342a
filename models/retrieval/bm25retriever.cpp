#include "retrieval/bm25retriever.h"

#include "project/database.h"
#include "retrieval/tokenizer.h"

namespace assay {

Bm25Retriever::Bm25Retriever(Database &db) : m_db(db) {}

QString Bm25Retriever::matchExpression(const QString &text)
{
    QStringList terms;
    for (QString t : Tokenizer::tokens(text)) {
        t.replace(QLatin1Char('"'), QStringLiteral("\"\""));
        const QString quoted = QLatin1Char('"') + t + QLatin1Char('"');
        if (!terms.contains(quoted))
            terms << quoted;
    }
    return terms.join(QStringLiteral(" OR "));
}

Status Bm25Retriever::prepare(const QStringList &queries, Job *)
{
    if (queries.size() < InMemoryFrom || m_memory)
        return {};
    auto corpus = CorpusSnapshot::load(m_db);
    if (!corpus)
        return Status::failure(corpus.error());
    m_memory = std::make_unique<Bm25Index>(corpus.take());
    return {};
}

Result<QVector<RetrievalHit>> Bm25Retriever::retrieve(const RetrievalQuery &query, int k) const
{
    using R = Result<QVector<RetrievalHit>>;
    if (m_memory)
        return m_memory->retrieve(query, k);
    const QString match = matchExpression(query.text);
    QVector<RetrievalHit> hits;
    if (match.isEmpty())
        return hits;
    // bm25() is lower-is-better; ties go to the earlier chunk in corpus order.
    auto s = m_db.prepare(QStringLiteral("SELECT c.id, d.doc_id, bm25(chunk_fts) AS score FROM chunk_fts "
                                         "JOIN chunk c ON c.id = chunk_fts.rowid JOIN document d ON d.id = c.document_id "
                                         "WHERE chunk_fts MATCH ?1 ORDER BY score, d.id, c.ordinal LIMIT ?2"));
    if (!s)
        return R::failure(s.error());
    s.value().bind(1, match).bind(2, k);
    const Status read = s.value().forEach([&](const Statement &r) { hits.append({int(hits.size()) + 1, r.text(1), r.integer(0), -r.real(2)}); });
    if (!read)
        return R::failure(QStringLiteral("BM25 query failed: %1").arg(s.value().error()), read.code());
    return hits;
}

} // namespace assay
