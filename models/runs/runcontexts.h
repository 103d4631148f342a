#pragma once
// Reads stored retrieved contexts back as the documents and text a run's item saw: a context
// stored as chunk references (ContextBlob) is resolved through the corpus (also a chunk whose
// document was removed since); each chunk is read once per RunContexts, and a context whose
// chunks (in rank order) were resolved before shares the earlier one's text: on a small corpus a
// run's items see the same chunk lists again and again (the demo, 45 chunks: 45 lists at k = 1
// and 1,000–1,800 at k = 3 for about 11,000 items a run).
#include "core/result.h"
#include "project/contextblob.h"
#include "retrieval/corpusstore.h"

#include <QHash>
#include <QStringList>

namespace assay {

class Database;

class RunContexts {
public:
    explicit RunContexts(Database &db);
    // The document ids (rank order) and, when text is not null, the text (the chunks joined
    // by blank lines, as the reader saw them) of a stored context; when chunkTexts is not
    // null, each chunk's text in rank order too (shared with the store's copy).
    Status resolve(const QByteArray &blob, QStringList *docIds, QString *text, QStringList *chunkTexts = nullptr);
    // The separator between a context's chunks.
    static QString separator() { return QStringLiteral("\n\n"); }
    // A stored item's chunks as texts, in rank order: `texts` when the context was stored as
    // chunks; else the one stored text, split at the separator when that gives exactly one
    // piece per retrieved id (an imported context, stored joined), or whole when it does not.
    static QStringList chunkTexts(const QStringList &ids, const QString &text, const QStringList &texts);

private:
    Result<const ChunkSource *> chunk(qint64 id);
    struct Resolved {
        QStringList docIds;
        QString text;
        bool hasText = false;
    };

    CorpusStore m_corpus;
    QHash<qint64, ChunkSource> m_chunks;
    QHash<QVector<qint64>, Resolved> m_resolved; // by chunk ids in rank order; bounded (runcontexts.cpp)
};

} // namespace assay
