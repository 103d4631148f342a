#pragma once
// One item of a run executed elsewhere, as `import results` stores it: the item with its
// answer, and the system's own verdicts (kept as judgements of judge "imported").
#include <QString>

#include <optional>

namespace assay {

struct ImportedRunItem {
    QString key;
    QString query;
    QString gold;
    QString form;
    QString group;
    // The item's true documents: a JSON list, or "null" when the file does not say (unknown:
    // no retrieval verdict is computed and the closed-domain rule leaves the item alone).
    QString trueDocIdsJson = QStringLiteral("null");
    QString answer;
    QString retrievedIdsJson = QStringLiteral("[]");
    QString retrievedText;
    QString trace;
    bool halted = false;
    QString error;
    qint64 latencyMs = 0;
    QString level; // the task level (KS, KU, KA or the user's own); empty: none given
    bool hasVerdict = false;
    std::optional<int> verdict; // answer verdict; none when the system's verdict was unreadable
    std::optional<double> score;
    QString verdictDetail;
    bool hasRetrievalVerdict = false;
    std::optional<int> retrievalVerdict;
};

} // namespace assay
