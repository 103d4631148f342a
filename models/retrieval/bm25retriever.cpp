#include "retrieval/bm25retriever.h"

#include "project/database.h"
#include "retrieval/corpusstore.h"
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
    if (m_memory)
        return m_memory->retrieve(query, k);
    const QString match = matchExpression(query.text);
    if (match.isEmpty())
        return QVector<RetrievalHit>();
    return CorpusStore(m_db).bm25(match, k);
}

} // namespace assay
