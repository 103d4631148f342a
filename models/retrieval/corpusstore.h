#pragma once
// The corpus aggregate: documents, their chunks, the FTS5 index over them and stored
// embeddings. Every statement on these tables is here; the point reads are prepared once per
// store; a failed read is an error, never "no text".
#include "core/result.h"
#include "project/statement.h"
#include "retrieval/corpusdocument.h"
#include "retrieval/retrievalhit.h"

#include <QSet>
#include <QString>
#include <QVector>

#include <functional>
#include <optional>
#include <vector>

#include <memory>

namespace assay {

class Database;
class Project;

// One document as the corpus page lists it.
struct CorpusDocumentInfo {
    QString id;
    QString title;
    QString metadataJson;
    QString source;
    qint64 chunks = 0;
    qint64 characters = 0;
};

// Where a chunk came from, for reading a stored context: also a chunk whose document has
// since been removed (kept in chunk_archive).
struct ChunkSource {
    QString docId;
    QString text;
};

struct CorpusChunk {
    qint64 id = 0;
    QString docId;
    QString text;
};

class CorpusStore {
public:
    explicit CorpusStore(Database &db);
    // The store on the project's own connection, shared by the GUI (Project::service).
    static std::unique_ptr<CorpusStore> createFor(Project &project);
    // The chunk's text; empty when no chunk has that id.
    Result<QString> chunkText(qint64 chunkId);
    // The chunk's document id and text, also after its document was removed; none when no
    // chunk ever had that id.
    Result<std::optional<ChunkSource>> chunkSource(qint64 chunkId);
    // The document's whole text; empty when no document has that id.
    Result<QString> documentText(const QString &docId);
    // The document's chunks in reading order.
    Result<QVector<qint64>> chunksOf(const QString &docId);
    // The first `limit` chunks in corpus order (limit < 0: all).
    Result<QVector<CorpusChunk>> chunks(qint64 limit) const;
    Result<QSet<QString>> documentIds() const;
    Result<qint64> meanChunkLength() const;
    Result<qint64> chunkCount() const;
    // Chunks without a stored embedding of `model`: how many, and which (corpus order).
    Result<qint64> chunksWithoutEmbedding(const QString &model) const;
    Result<QVector<CorpusChunk>> chunksToEmbed(const QString &model) const;

    Result<QVector<CorpusDocumentInfo>> documents() const;
    // The document's chunk texts in reading order.
    Result<QStringList> chunkTexts(const QString &docId) const;
    // Removes documents (their chunks, index entries and embeddings follow), in one transaction.
    // Once a run exists, the removed chunks' texts stay in chunk_archive for the contexts
    // that name them.
    Status removeDocuments(const QStringList &docIds);
    // Adds documents with their chunks (chunks[i] belongs to documents[i]) in one transaction;
    // a failure names the document's source.
    Status addDocuments(const QVector<CorpusDocument> &documents, const QVector<QStringList> &chunks);
    // Every chunk with its document id and text, in corpus order.
    Status forEachChunk(const std::function<void(const CorpusChunk &)> &onChunk) const;
    // The same until onChunk returns false.
    Status forEachChunkWhile(const std::function<bool(const CorpusChunk &)> &onChunk) const;
    // FTS5's BM25 ranking for a MATCH expression: the best k chunks, ties in corpus order.
    Result<QVector<RetrievalHit>> bm25(const QString &match, int k) const;
    // Stores vectors of `model` for chunks (one transaction).
    Status storeEmbeddings(const QString &model, const QVector<qint64> &chunkIds, const std::vector<std::vector<float>> &vectors);
    // Every stored vector of `model` in corpus order: chunk id, document id, dims, raw floats.
    // onVector returns a failure to stop the read with it.
    Status forEachEmbedding(const QString &model, const std::function<Status(qint64, const QString &, int, const QByteArray &)> &onVector) const;

private:
    Result<QString> firstText(std::optional<Statement> &cache, const char *sql, const QVariant &key);

    Database &m_db;
    std::optional<Statement> m_chunkText;
    std::optional<Statement> m_chunkSource;
    std::optional<Statement> m_documentText;
    std::optional<Statement> m_chunksOf;
};

} // namespace assay
