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

Status RunContexts::resolve(const QByteArray &blob, QStringList *docIds, QString *text)
{
    auto refs = ContextBlob::decode(blob);
    if (!refs)
        return Status::failure(refs);
    QStringList texts;
    for (const ContextRef &ref : refs.value()) {
        auto source = chunk(ref.chunkId);
        if (!source)
            return Status::failure(source);
        if (docIds)
            docIds->append(source.value()->docId);
        if (text)
            texts << source.value()->text;
    }
    if (text)
        *text = texts.join(separator());
    return {};
}

} // namespace assay
