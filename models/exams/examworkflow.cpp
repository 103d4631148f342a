#include "exams/examworkflow.h"

#include "core/job.h"
#include "exams/examfilters.h"
#include "exams/examstats.h"
#include "exams/examstore.h"
#include "exams/examtaker.h"
#include "exams/groundedexamgenerator.h"
#include "project/project.h"

namespace assay {

QStringList ExamWorkflow::offlineStudents()
{
    QStringList out;
    for (const QString &retriever : {QStringLiteral("keyword"), QStringLiteral("tfidf"), QStringLiteral("bm25")})
        for (int k : {1, 3, 5})
            out << QStringLiteral("ir:%1:%2").arg(retriever).arg(k);
    out << QStringLiteral("oracle-ir");
    return out;
}

Result<ExamWorkflow::Generated> ExamWorkflow::generateGrounded(Project &project, const QString &name, const QString &querySet, quint64 seed, Job *job)
{
    using R = Result<Generated>;
    if (name.trimmed().isEmpty())
        return R::failure(QStringLiteral("the exam needs a name"));
    ExamStore exams(project.database());
    if (exams.idOf(name))
        return R::failure(QStringLiteral("an exam named '%1' exists already; choose another name").arg(name));
    if (job)
        job->reportProgress(0, 2, QStringLiteral("Generating items from the '%1' queries").arg(querySet));
    GroundedExamGenerator::Report report;
    auto items = GroundedExamGenerator::generate(project, querySet, seed, &report);
    if (!items)
        return R::failure(items);
    if (job && job->isCancelled())
        return R::cancelled();
    auto filters = ExamFilters::defaults();
    if (!filters)
        return R::failure(filters);
    ExamFilters::apply(items.value(), filters.value());
    if (job)
        job->reportProgress(1, 2, QStringLiteral("Storing the exam"));
    auto id = exams.create(name, QStringLiteral("queries"), seed, items.value(),
                           ExamStats::compute(items.value(), {{"generated", report.generated}, {"parsed", report.generated}}));
    if (!id)
        return R::failure(id);
    auto kept = exams.items(id.value());
    if (!kept)
        return R::failure(kept);
    if (job)
        job->reportProgress(2, 2, QStringLiteral("Exam '%1' stored").arg(name));
    return Generated{id.value(), report.generated, kept.value().size()};
}

Status ExamWorkflow::take(Project &project, const QString &exam, const QStringList &students, Job *job)
{
    ExamStore exams(project.database());
    auto examId = exams.idOf(exam);
    if (!examId)
        return Status::failure(examId);
    auto kept = exams.items(examId.value());
    if (!kept)
        return Status::failure(kept);
    if (kept.value().isEmpty())
        return Status::failure(QStringLiteral("exam '%1' has no accepted items to take").arg(exam));
    QVector<ExamTaker::Spec> specs;
    for (const QString &student : students) {
        auto spec = ExamTaker::parse(student);
        if (!spec)
            return Status::failure(spec);
        specs << spec.value();
    }
    for (int i = 0; i < specs.size(); ++i) {
        if (job && job->isCancelled())
            return Status::cancelled();
        if (job)
            job->reportProgress(i, specs.size(), QStringLiteral("Exam taken by %1").arg(specs[i].text));
        auto answers = ExamTaker::take(project.database(), kept.value(), specs[i]);
        if (!answers)
            return Status::failure(QStringLiteral("%1: %2").arg(specs[i].text, answers.error()), answers.code());
        if (auto s = exams.saveRun(examId.value(), specs[i].text, specs[i].factors(), answers.value()); !s)
            return s;
    }
    if (job)
        job->reportProgress(specs.size(), specs.size(), QStringLiteral("Exam taken by %1 student(s)").arg(specs.size()));
    return {};
}

} // namespace assay
