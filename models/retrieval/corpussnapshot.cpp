#include "retrieval/corpussnapshot.h"

#include "project/database.h"
#include "retrieval/tokenizer.h"

namespace assay {

Result<std::shared_ptr<CorpusSnapshot>> CorpusSnapshot::load(Database &db)
{
    auto s = db.prepare(QStringLiteral("SELECT c.id, d.doc_id, c.text FROM chunk c JOIN document d ON d.id = c.document_id ORDER BY d.id, c.ordinal"));
    if (!s)
        return Result<std::shared_ptr<CorpusSnapshot>>::failure(s.error());
    auto snapshot = std::make_shared<CorpusSnapshot>();
    const Status read = s.value().forEach([&](const Statement &r) {
        const int index = int(snapshot->m_chunks.size());
        snapshot->m_chunks.append({r.integer(0), r.text(1)});
        QHash<QString, int> counts;
        const QStringList tokens = Tokenizer::tokens(r.text(2));
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
