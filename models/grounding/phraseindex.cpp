#include "grounding/phraseindex.h"

#include "retrieval/corpusstore.h"

namespace assay {

namespace {

// The case-folded words of `text` (runs of letters and digits), in order.
QStringList wordList(const QString &text)
{
    const QString folded = text.toCaseFolded();
    QStringList out;
    qsizetype start = -1;
    for (qsizetype i = 0; i <= folded.size(); ++i) {
        const bool inWord = i < folded.size() && folded.at(i).isLetterOrNumber();
        if (inWord && start < 0)
            start = i;
        else if (!inWord && start >= 0) {
            out << folded.mid(start, i - start);
            start = -1;
        }
    }
    return out;
}

} // namespace

QString PhraseIndex::wordsOf(const QString &phrase)
{
    return wordList(phrase).join(QLatin1Char(' '));
}

int PhraseIndex::add(const QString &phrase)
{
    const QStringList words = wordList(phrase);
    if (words.isEmpty())
        return -1;
    const QString key = words.join(QLatin1Char(' '));
    if (const auto it = m_phraseOf.constFind(key); it != m_phraseOf.constEnd())
        return it.value();
    const int number = int(m_chunks.size());
    m_phraseOf.insert(key, number);
    m_chunks.append(QVector<int>());
    QString prefix;
    for (const QString &w : words) {
        prefix += prefix.isEmpty() ? w : QLatin1Char(' ') + w;
        m_prefixes.insert(prefix);
    }
    m_longest = std::max(m_longest, int(words.size()));
    return number;
}

void PhraseIndex::scan(int chunk, const QString &text)
{
    const QStringList words = wordList(text);
    m_words.append(int(words.size()));
    for (qsizetype i = 0; i < words.size(); ++i) {
        QString key;
        for (qsizetype n = 0; n < m_longest && i + n < words.size(); ++n) {
            key += n == 0 ? words.at(i) : QLatin1Char(' ') + words.at(i + n);
            if (!m_prefixes.contains(key))
                break;
            if (const auto it = m_phraseOf.constFind(key); it != m_phraseOf.constEnd()) {
                QVector<int> &chunks = m_chunks[it.value()];
                if (chunks.isEmpty() || chunks.back() != chunk)
                    chunks.append(chunk);
            }
        }
    }
}

Status PhraseIndex::build(const CorpusStore &corpus, const std::function<bool(qint64, qint64)> &progress)
{
    auto total = corpus.chunkCount();
    if (!total)
        return Status::failure(total);
    bool stopped = false;
    const Status read = corpus.forEachChunkWhile([&](const CorpusChunk &c) {
        const int chunk = int(m_chunkIds.size());
        m_chunkIds.append(c.id);
        m_docIds.append(c.docId);
        scan(chunk, c.text);
        if (progress && (chunk + 1) % 500 == 0 && !progress(chunk + 1, total.value())) {
            stopped = true;
            return false;
        }
        return true;
    });
    if (!read)
        return read;
    if (stopped)
        return Status::cancelled();
    return {};
}

const QVector<int> &PhraseIndex::chunksOf(int phrase) const
{
    static const QVector<int> none;
    return phrase >= 0 && phrase < m_chunks.size() ? m_chunks.at(phrase) : none;
}

QVector<int> PhraseIndex::unionOf(const QVector<int> &phrases) const
{
    if (phrases.size() == 1)
        return chunksOf(phrases.front());
    QVector<int> out;
    for (int p : phrases)
        out += chunksOf(p);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace assay
