#pragma once
// The identifiability guard run before an IRT fit: with too few students for the model, the
// item parameters are not identified — they run to their bounds and the "most discriminating
// items" are artifacts. The rule of thumb (mirt's and IRTPRO's documentation ask for far more,
// hundreds, for stable estimates): at least 10 students for a 1PL, 20 for a 2PL and 30 for a
// 3PL, and more answers than parameters. The warning says so and what to do instead: a
// simpler model, the priors, the classical item analysis or more students.
#include "irt/irtfitter.h"

#include <QString>

namespace assay {

class IrtGuard {
public:
    static int minimumStudents(IrtOptions::Model model);
    // Empty when the data can identify the model; else the warning to show where the fit is
    // started — with what to do instead, classical item analysis among it. `answers` counts the filled cells of the response matrix.
    static QString warning(int students, int items, qint64 answers, IrtOptions::Model model, bool prior);
};

} // namespace assay
