#pragma once
// The report's "Exam and IRT" section: the exam's students and items kept, the model chosen
// and why (the marginal-likelihood comparison), where the exam measures precisely (test
// information), the misfitting items and the abilities, per student and per factor level.
// What the fit does not hold (a report from stored parameters, before a Fit IRT in this
// session) is said, with the click that supplies it; and how well short forms of the exam
// estimate a taker's accuracy (the stored validation).
#include "exams/examirt.h"

#include <QString>

#include <nlohmann/json_fwd.hpp>

namespace assay {

class ExamSection {
public:
    // irtFigures follow the fit's tables, shortFormFigures the validation table (HTML).
    static QString html(const ExamIrtResult &result, const QString &irtFigures = {}, const QString &shortFormFigures = {});
    static nlohmann::json json(const ExamIrtResult &result);

private:
    // The abilities per factor level: a table per factor with two levels or more, the factors
    // every taker shares named once, and levels no fit can tell apart read together.
    static QString factorTables(const ExamIrtResult &result);
    // The short forms' validation table, or the click that measures it.
    static QString shortForms(const ExamIrtResult &result, const QString &figures);
};

} // namespace assay
