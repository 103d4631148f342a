#pragma once
// Reads of the corpus (documents and their chunks) for the parts that use it outside
// retrieval indexes: a run's context texts, exam takers and generators, estimates. The
// statements are prepared once per store; a failed read is an error, never "no text".
#include "core/result.h"
#include "project/statement.h"

#include <QSet>
#include <QString>
#include <QVector>

#include <optional>

namespace assay {

class Database;

struct CorpusChunk {
    qint64 id = 0;
    QString docId;
    QString text;
};

class CorpusStore {
public:
    explicit CorpusStore(Database &db);
    // The chunk's text; empty when no chunk has that id.
    Result<QString> chunkText(qint64 chunkId);
    // The document's whole text; empty when no document has that id.
    Result<QString> documentText(const QString &docId);
    // The document's chunks in reading order.
    Result<QVector<qint64>> chunksOf(const QString &docId);
    // The first `limit` chunks in corpus order (limit < 0: all).
    Result<QVector<CorpusChunk>> chunks(qint64 limit) const;
    Result<QSet<QString>> documentIds() const;
    Result<qint64> meanChunkLength() const;
    // Chunks without a stored embedding of `model`.
    Result<qint64> chunksWithoutEmbedding(const QString &model) const;

private:
    Result<QString> firstText(std::optional<Statement> &cache, const char *sql, const QVariant &key);

    Database &m_db;
    std::optional<Statement> m_chunkText;
    std::optional<Statement> m_documentText;
    std::optional<Statement> m_chunksOf;
};

} // namespace assay
