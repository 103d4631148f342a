#pragma once
// A top-k retriever over the project's corpus. Hits come best first; a retriever returns no
// hit with a zero score.
#include "core/result.h"
#include "retrieval/retrievalhit.h"

#include <QVector>

#include <memory>

namespace assay {

class Project;

class Retriever {
public:
    virtual ~Retriever() = default;
    virtual QString name() const = 0;
    virtual Result<QVector<RetrievalHit>> retrieve(const RetrievalQuery &query, int k) const = 0;

    // keyword, tfidf, bm25, oracle, closed-book.
    static Result<std::unique_ptr<Retriever>> create(const QString &name, Project &project);
    static QStringList names();
};

} // namespace assay
