#include "retrieval/retrievalprobe.h"

#include "retrieval/corpusstore.h"
#include "retrieval/retriever.h"
#include "retrieval/tokenizer.h"

#include <QSet>

namespace assay {

QStringList RetrievalProbe::matchingTerms(const QString &query, const QString &text)
{
    const QStringList words = Tokenizer::tokens(text);
    const QSet<QString> present(words.begin(), words.end());
    QStringList out;
    for (const QString &term : Tokenizer::tokens(query))
        if (present.contains(term) && !out.contains(term))
            out << term;
    return out;
}

Result<QVector<ProbeColumn>> RetrievalProbe::run(Database &db, const QString &query, const QStringList &retrievers, int k, const QString &embedder)
{
    using R = Result<QVector<ProbeColumn>>;
    if (query.trimmed().isEmpty())
        return R::failure(QStringLiteral("type a query first"));
    CorpusStore corpus(db);
    QVector<ProbeColumn> out;
    for (const QString &name : retrievers) {
        ProbeColumn column;
        column.retriever = name;
        auto retriever = Retriever::create(name, db, embedder);
        Result<QVector<RetrievalHit>> hits = retriever ? Result<QVector<RetrievalHit>>(QVector<RetrievalHit>())
                                                       : Result<QVector<RetrievalHit>>::failure(retriever);
        if (retriever) {
            if (auto prepared = retriever.value()->prepare({query}, nullptr); !prepared)
                hits = Result<QVector<RetrievalHit>>::failure(prepared);
            else
                hits = retriever.value()->retrieve({query, {}}, k);
        }
        if (!hits) {
            column.error = hits.error();
            out << column;
            continue;
        }
        for (const RetrievalHit &h : hits.value()) {
            auto text = corpus.chunkText(h.chunkId);
            if (!text)
                return R::failure(text);
            column.hits << ProbeHit{h, text.value(), matchingTerms(query, text.value())};
        }
        out << column;
    }
    return out;
}

} // namespace assay
