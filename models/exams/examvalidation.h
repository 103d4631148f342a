#pragma once
// Validation of short forms and adaptive testing on an exam's own panel (IrtValidation;
// docs/METHODS.md §9.15): its complete takes (adaptive takes left out) with the model the
// exam's parameters were fitted with; the report is kept in the exam for the Exams page's
// chart and the report.
#include "core/result.h"
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
};

} // namespace assay
