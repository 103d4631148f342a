#pragma once
// Exam items grounded in the query set, offline: stem = a text query (one per semantic
// group), key = its SQL answer, three distractors = other distinct values of the answer's
// column (never equal to the key once normalised; the closest in length preferred, picked
// with the seed), options shuffled with the seed. The true documents of the query are the
// item's sources. Answers whose column has fewer than four distinct values are skipped and
// counted.
#include "core/result.h"
#include "exams/examitem.h"

#include <QVector>

namespace assay {

class Project;

class GroundedExamGenerator {
public:
    struct Report {
        int generated = 0;
        int skippedFewValues = 0; // the column has fewer than four distinct values
        int skippedNoColumn = 0;  // the answer is not a plain column (an expression)
    };
    static Result<QVector<ExamItem>> generate(Project &project, const QString &form, quint64 seed, Report *report);
    // "SELECT [DISTINCT] x FROM t ..." → (table, column) of x, resolving a table alias.
    static bool answerColumn(const QString &sql, QString *table, QString *column);
};

} // namespace assay
