#pragma once
// One person's verdict on one answered run item (docs/METHODS.md §5.9). Stored as
// the answer verdict of judge "human:NAME", so that a labeller is a judge wherever judges are
// chosen; "human" is the labellers' majority (a tie has no verdict).
#include <QString>

#include <optional>

namespace assay {

struct HumanLabel {
    qint64 itemId = 0;
    QString itemKey;  // the id `export results` writes
    QString labeller;
    int verdict = 0;  // 1 correct, 0 incorrect
    QString at;       // ISO 8601, UTC
    QString rule;     // how the item was chosen: random, stratified, disagreement, import, …
    bool simulated = false; // written by the demo's simulated labeller, not by a person
};

} // namespace assay
