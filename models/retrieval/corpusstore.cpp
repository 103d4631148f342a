#include "retrieval/corpusstore.h"

#include "project/database.h"
#include "project/transaction.h"
#include "project/project.h"

#include <QVariant>

namespace assay {

CorpusStore::CorpusStore(Database &db) : m_db(db) {}

std::unique_ptr<CorpusStore> CorpusStore::createFor(Project &project)
{
    return std::make_unique<CorpusStore>(project.database());
}

Result<QString> CorpusStore::firstText(std::optional<Statement> &cache, const char *sql, const QVariant &key)
{
    auto s = m_db.cached(cache, QString::fromLatin1(sql));
    if (!s)
        return Result<QString>::failure(s);
    s.value()->bind(1, key);
    auto row = s.value()->next();
    if (!row)
        return Result<QString>::failure(row);
    return row.value() ? s.value()->text(0) : QString();
}

Result<QString> CorpusStore::chunkText(qint64 chunkId)
{
    return firstText(m_chunkText, "SELECT text FROM chunk WHERE id = ?", chunkId);
}

Result<std::optional<ChunkSource>> CorpusStore::chunkSource(qint64 chunkId)
{
    using R = Result<std::optional<ChunkSource>>;
    auto s = m_db.cached(m_chunkSource, QStringLiteral("SELECT d.doc_id, c.text FROM chunk c JOIN document d ON d.id = c.document_id WHERE c.id = ?1 "
                                                       "UNION ALL SELECT doc_id, text FROM chunk_archive WHERE id = ?1"));
    if (!s)
        return R::failure(s);
    s.value()->bind(1, chunkId);
    std::optional<ChunkSource> found;
    if (auto read = s.value()->forEach([&](const Statement &r) {
            found = ChunkSource{r.text(0), r.text(1)};
            return false;
        });
        !read)
        return R::failure(read);
    return found;
}

Result<QString> CorpusStore::documentText(const QString &docId)
{
    return firstText(m_documentText, "SELECT text FROM document WHERE doc_id = ?", docId);
}

Result<QVector<qint64>> CorpusStore::chunksOf(const QString &docId)
{
    using R = Result<QVector<qint64>>;
    auto s = m_db.cached(m_chunksOf, QStringLiteral("SELECT c.id FROM chunk c JOIN document d ON d.id = c.document_id WHERE d.doc_id = ? ORDER BY c.ordinal"));
    if (!s)
        return R::failure(s);
    s.value()->bind(1, docId);
    QVector<qint64> out;
    if (auto read = s.value()->forEach([&](const Statement &r) { out << r.integer(0); }); !read)
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

Result<qint64> CorpusStore::chunkCount() const
{
    auto v = m_db.scalar(QStringLiteral("SELECT count(*) FROM chunk"));
    if (!v)
        return Result<qint64>::failure(v);
    return v.value().toLongLong();
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

Result<QVector<CorpusChunk>> CorpusStore::chunksToEmbed(const QString &model) const
{
    QVector<CorpusChunk> out;
    const Status read = m_db.each(QStringLiteral("SELECT c.id, d.doc_id, c.text FROM chunk c JOIN document d ON d.id = c.document_id "
                                                 "WHERE NOT EXISTS (SELECT 1 FROM embedding e WHERE e.model = ?1 AND e.chunk_id = c.id) "
                                                 "ORDER BY d.id, c.ordinal"),
                                  {model}, [&](const Statement &r) { out << CorpusChunk{r.integer(0), r.text(1), r.text(2)}; });
    if (!read)
        return Result<QVector<CorpusChunk>>::failure(read);
    return out;
}

Status CorpusStore::addDocuments(const QVector<CorpusDocument> &documents, const QVector<QStringList> &chunks)
{
    Transaction tx(m_db);
    if (!tx.began())
        return tx.beginStatus();
    auto doc = m_db.prepare(QStringLiteral("INSERT INTO document(doc_id, title, text, metadata, source) VALUES (?, ?, ?, ?, ?)"));
    auto chunk = m_db.prepare(QStringLiteral("INSERT INTO chunk(id, document_id, ordinal, text) VALUES (?, ?, ?, ?)"));
    if (!doc || !chunk)
        return !doc ? Status::failure(doc) : Status::failure(chunk);
    // Runs name chunks by id, and a removed document's chunks stay in chunk_archive under
    // theirs: a new chunk never takes an id either table has used.
    auto lastId = m_db.scalar(QStringLiteral("SELECT max(coalesce((SELECT max(id) FROM chunk), 0), coalesce((SELECT max(id) FROM chunk_archive), 0))"));
    if (!lastId)
        return Status::failure(lastId);
    qint64 nextChunkId = lastId.value().toLongLong() + 1;
    for (qsizetype i = 0; i < documents.size(); ++i) {
        const CorpusDocument &d = documents[i];
        doc.value().reset();
        doc.value().bindAll({d.id, d.title, d.text, d.metadataJson, d.source});
        if (auto s = doc.value().run(); !s)
            return Status::failure(QStringLiteral("%1: %2").arg(d.source, s.error()), s.code());
        const qint64 documentId = m_db.lastInsertId();
        const QStringList texts = chunks.value(i);
        for (int c = 0; c < texts.size(); ++c) {
            chunk.value().reset();
            chunk.value().bindAll({nextChunkId++, documentId, c, texts[c]});
            if (auto s = chunk.value().run(); !s)
                return Status::failure(QStringLiteral("%1: %2").arg(d.source, s.error()), s.code());
        }
    }
    return tx.commit();
}

Status CorpusStore::forEachChunk(const std::function<void(const CorpusChunk &)> &onChunk) const
{
    return forEachChunkWhile([&](const CorpusChunk &c) {
        onChunk(c);
        return true;
    });
}

Status CorpusStore::forEachChunkWhile(const std::function<bool(const CorpusChunk &)> &onChunk) const
{
    return m_db.each(QStringLiteral("SELECT c.id, d.doc_id, c.text FROM chunk c JOIN document d ON d.id = c.document_id ORDER BY d.id, c.ordinal"), {},
                     [&](const Statement &r) { return onChunk(CorpusChunk{r.integer(0), r.text(1), r.text(2)}); });
}

Result<QVector<RetrievalHit>> CorpusStore::bm25(const QString &match, int k) const
{
    QVector<RetrievalHit> hits;
    // bm25() is lower-is-better; ties go to the earlier chunk in corpus order.
    const Status read = m_db.each(QStringLiteral("SELECT c.id, d.doc_id, bm25(chunk_fts) AS score FROM chunk_fts "
                                                 "JOIN chunk c ON c.id = chunk_fts.rowid JOIN document d ON d.id = c.document_id "
                                                 "WHERE chunk_fts MATCH ?1 ORDER BY score, d.id, c.ordinal LIMIT ?2"),
                                  {match, k}, [&](const Statement &r) { hits.append({int(hits.size()) + 1, r.text(1), r.integer(0), -r.real(2)}); });
    if (!read)
        return Result<QVector<RetrievalHit>>::failure(QStringLiteral("BM25 query failed: %1").arg(read.error()), read.code());
    return hits;
}

Status CorpusStore::storeEmbeddings(const QString &model, const QVector<qint64> &chunkIds, const std::vector<std::vector<float>> &vectors)
{
    Transaction tx(m_db);
    if (!tx.began())
        return tx.beginStatus();
    auto insert = m_db.prepare(QStringLiteral("INSERT OR REPLACE INTO embedding(model, chunk_id, dims, vector) VALUES (?, ?, ?, ?)"));
    if (!insert)
        return Status::failure(insert);
    for (size_t i = 0; i < vectors.size() && qsizetype(i) < chunkIds.size(); ++i) {
        const std::vector<float> &v = vectors[i];
        insert.value().reset();
        insert.value().bindAll({model, chunkIds[qsizetype(i)], int(v.size()),
                                QByteArray(reinterpret_cast<const char *>(v.data()), qsizetype(v.size() * sizeof(float)))});
        if (auto s = insert.value().run(); !s)
            return s;
    }
    return tx.commit();
}

Status CorpusStore::forEachEmbedding(const QString &model, const std::function<Status(qint64, const QString &, int, const QByteArray &)> &onVector) const
{
    Status stopped;
    const Status read = m_db.each(QStringLiteral("SELECT e.chunk_id, d.doc_id, e.dims, e.vector FROM embedding e JOIN chunk c ON c.id = e.chunk_id "
                                                 "JOIN document d ON d.id = c.document_id WHERE e.model = ? ORDER BY d.id, c.ordinal"),
                                  {model}, [&](const Statement &r) {
                                      stopped = onVector(r.integer(0), r.text(1), int(r.integer(2)), r.value(3).toByteArray());
                                      return stopped.ok();
                                  });
    return read ? stopped : read;
}

Result<QVector<CorpusDocumentInfo>> CorpusStore::documents() const
{
    QVector<CorpusDocumentInfo> out;
    const Status read = m_db.each(QStringLiteral("SELECT d.doc_id, d.title, d.metadata, d.source, count(c.id), length(d.text) FROM document d "
                                                 "LEFT JOIN chunk c ON c.document_id = d.id GROUP BY d.id ORDER BY d.id"),
                                  {}, [&](const Statement &r) {
                                      out << CorpusDocumentInfo{r.text(0), r.text(1), r.text(2), r.text(3), r.integer(4), r.integer(5)};
                                  });
    if (!read)
        return Result<QVector<CorpusDocumentInfo>>::failure(read);
    return out;
}

Result<QStringList> CorpusStore::chunkTexts(const QString &docId) const
{
    QStringList out;
    const Status read = m_db.each(QStringLiteral("SELECT c.text FROM chunk c JOIN document d ON d.id = c.document_id WHERE d.doc_id = ? ORDER BY c.ordinal"),
                                  {docId}, [&](const Statement &r) { out << r.text(0); });
    if (!read)
        return Result<QStringList>::failure(read);
    return out;
}

Status CorpusStore::removeDocuments(const QStringList &docIds)
{
    Transaction tx(m_db);
    if (!tx.began())
        return tx.beginStatus();
    auto del = m_db.prepare(QStringLiteral("DELETE FROM document WHERE doc_id = ?"));
    if (!del)
        return Status::failure(del);
    for (const QString &id : docIds) {
        del.value().reset();
        del.value().bind(1, id);
        if (auto s = del.value().run(); !s)
            return s;
    }
    return tx.commit();
}

} // namespace assay
