#pragma once
// What the report's "Exam and IRT" section shows and draws, read from the project by one
// function, so that File → Export Report…, `assay-cli report` and `assay-cli demo` write the
// same section from the same inputs: the exam's stored IRT parameters with its items' Bloom
// levels and question types (ExamIrt::fromStored), or this session's fit of the exam when the
// caller has one (it holds what the project does not keep: the model comparison, item fit,
// abilities and improvement steps); the short forms' stored validation; and the charts of both.
#include "analysis/chartdata.h"
#include "core/result.h"
#include "exams/examirt.h"

#include <QString>
#include <QVector>

namespace assay {

class Project;

struct ReportExam {
    ExamIrtResult result;
    QVector<ChartData> irtCharts;       // IrtCharts::all of the result
    QVector<ChartData> shortFormCharts; // the validation's error and ranking against the items, when validated

    // The exam a report shows when none is named: the first the Exams page lists (empty: the
    // project has no exam, and the report no exam section).
    static Result<QString> defaultExam(Project &project);
    // `exam` must exist. `fit`: this session's fit, used when it is of `exam`.
    static Result<ReportExam> read(Project &project, const QString &exam, const ExamIrtResult *fit = nullptr);
};

} // namespace assay
