#include "retrieval/retriever.h"

#include "llm/llmprofilestore.h"
#include "project/database.h"
#include "retrieval/bm25retriever.h"
#include "retrieval/hybridretriever.h"
#include "retrieval/fixedretriever.h"
#include "retrieval/lexicalretriever.h"

namespace assay {

QStringList Retriever::names()
{
    return {QStringLiteral("keyword"), QStringLiteral("tfidf"), QStringLiteral("bm25"), QStringLiteral("dense"), QStringLiteral("hybrid"), QStringLiteral("oracle"), QStringLiteral("closed-book")};
}

Result<std::unique_ptr<Retriever>> Retriever::create(const QString &name, Database &db, const QString &embedder, LlmStore *store, Job *job)
{
    using R = Result<std::unique_ptr<Retriever>>;
    if (name == QLatin1String("dense") || name == QLatin1String("hybrid")) {
        if (embedder.isEmpty())
            return R::failure(QStringLiteral("retriever '%1' needs an embedding profile (embedder=PROFILE)").arg(name));
        auto profile = LlmProfileStore::find(embedder);
        if (!profile)
            return R::failure(profile.error());
        auto dense = DenseRetriever::create(db, profile.value(), store, job);
        if (!dense)
            return R::failure(dense.error());
        if (name == QLatin1String("dense"))
            return R(dense.take());
        return R(std::make_unique<HybridRetriever>(db, dense.take()));
    }
    if (name == QLatin1String("bm25"))
        return R(std::make_unique<Bm25Retriever>(db));
    if (name == QLatin1String("oracle"))
        return R(std::make_unique<FixedRetriever>(FixedRetriever::Kind::Oracle, db));
    if (name == QLatin1String("closed-book"))
        return R(std::make_unique<FixedRetriever>(FixedRetriever::Kind::ClosedBook, db));
    if (name == QLatin1String("keyword") || name == QLatin1String("tfidf")) {
        auto corpus = CorpusSnapshot::load(db);
        if (!corpus)
            return R::failure(corpus.error());
        return R(std::make_unique<LexicalRetriever>(name == QLatin1String("keyword") ? LexicalRetriever::Scoring::Keyword
                                                                                     : LexicalRetriever::Scoring::Tfidf,
                                                    corpus.value()));
    }
    return R::failure(QStringLiteral("unknown retriever '%1' (%2)").arg(name, names().join(QStringLiteral(", "))));
}

} // namespace assay
