#pragma once
// One run item's claims and their checks as one checker made them (docs/METHODS.md §12): what
// ClaimStore keeps, the importers and checkers write, and the Claims tab's inspector shows.
#include "claims/claimmetrics.h"

#include <QString>
#include <QStringList>

namespace assay {

struct ClaimSet {
    qint64 itemId = 0;
    QString itemKey;
    QString checker; // "imported", "offline" or "llm:PROFILE"
    // False for an item with no response to check (a retrieval-only run): the metrics that
    // read the response do not apply to it.
    bool hasResponse = true;
    // Each claim as its maker wrote it, as JSON text: a sentence ("\"…\"") or a triplet.
    QStringList responseClaims;
    QStringList answerClaims;
    // The chunks checked against: their document ids and texts, or empty (with the count in
    // checks.chunks) when they are the item's stored retrieved context.
    QStringList chunkIds;
    QStringList chunkTexts;
    ClaimChecks checks;

    // A claim as a person reads it: the sentence, or the triplet's parts joined by " · ".
    static QString display(const QString &claimJson);
    // One letter a check, and back (anything else is unknown).
    static QChar letter(ClaimVerdict v);
    static ClaimVerdict verdict(QChar letter);
    static QString letters(const QVector<ClaimVerdict> &checks);
    static QVector<ClaimVerdict> verdicts(const QString &letters);
};

} // namespace assay
