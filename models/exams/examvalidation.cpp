#include "exams/examvalidation.h"

#include "core/job.h"
#include "exams/examadaptivetake.h"
#include "exams/examirt.h"
#include "exams/examstore.h"
#include "exams/responsematrix.h"

#include <nlohmann/json.hpp>

namespace assay {

Result<IrtValidationReport> ExamValidation::run(Database &db, const QString &exam, IrtValidation::Options options, bool keepModel, Job *job)
{
    using R = Result<IrtValidationReport>;
    ExamStore store(db);
    auto id = store.idOf(exam);
    if (!id)
        return R::failure(id.error());
    auto takes = ResponseMatrix::takes(db, exam);
    if (!takes)
        return R::failure(takes.error());
    auto all = ResponseMatrix::data(takes.value(), exam);
    if (!all)
        return R::failure(all.error());
    IrtData data;
    data.items = all.value().items;
    for (int s = 0; s < all.value().students.size(); ++s)
        if (!all.value().students[s].endsWith(QLatin1String(ExamAdaptiveTake::Suffix))) {
            data.students << all.value().students[s];
            data.responses << all.value().responses[s];
        }
    if (!keepModel) {
        const QString stored = ExamIrt::storedModel(takes.value().items);
        if (stored.isEmpty())
            return R::failure(QStringLiteral("exam '%1' has no fitted IRT model: on the Exams page, Fit IRT on its takes first").arg(exam));
        options.fit.model = IrtOptions::modelFromName(stored).value();
    }
    options.fit.hierarchical = false;
    if (job) {
        options.cancelled = [job] { return job->isCancelled(); };
        options.progress = [job](int done, int total) {
            job->reportProgress(done, total, done < total ? QStringLiteral("Validating short forms: fold %1 of %2").arg(done + 1).arg(total) : QStringLiteral("Validated short forms"));
        };
    }
    auto report = IrtValidation::run(data, options);
    if (!report)
        return report;
    if (auto s = store.setValidation(id.value(), report.value().toJson()); !s)
        return R::failure(s.error());
    return report;
}

Result<nlohmann::json> ExamValidation::stored(Database &db, const QString &exam)
{
    ExamStore store(db);
    auto id = store.idOf(exam);
    if (!id)
        return Result<nlohmann::json>::failure(id.error());
    return store.validation(id.value());
}

} // namespace assay
