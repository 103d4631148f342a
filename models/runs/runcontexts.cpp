#include "runs/runcontexts.h"

namespace assay {

RunContexts::RunContexts(Database &db) : m_corpus(db) {}

Result<const ChunkSource *> RunContexts::chunk(qint64 id)
{
    using R = Result<const ChunkSource *>;
    if (auto it = m_chunks.constFind(id); it != m_chunks.constEnd())
        return &it.value();
    auto source = m_corpus.chunkSource(id);
    if (!source)
        return R::failure(source);
    if (!source.value())
        return R::failure(QStringLiteral("a stored context names chunk %1, which the project does not hold").arg(id));
    return &m_chunks.insert(id, *source.value()).value();
}

Status RunContexts::resolve(const QByteArray &blob, QStringList *docIds, QString *text, QStringList *chunkTexts)
{
    auto refs = ContextBlob::decode(blob);
    if (!refs)
        return Status::failure(refs);
    QVector<qint64> ids;
    ids.reserve(refs.value().size());
    for (const ContextRef &ref : refs.value())
        ids << ref.chunkId;
    auto known = m_resolved.find(ids);
    if (known == m_resolved.end()) {
        // A large corpus seldom repeats a list: the memo is emptied rather than let grow.
        if (m_resolved.size() >= 4096)
            m_resolved.clear();
        Resolved r;
        for (qint64 id : std::as_const(ids)) {
            auto source = chunk(id);
            if (!source)
                return Status::failure(source);
            r.docIds << source.value()->docId;
        }
        known = m_resolved.insert(ids, r);
    }
    if (text && !known->hasText) {
        QStringList texts;
        for (qint64 id : std::as_const(ids))
            texts << m_chunks.value(id).text; // read above
        known->text = texts.join(separator());
        known->hasText = true;
    }
    if (chunkTexts)
        for (qint64 id : std::as_const(ids))
            *chunkTexts << m_chunks.value(id).text; // read above
    if (docIds)
        docIds->append(known->docIds);
    if (text)
        *text = known->text;
    return {};
}

QStringList RunContexts::chunkTexts(const QStringList &ids, const QString &text, const QStringList &texts)
{
    if (!texts.isEmpty() || text.isEmpty())
        return texts;
    if (ids.size() > 1)
        if (const QStringList pieces = text.split(separator()); pieces.size() == ids.size())
            return pieces;
    return {text};
}

} // namespace assay
