#include "retrieval/retrieverregistry.h"

#include "llm/llmprofilestore.h"
#include "project/database.h"
#include "retrieval/bm25retriever.h"
#include "retrieval/corpussnapshot.h"
#include "retrieval/denseretriever.h"
#include "retrieval/fixedretriever.h"
#include "retrieval/hybridretriever.h"
#include "retrieval/lexicalretriever.h"

namespace assay {

namespace {

using RetrieverMade = Result<std::unique_ptr<Retriever>>;

RetrieverKind lexicalKind(const QString &name, const QString &shortName, const QString &label, const QString &description,
                          LexicalRetriever::Scoring scoring)
{
    RetrieverKind k;
    k.name = name;
    k.shortName = shortName;
    k.label = label;
    k.description = description;
    k.create = [scoring](Database &db, const RetrieverKind::Services &) {
        auto corpus = CorpusSnapshot::load(db);
        if (!corpus)
            return RetrieverMade::failure(corpus.error());
        return RetrieverMade(std::make_unique<LexicalRetriever>(scoring, corpus.value()));
    };
    return k;
}

Result<std::unique_ptr<DenseRetriever>> denseFor(const QString &name, Database &db, const RetrieverKind::Services &services)
{
    using R = Result<std::unique_ptr<DenseRetriever>>;
    if (services.embedder.isEmpty())
        return R::failure(QStringLiteral("retriever '%1' needs an embedding profile (embedder=PROFILE)").arg(name));
    auto profile = LlmProfileStore::find(services.embedder);
    if (!profile)
        return R::failure(profile.error());
    return DenseRetriever::create(db, profile.value(), services.store, services.job);
}

RetrieverKind denseKind()
{
    RetrieverKind k;
    k.name = QStringLiteral("dense");
    k.label = QStringLiteral("Dense (embeddings)");
    k.description = QStringLiteral("cosine similarity of embeddings from an embedding profile (embedder=PROFILE)");
    k.needsEmbedder = true;
    k.create = [](Database &db, const RetrieverKind::Services &services) {
        auto dense = denseFor(QStringLiteral("dense"), db, services);
        if (!dense)
            return RetrieverMade::failure(dense.error());
        return RetrieverMade(dense.take());
    };
    return k;
}

RetrieverKind hybridKind()
{
    RetrieverKind k;
    k.name = QStringLiteral("hybrid");
    k.label = QStringLiteral("Hybrid (BM25 + dense)");
    k.shortName = QStringLiteral("hyb");
    k.description = QStringLiteral("BM25 and dense rankings fused by reciprocal rank (embedder=PROFILE)");
    k.needsEmbedder = true;
    k.create = [](Database &db, const RetrieverKind::Services &services) {
        auto dense = denseFor(QStringLiteral("hybrid"), db, services);
        if (!dense)
            return RetrieverMade::failure(dense.error());
        return RetrieverMade(std::make_unique<HybridRetriever>(db, dense.take()));
    };
    return k;
}

RetrieverKind fixedKind(const QString &name, const QString &shortName, const QString &label, const QString &description, FixedRetriever::Kind kind)
{
    RetrieverKind k;
    k.name = name;
    k.shortName = shortName;
    k.label = label;
    k.description = description;
    k.searchesCorpus = false;
    k.create = [kind](Database &db, const RetrieverKind::Services &) { return RetrieverMade(std::make_unique<FixedRetriever>(kind, db)); };
    return k;
}

} // namespace

RetrieverRegistry::RetrieverRegistry()
{
    add(lexicalKind(QStringLiteral("keyword"), QStringLiteral("kw"), QStringLiteral("Keyword overlap"), QStringLiteral("counts the query's words in each chunk"),
                    LexicalRetriever::Scoring::Keyword));
    add(lexicalKind(QStringLiteral("tfidf"), QString(), QStringLiteral("TF-IDF"), QStringLiteral("TF-IDF weighted word overlap, computed in memory"),
                    LexicalRetriever::Scoring::Tfidf));
    RetrieverKind bm25;
    bm25.name = QStringLiteral("bm25");
    bm25.label = QStringLiteral("BM25 (SQLite FTS5)");
    bm25.description = QStringLiteral("BM25 ranking from the project's full-text index");
    bm25.create = [](Database &db, const RetrieverKind::Services &) { return RetrieverMade(std::make_unique<Bm25Retriever>(db)); };
    add(bm25);
    add(denseKind());
    add(hybridKind());
    RetrieverKind oracle = fixedKind(QStringLiteral("oracle"), QStringLiteral("orcl"), QStringLiteral("Oracle"),
                                     QStringLiteral("the documents that state the query's facts, an upper bound for retrieval"), FixedRetriever::Kind::Oracle);
    oracle.servesTruth = true;
    add(oracle);
    add(fixedKind(QStringLiteral("closed-book"), QStringLiteral("cb"), QStringLiteral("Closed book"),
                  QStringLiteral("no context at all, so the reader answers from what it knows without retrieval"), FixedRetriever::Kind::ClosedBook));
}

RetrieverRegistry &RetrieverRegistry::instance()
{
    static RetrieverRegistry registry;
    return registry;
}

QStringList RetrieverRegistry::names() const
{
    QStringList out;
    for (const RetrieverKind *k : kinds())
        out << k->name;
    return out;
}

QStringList RetrieverRegistry::corpusRetrievers() const
{
    QStringList out;
    for (const RetrieverKind *k : kinds())
        if (k->searchesCorpus)
            out << k->name;
    return out;
}

} // namespace assay
