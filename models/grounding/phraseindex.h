#pragma once
// Which chunks of the corpus state which phrases, for the automatic proposals
// (docs/METHODS.md §1.6.1): the phrases (answers, fill-in values and their aliases) are
// registered first, then the corpus is read once, and every registered phrase gets the
// sorted list of chunks whose words hold it. A phrase is compared as its case-folded words
// (runs of letters and digits): a chunk holding a phrase at word boundaries
// (containsWord) is always among its chunks, so the list is a superset the caller confirms
// with the exact rules. One pass over the corpus replaces one full-text query per group.
#include "core/result.h"

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>

namespace assay {

class CorpusStore;

class PhraseIndex {
public:
    // The phrase's words, case-folded, joined by one space; empty for a phrase without words.
    static QString wordsOf(const QString &phrase);

    // Registers a phrase and returns its number (the same number for the same words);
    // -1 for a phrase without words.
    int add(const QString &phrase);
    // Reads every chunk once; `progress(done, total)` may return false to stop (then the
    // result is cancelled).
    Status build(const CorpusStore &corpus, const std::function<bool(qint64, qint64)> &progress = {});

    // The chunks (indexes into chunkIds()) holding the phrase, ascending.
    const QVector<int> &chunksOf(int phrase) const;
    const QVector<qint64> &chunkIds() const { return m_chunkIds; }
    const QStringList &documentOfChunk() const { return m_docIds; }
    // Each chunk's number of words (BM25's length: a shorter chunk that holds the phrase
    // comes first).
    const QVector<int> &chunkWords() const { return m_words; }

    // The union of several phrases' chunks, ascending, without repeats.
    QVector<int> unionOf(const QVector<int> &phrases) const;

private:
    void scan(int chunk, const QString &text);

    QHash<QString, int> m_phraseOf;   // words → phrase number
    QSet<QString> m_prefixes;          // every leading run of a phrase's words (the phrase included)
    int m_longest = 0;                 // most words in one phrase
    QVector<QVector<int>> m_chunks;    // per phrase
    QVector<qint64> m_chunkIds;
    QStringList m_docIds;
    QVector<int> m_words;
};

} // namespace assay
