#pragma once
// RAGChecker's files (docs/METHODS.md §12.2). Its input is `results[]`, each with `query_id`,
// `query`, `gt_answer`, `response` and `retrieved_context` (a list of {doc_id, text}); its
// checking output adds `response_claims`, `gt_answer_claims` and the four check lists
// `answer2response` (per response claim), `response2answer` (per ground-truth claim),
// `retrieved2response` and `retrieved2answer` (per claim, per chunk), each item's `metrics`
// and the file's `metrics` block ({overall,retriever,generator}_metrics, ×100). A check other
// than "Entailment", "Neutral" or "Contradiction" is read as unknown, never as Neutral; a list
// of the wrong length or type fails with the item and the field named. A file either has the
// claims and checks on every item or on none.
#include "claims/claimmetrics.h"
#include "core/result.h"

#include <QHash>
#include <QStringList>
#include <QVector>

namespace assay {

class RagCheckerFile {
public:
    struct Item {
        QString queryId;
        QString query;
        QString gtAnswer;
        QString response;
        QStringList chunkIds;
        QStringList chunkTexts;
        bool hasChecks = false;
        QStringList responseClaims; // each claim's JSON text (a triplet or a sentence)
        QStringList answerClaims;
        ClaimChecks checks;
        QHash<QString, double> metrics; // the item's own metrics, by RAGChecker's key
        int unreadableChecks = 0;
    };
    struct Contents {
        QVector<Item> items;
        bool hasChecks = false;
        QHash<QString, double> metrics; // the file's run metrics (×100), by RAGChecker's key
    };
    static Result<Contents> read(const QByteArray &json, const QString &origin);
    static Result<Contents> readFile(const QString &path);
    // RAGChecker's input format (no claims), or its checking output when the items have checks.
    static QByteArray write(const QVector<Item> &items);
};

} // namespace assay
