#pragma once
// Imports GRAMMAR's SQL-template file and per-form text-template files into a project as one
// transaction: a text file naming a SQL template that is not in the SQL file is an error.
#include "core/result.h"
#include "generation/sqltemplateintake.h"

#include <QMap>

namespace assay {

class Job;
class Project;

class GrammarImport {
public:
    struct Report {
        SqlTemplateIntake::Report sql;
        QMap<QString, int> acceptedTexts;
        QMap<QString, int> rejectedTexts;
    };
    // forms: form name → text-template file. The job (optional) gets the fill-in's progress
    // and can cancel it; a cancel leaves the project as it was.
    // threshold: the singular-answer rate below which an imported template is flagged for review.
    static Result<Report> run(Project &project, const QString &sqlTemplatesPath, const QMap<QString, QString> &forms, Job *job = nullptr,
                              double threshold = 0.95);
};

} // namespace assay
