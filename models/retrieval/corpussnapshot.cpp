#include "retrieval/corpussnapshot.h"

#include "retrieval/corpusstore.h"
#include "retrieval/tokenizer.h"

namespace assay {

Result<std::shared_ptr<CorpusSnapshot>> CorpusSnapshot::load(Database &db)
{
    auto snapshot = std::make_shared<CorpusSnapshot>();
    const Status read = CorpusStore(db).forEachChunk([&](const CorpusChunk &chunk) {
        const int index = int(snapshot->m_chunks.size());
        snapshot->m_chunks.append({chunk.id, chunk.docId});
        QHash<QString, int> counts;
        const QStringList tokens = Tokenizer::tokens(chunk.text);
        for (const QString &t : tokens)
            ++counts[t];
        snapshot->m_lengths.append(int(tokens.size()));
        snapshot->m_totalTokens += tokens.size();
        for (auto it = counts.begin(); it != counts.end(); ++it)
            snapshot->m_postings[it.key()].append({index, it.value()});
    });
    if (!read)
        return Result<std::shared_ptr<CorpusSnapshot>>::failure(read);
    return snapshot;
}

const QVector<CorpusSnapshot::Posting> *CorpusSnapshot::postings(const QString &term) const
{
    const auto it = m_postings.constFind(term);
    return it == m_postings.constEnd() ? nullptr : &*it;
}

} // namespace assay
