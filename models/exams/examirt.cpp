#include "exams/examirt.h"

#include "exams/examstore.h"
#include "exams/responsematrix.h"

namespace assay {

Result<ExamIrtResult> ExamIrt::fit(Database &db, const QString &exam, const IrtOptions &options, int steps, const IrtDropRule &rule, Job *job)
{
    using R = Result<ExamIrtResult>;
    ExamStore store(db);
    auto examId = store.idOf(exam);
    if (!examId)
        return R::failure(examId.error());
    auto data = ResponseMatrix::data(db, exam);
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
    auto classical = ResponseMatrix::classical(db, exam);
    if (!classical)
        return R::failure(classical.error());
    result.classical = classical.take();
    auto items = store.items(result.examId);
    if (!items)
        return R::failure(items);
    for (const ExamItem &it : items.value()) {
        result.bloom.insert(it.key, it.bloom.isEmpty() ? QStringList{QStringLiteral("Uncategorized")} : it.bloom);
        result.types.insert(it.key, {it.questionType.isEmpty() ? QStringLiteral("other") : it.questionType});
    }
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

Status ExamIrt::save(Database &db, qint64 examId, const QVector<IrtStep> &steps)
{
    return ExamStore(db).setIrt(examId, parameters(steps));
}

} // namespace assay
