#include "report/reportexam.h"

#include "exams/examstore.h"
#include "exams/examvalidation.h"
#include "irt/irtcharts.h"
#include "irt/shortformcharts.h"
#include "project/project.h"

namespace assay {

Result<QString> ReportExam::defaultExam(Project &project)
{
    // The order of the Exams page's exam box (ExamChooser), which opens on the first.
    auto exams = ExamStore(project.database()).examsWithParents();
    if (!exams)
        return Result<QString>::failure(exams);
    return exams.value().isEmpty() ? QString() : exams.value().constFirst().first;
}

Result<ReportExam> ReportExam::read(Project &project, const QString &exam, const ExamIrtResult *fit)
{
    using R = Result<ReportExam>;
    ExamStore store(project.database());
    auto id = store.idOf(exam);
    if (!id)
        return R::failure(id);
    ReportExam out;
    if (fit && fit->exam == exam) {
        out.result = *fit;
    } else {
        auto items = store.items(id.value());
        if (!items)
            return R::failure(items);
        out.result = ExamIrt::fromStored(exam, items.value());
        out.result.examId = id.value();
    }
    // The validation as stored now (a fit's own copy may be older); one that cannot be read
    // is said in the section rather than stopping the report.
    auto validation = ExamValidation::stored(project.database(), exam);
    out.result.validation = validation ? validation.take() : nlohmann::json{{"error", validation.error().toStdString()}};
    out.irtCharts = IrtCharts::all(out.result.steps, out.result.bloom, out.result.types, out.result.data);
    for (const bool tau : {false, true})
        if (ChartData chart = ShortFormCharts::validation(out.result.validation, tau); !chart.series.isEmpty())
            out.shortFormCharts << chart;
    return out;
}

} // namespace assay
