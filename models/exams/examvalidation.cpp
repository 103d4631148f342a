#include "exams/examvalidation.h"

#include "core/job.h"
#include "exams/examadaptivetake.h"
#include "exams/examirt.h"
#include "exams/examstore.h"
#include "exams/responsematrix.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <string>

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
        if (!ExamAdaptiveTake::isAdaptive(all.value().students[s])) {
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

Result<ExamValidation::Recommendation> ExamValidation::recommendedForm(Database &db, const QString &exam, int n)
{
    using R = Result<Recommendation>;
    auto report = stored(db, exam);
    if (!report)
        return R::failure(report.error());
    const nlohmann::json &j = report.value();
    if (!j.is_object() || !j.contains("methods") || !j["methods"].is_object() || j["methods"].empty())
        return R::failure(QStringLiteral("exam '%1' has no validation to choose a method by: click Validate… on its Short forms & adaptive tab "
                                         "(or run exam validate) first, or name the method")
                              .arg(exam));
    // The validated size nearest to n (the smaller on a tie).
    int size = -1;
    for (const auto &[method, bySize] : j["methods"].items())
        for (const auto &[key, cell] : bySize.items()) {
            const int at = std::stoi(key);
            if (size < 0 || std::abs(at - n) < std::abs(size - n) || (std::abs(at - n) == std::abs(size - n) && at < size))
                size = at;
        }
    QString best;
    double bestMae = 0;
    for (const char *method : {"plain", "random", "information", "anchors"}) { // plain first: a tie stays with it
        const auto m = j["methods"].find(method);
        if (m == j["methods"].end() || !m->contains(std::to_string(size)))
            continue;
        const double mae = std::round((*m)[std::to_string(size)].value("mae", 1.0) * 1000) / 1000;
        if (best.isEmpty() || mae < bestMae)
            best = QString::fromLatin1(method), bestMae = mae;
    }
    if (best.isEmpty())
        return R::failure(QStringLiteral("the validation of '%1' measured no fixed-form method (random, information, anchors or plain): validate them first").arg(exam));
    Recommendation out;
    out.method = best == QLatin1String("plain") ? IrtShortForm::Method::Random : IrtShortForm::methodFromName(best).value();
    out.why = QStringLiteral("%1 has the lowest validated error at %2 items (MAE %3)%4")
                  .arg(best).arg(size).arg(bestMae, 0, 'f', 3)
                  .arg(best == QLatin1String("plain") ? QStringLiteral(": random items, read as their share correct") : QString());
    return out;
}

} // namespace assay
