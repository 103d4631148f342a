#pragma once
// Validation of short forms and adaptive testing on an exam's own panel (IrtValidation;
// docs/METHODS.md §9.15): its complete takes (adaptive takes left out) with the model the
// exam's parameters were fitted with; the report is kept in the exam for the Exams page's
// chart and the report.
#include "core/result.h"
#include "irt/irtshortform.h"
#include "irt/irtvalidation.h"

namespace assay {

class Database;
class Job;

class ExamValidation {
public:
    // options.fit.model is replaced by the exam's stored model unless keepModel.
    static Result<IrtValidationReport> run(Database &db, const QString &exam, IrtValidation::Options options, bool keepModel = false, Job *job = nullptr);
    // The report kept by the last run; null JSON when none.
    static Result<nlohmann::json> stored(Database &db, const QString &exam);
    // The fixed-form method (random, information or anchors) the last validation recommends
    // for a short form of n items: the lowest MAE at the validated size nearest to n among the
    // methods a stored form can use — plain counts as random items, and a tie with it goes to
    // it (adaptive tests are not forms). `why` says what the choice rests on. Fails, saying
    // what to click, when the exam was never validated.
    struct Recommendation {
        IrtShortForm::Method method = IrtShortForm::Method::Random;
        QString why;
    };
    static Result<Recommendation> recommendedForm(Database &db, const QString &exam, int n);
};

} // namespace assay
