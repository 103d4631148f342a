#include "retrieval/retriever.h"

#include "retrieval/retrieverregistry.h"

namespace assay {

QStringList Retriever::names()
{
    return RetrieverRegistry::instance().names();
}

Result<std::unique_ptr<Retriever>> Retriever::create(const QString &name, Database &db, const QString &embedder, LlmStore *store, Job *job)
{
    using R = Result<std::unique_ptr<Retriever>>;
    const RetrieverKind *kind = RetrieverRegistry::instance().find(name);
    if (!kind)
        return R::failure(QStringLiteral("unknown retriever '%1' (%2)").arg(name, names().join(QStringLiteral(", "))));
    return kind->create(db, {embedder, store, job});
}

} // namespace assay
