#pragma once
// What a fit found, in the words of the IRT tab's Fit summary: the models compared (marginal
// −log L, parameters, AIC, BIC) and the notes — likelihood-ratio tests, why the model was
// kept, the dimensionality check with its terms in plain words, the search's starts,
// parameters on a bound, misfits, warnings. Stored beside the fit's parameters ("summary" in
// the exam's IRT settings, ExamIrt::save) so that a later session shows it again:
// {"models": [{"model": "1PL", "nll", "parameters", "aic", "bic", "fitted": bool}],
//  "notes": ["…"], "seconds": the comparison's wall-clock time, apart so the rest is the same run after run}.
#include "irt/irtimprovement.h"

#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace assay {

class IrtFitSummary {
public:
    // `extraNotes` go after the ranking note (why takers score below the IR students);
    // `shownElsewhere` is a warning the caller shows already. Null without steps.
    static nlohmann::json of(const QVector<IrtStep> &steps, const QStringList &extraNotes = {}, const QString &shownElsewhere = {});
};

} // namespace assay
