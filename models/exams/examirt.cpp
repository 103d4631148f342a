#include "exams/examirt.h"

#include "exams/examstore.h"
#include "exams/examtakernotes.h"
#include "exams/responsematrix.h"
#include "irt/irtfitsummary.h"

namespace assay {

namespace {
// The groups the information curves are drawn by: an item without a Bloom level or a type
// still counts, under "Uncategorized" or "other".
void addGroups(ExamIrtResult &result, const ExamItem &it)
{
    result.bloom.insert(it.key, it.bloom.isEmpty() ? QStringList{QStringLiteral("Uncategorized")} : it.bloom);
    result.types.insert(it.key, {it.questionType.isEmpty() ? QStringLiteral("other") : it.questionType});
}
} // namespace

Result<ExamIrtResult> ExamIrt::fit(Database &db, const QString &exam, const IrtOptions &options, int steps, const IrtDropRule &rule, Job *job)
{
    using R = Result<ExamIrtResult>;
    ExamStore store(db);
    auto examId = store.idOf(exam);
    if (!examId)
        return R::failure(examId.error());
    // One read of the takes serves the matrix, the classical analysis and the item groups.
    auto takes = ResponseMatrix::takes(db, exam);
    if (!takes)
        return R::failure(takes.error());
    auto data = ResponseMatrix::data(takes.value(), exam);
    if (!data)
        return R::failure(data.error());
    ExamIrtResult result;
    result.exam = exam;
    result.examId = examId.value();
    result.data = data.value();
    auto fitted = IrtImprovement::run(result.data, options, steps, rule, IrtInformation::grid(), job);
    if (!fitted)
        return R::failure(QStringLiteral("exam '%1': %2").arg(exam, fitted.error()));
    result.steps = fitted.value();
    result.classical = ResponseMatrix::classical(takes.value());
    result.takerNotes = ExamTakerNotes::lines(ExamTakerNotes::explain(takes.value()));
    for (const ExamItem &it : takes.value().items)
        addGroups(result, it);
    return result;
}

QVector<ExamItem> ExamIrt::parameters(const QVector<IrtStep> &steps)
{
    QVector<ExamItem> out;
    QHash<QString, int> at;
    for (const IrtStep &s : steps)
        for (const IrtItem &it : s.fit.items) {
            if (!at.contains(it.id)) {
                at.insert(it.id, int(out.size()));
                ExamItem e;
                e.key = it.id;
                out << e;
            }
            ExamItem &e = out[at.value(it.id)];
            e.a = it.a, e.b = it.b, e.c = it.c;
        }
    return out;
}

Status ExamIrt::save(Database &db, qint64 examId, const QVector<IrtStep> &steps, const nlohmann::json &settings)
{
    nlohmann::json stored = settings;
    if (stored.is_object() && !stored.contains("summary")) // a later session shows what the fit found
        stored["summary"] = IrtFitSummary::of(steps);
    return ExamStore(db).setIrt(examId, parameters(steps), stored, twoDimParameters(steps));
}

QVector<IrtTwoDimItem> ExamIrt::twoDimParameters(const QVector<IrtStep> &steps)
{
    // The 2-D model is fitted on every accepted item (the first step), beside the 1-D fit.
    if (steps.isEmpty() || !steps.first().fit.twoDimensional.computed)
        return {};
    return steps.first().fit.twoDimensional.items;
}

nlohmann::json ExamIrt::settings(const IrtOptions &options, int steps, const IrtDropRule &rule)
{
    return {{"model", (options.autoModel ? QStringLiteral("auto") : IrtOptions::modelName(options.model)).toStdString()},
            {"bounds", options.bounds.toStdString()},
            {"hierarchical", options.hierarchical},
            {"estimator", options.estimator().toStdString()},
            {"dimensions", options.dimensions},
            {"steps", steps},
            {"drop", IrtDropRule::kindName(rule.kind).toStdString()},
            {"quantile", rule.quantile},
            {"from", rule.from},
            {"to", rule.to}};
}

QString ExamIrt::storedModel(const QVector<ExamItem> &items)
{
    bool any = false, guessing = false, slopes = false;
    for (const ExamItem &it : items) {
        if (!it.a)
            continue;
        any = true;
        guessing = guessing || std::abs(it.c.value_or(0)) > 1e-9;
        slopes = slopes || std::abs(*it.a - 1.0) > 1e-9;
    }
    return !any ? QString() : guessing ? QStringLiteral("3pl") : slopes ? QStringLiteral("2pl") : QStringLiteral("1pl");
}

ExamIrtResult ExamIrt::fromStored(const QString &exam, const QVector<ExamItem> &items)
{
    ExamIrtResult r;
    r.exam = exam;
    IrtStep step;
    for (const ExamItem &it : items)
        if (it.a) {
            step.fit.items << IrtItem{it.key, *it.a, it.b.value_or(0), it.c.value_or(0)};
            addGroups(r, it);
        }
    if (step.fit.items.isEmpty())
        return r;
    step.fit.model = storedModel(items);
    r.steps << step;
    return r;
}

} // namespace assay
