#pragma once
// RAGChecker's checking output (its `checking.py` writes it): `results[]`, each with
// `query_id`, `response_claims`, `gt_answer_claims` and the four check lists `answer2response`
// (per response claim), `response2answer` (per ground-truth claim), `retrieved2response` and
// `retrieved2answer` (per claim, per chunk), and the item's own `metrics` when it computed them.
// A check other than "Entailment", "Neutral" or "Contradiction" is read as unknown, never as
// Neutral; a list of the wrong length or type fails with the item and the field named.
#include "analysis/claimmetrics.h"
#include "core/result.h"

#include <QHash>
#include <QVector>

namespace assay {

class RagCheckerOutput {
public:
    struct Item {
        QString queryId;
        ClaimChecks checks;
        QHash<QString, double> metrics; // the file's own per-item metrics, by RAGChecker's key
        int unreadableChecks = 0;
    };
    static Result<QVector<Item>> read(const QByteArray &json, const QString &origin);
    static Result<QVector<Item>> readFile(const QString &path);
};

} // namespace assay
