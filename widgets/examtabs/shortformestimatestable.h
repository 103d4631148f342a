#pragma once
// The Short forms tab's table of estimates (docs/user-guide.md, "Short forms and adaptive
// takes"): one row per take of a short form (or adaptive take of an exam) with its items, θ̂ ± SE,
// the estimated accuracy on the whole exam, the plain share correct with its binomial interval,
// and what it scored on the whole exam when it took it whole. An empty table says what to click.
#include "exams/examshortform.h"
#include "exams/examstore.h"

#include <QTableWidget>

namespace assay {

class ShortFormEstimatesTable : public QTableWidget {
    Q_OBJECT
public:
    explicit ShortFormEstimatesTable(QWidget *parent = nullptr);
    // No rows; the headers size the columns until rows do.
    void clearRows();
    // The takes of `form` (adaptive takes only, for an exam that is not a short form); false
    // when none is listed (the row then says what to click).
    bool showEstimates(const QVector<ExamEstimate> &estimates, const ExamShortFormInfo &form);
    // Whether an adaptive take is listed.
    bool listsAdaptive() const;
    // Makes the take's row current (scrolled to it when asked); false when it is not listed.
    bool select(const QString &taker, bool scroll);
};

} // namespace assay
