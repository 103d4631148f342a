#include "retrieval/retriever.h"

#include "project/project.h"
#include "retrieval/bm25retriever.h"
#include "retrieval/fixedretriever.h"
#include "retrieval/lexicalretriever.h"

namespace assay {

QStringList Retriever::names()
{
    return {QStringLiteral("keyword"), QStringLiteral("tfidf"), QStringLiteral("bm25"), QStringLiteral("oracle"), QStringLiteral("closed-book")};
}

Result<std::unique_ptr<Retriever>> Retriever::create(const QString &name, Project &project)
{
    using R = Result<std::unique_ptr<Retriever>>;
    Database &db = project.database();
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
