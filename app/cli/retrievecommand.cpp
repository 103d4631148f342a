#include "retrievecommand.h"

#include "llm/llmstore.h"
#include "project/project.h"
#include "retrieval/retriever.h"
#include "retrieval/retrieverregistry.h"

#include <nlohmann/json.hpp>

namespace assay {

int RetrieveCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    const QCommandLineOption retriever(QStringLiteral("retriever"), RetrieverRegistry::instance().names().join(QStringLiteral(", ")) + QLatin1Char('.'), QStringLiteral("NAME"), QStringLiteral("bm25"));
    const QCommandLineOption embedder(QStringLiteral("embedder"), QStringLiteral("dense, hybrid: the LLM profile serving /embeddings."), QStringLiteral("PROFILE"));
    const QCommandLineOption k(QStringLiteral("k"), QStringLiteral("How many results (5)."), QStringLiteral("K"), QStringLiteral("5"));
    const QCommandLineOption query(QStringLiteral("query"), QStringLiteral("The query text."), QStringLiteral("TEXT"));
    const QCommandLineOption truth(QStringLiteral("true-doc"), QStringLiteral("oracle: a true document id (may repeat)."), QStringLiteral("ID"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Machine-readable JSON."));
    parser.addOptions({retriever, k, query, truth, embedder, json});
    if (!parse(parser, args, io, 1, 1))
        return stopped(parser);
    bool ok = false;
    const int topK = parser.value(k).toInt(&ok);
    if (!ok || topK < 1)
        return usageError(parser, io, QStringLiteral("--k takes a whole number ≥ 1"));
    if (!parser.isSet(query))
        return usageError(parser, io, QStringLiteral("--query is required"));
    auto project = openProject(parser.positionalArguments().constFirst(), io);
    if (!project)
        return ExitFailure;
    LlmStore store(project->database());
    auto r = Retriever::create(parser.value(retriever), project->database(), parser.value(embedder), &store);
    if (!r)
        return usageError(parser, io, r.error());
    auto hits = r.value()->retrieve({parser.value(query), parser.values(truth)}, topK);
    if (!hits)
        return fail(io, hits.error());
    if (parser.isSet(json)) {
        nlohmann::json out = {{"retriever", r.value()->name().toStdString()}, {"results", nlohmann::json::array()}};
        for (const RetrievalHit &h : hits.value())
            out["results"].push_back({{"rank", h.rank}, {"doc_id", h.docId.toStdString()}, {"chunk_id", h.chunkId}, {"score", h.score}});
        io.out << QString::fromStdString(out.dump(2)) << '\n';
    } else {
        for (const RetrievalHit &h : hits.value())
            io.out << QStringLiteral("%1. %2 (chunk %3) %4\n").arg(h.rank).arg(h.docId).arg(h.chunkId).arg(h.score, 0, 'f', 4);
    }
    return ExitOk;
}

} // namespace assay
