#pragma once
// A top-k retriever over the project's corpus. Hits come best first; a retriever returns no
// hit with a zero score.
#include "core/result.h"
#include "retrieval/retrievalhit.h"

#include <QVector>

#include <memory>

namespace assay {

class Database;
class Job;
class LlmStore;

class Retriever {
public:
    virtual ~Retriever() = default;
    virtual QString name() const = 0;
    virtual Result<QVector<RetrievalHit>> retrieve(const RetrievalQuery &query, int k) const = 0;
    // Optional bulk work before a batch of queries (dense: embed them all at once).
    virtual Status prepare(const QStringList &queries, Job *job)
    {
        Q_UNUSED(queries);
        Q_UNUSED(job);
        return {};
    }

    // keyword, tfidf, bm25, dense, hybrid, oracle, closed-book. dense and hybrid need the
    // name of the LLM profile serving embeddings; `store` caches and accounts its calls.
    static Result<std::unique_ptr<Retriever>> create(const QString &name, Database &db, const QString &embedder = {},
                                                     LlmStore *store = nullptr, Job *job = nullptr);
    static QStringList names();
};

} // namespace assay
