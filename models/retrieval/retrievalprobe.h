#pragma once
// "Try retrieval" on the Corpus page: one query against several retrievers, each hit with its
// chunk's text and the query terms it contains, so the page can show them side by side.
#include "core/result.h"
#include "retrieval/retrievalhit.h"

#include <QStringList>
#include <QVector>

namespace assay {

class Database;

struct ProbeHit {
    RetrievalHit hit;
    QString text;        // the chunk
    QStringList matched; // query terms (lowercased tokens) the chunk contains
};

struct ProbeColumn {
    QString retriever;
    QVector<ProbeHit> hits;
    QString error; // the retriever could not answer (e.g. dense without an embedding profile)
};

class RetrievalProbe {
public:
    // Runs every retriever on the query; a retriever that fails gives a column with its error.
    // embedder: the LLM profile for dense and hybrid (may be empty).
    static Result<QVector<ProbeColumn>> run(Database &db, const QString &query, const QStringList &retrievers, int k, const QString &embedder = {});
    // The query's tokens found in text, in query order, without repeats.
    static QStringList matchingTerms(const QString &query, const QString &text);
};

} // namespace assay
