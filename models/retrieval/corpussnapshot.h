#pragma once
// The chunks of a corpus in corpus order (document order, then chunk order), tokenized
// once, with inverted lists: the in-memory index of the keyword and TF-IDF retrievers.
#include "core/result.h"

#include <QHash>
#include <QStringList>
#include <QVector>

#include <memory>

namespace assay {

class Database;

class CorpusSnapshot {
public:
    struct Chunk {
        qint64 id;
        QString docId;
    };
    struct Posting {
        int chunk; // index into chunks()
        int count; // occurrences of the term in the chunk
    };

    static Result<std::shared_ptr<CorpusSnapshot>> load(Database &db);
    const QVector<Chunk> &chunks() const { return m_chunks; }
    const QVector<Posting> *postings(const QString &term) const;
    int size() const { return int(m_chunks.size()); }
    int length(int chunk) const { return m_lengths[chunk]; } // tokens in the chunk
    qint64 totalTokens() const { return m_totalTokens; }
    const QHash<QString, QVector<Posting>> &index() const { return m_postings; }

private:
    QVector<Chunk> m_chunks;
    QVector<int> m_lengths;
    qint64 m_totalTokens = 0;
    QHash<QString, QVector<Posting>> m_postings;
};

} // namespace assay
