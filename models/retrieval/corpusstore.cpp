#include "retrieval/corpusstore.h"

#include "project/database.h"

#include <QVariant>

namespace assay {

CorpusStore::CorpusStore(Database &db) : m_db(db) {}

Result<QString> CorpusStore::firstText(std::optional<Statement> &cache, const char *sql, const QVariant &key)
{
    if (!cache) {
        auto s = m_db.prepare(QString::fromLatin1(sql));
        if (!s)
            return Result<QString>::failure(s);
        cache = s.take();
    }
    cache->reset();
    cache->bind(1, key);
    auto row = cache->next();
    if (!row)
        return Result<QString>::failure(row);
    return row.value() ? cache->text(0) : QString();
}

Result<QString> CorpusStore::chunkText(qint64 chunkId)
{
    return firstText(m_chunkText, "SELECT text FROM chunk WHERE id = ?", chunkId);
}

Result<QString> CorpusStore::documentText(const QString &docId)
{
    return firstText(m_documentText, "SELECT text FROM document WHERE doc_id = ?", docId);
}

Result<QVector<qint64>> CorpusStore::chunksOf(const QString &docId)
{
    using R = Result<QVector<qint64>>;
    if (!m_chunksOf) {
        auto s = m_db.prepare(QStringLiteral("SELECT c.id FROM chunk c JOIN document d ON d.id = c.document_id WHERE d.doc_id = ? ORDER BY c.ordinal"));
        if (!s)
            return R::failure(s);
        m_chunksOf = s.take();
    }
    m_chunksOf->reset();
    m_chunksOf->bind(1, docId);
    QVector<qint64> out;
    if (auto read = m_chunksOf->forEach([&](const Statement &r) { out << r.integer(0); }); !read)
        return R::failure(read);
    return out;
}

Result<QVector<CorpusChunk>> CorpusStore::chunks(qint64 limit) const
{
    using R = Result<QVector<CorpusChunk>>;
    auto s = m_db.prepare(QStringLiteral("SELECT c.id, d.doc_id, c.text FROM chunk c JOIN document d ON d.id = c.document_id ORDER BY d.id, c.ordinal LIMIT ?"));
    if (!s)
        return R::failure(s);
    s.value().bind(1, limit);
    QVector<CorpusChunk> out;
    if (auto read = s.value().forEach([&](const Statement &r) { out.append({r.integer(0), r.text(1), r.text(2)}); }); !read)
        return R::failure(read);
    return out;
}

Result<QSet<QString>> CorpusStore::documentIds() const
{
    using R = Result<QSet<QString>>;
    auto s = m_db.prepare(QStringLiteral("SELECT doc_id FROM document"));
    if (!s)
        return R::failure(s);
    QSet<QString> out;
    if (auto read = s.value().forEach([&](const Statement &r) { out.insert(r.text(0)); }); !read)
        return R::failure(read);
    return out;
}

Result<qint64> CorpusStore::meanChunkLength() const
{
    auto v = m_db.scalar(QStringLiteral("SELECT coalesce(avg(length(text)), 0) FROM chunk"));
    if (!v)
        return Result<qint64>::failure(v);
    return v.value().toLongLong();
}

Result<qint64> CorpusStore::chunksWithoutEmbedding(const QString &model) const
{
    auto s = m_db.prepare(QStringLiteral("SELECT count(*) FROM chunk c WHERE NOT EXISTS (SELECT 1 FROM embedding e WHERE e.model = ? AND e.chunk_id = c.id)"));
    if (!s)
        return Result<qint64>::failure(s);
    s.value().bind(1, model);
    auto row = s.value().next();
    if (!row)
        return Result<qint64>::failure(row);
    return row.value() ? s.value().integer(0) : 0;
}

} // namespace assay
