#pragma once
// The card of the Labels view: one run item as a person judges it — the query, the gold answer
// (green), the run's answer (yellow) and the retrieved context with both marked.
#include "runs/runresultstore.h"

#include <QString>

namespace assay {

class LabelCard {
public:
    // judge: shown with its verdict (empty: hidden, so that it does not sway the labeller).
    static QString html(const StoredRunItem &it, const QString &judge, bool labelledAlready);
    // `text` as HTML with every occurrence of `gold` and `answer` marked.
    static QString highlighted(const QString &text, const QString &gold, const QString &answer);
};

} // namespace assay
