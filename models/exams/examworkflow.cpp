#include "exams/examworkflow.h"

#include "exams/irtaker.h"

#include "core/job.h"
#include "exams/corpusexamgenerator.h"
#include "exams/examfilters.h"
#include "exams/examstats.h"
#include "exams/examstore.h"
#include "exams/examtaker.h"
#include "exams/groundedexamgenerator.h"
#include "exams/takerregistry.h"
#include "project/project.h"
#include "project/transaction.h"

#include <QHash>

#include <nlohmann/json.hpp>

namespace assay {

QStringList ExamWorkflow::offlineStudents()
{
    return TakerRegistry::instance().offered({});
}

namespace {

// Filters the items with the default thresholds and stores them as exam `name`.
Result<ExamWorkflow::Generated> storeExam(Project &project, const QString &name, const QString &source, quint64 seed, QVector<ExamItem> &items,
                                          const nlohmann::json &generation, int unparsable, Job *job,
                                          const ExamWorkflow::Thresholds &thresholds)
{
    using R = Result<ExamWorkflow::Generated>;
    if (job && job->isCancelled())
        return R::cancelled();
    auto filters = ExamFilters::defaults();
    if (!filters)
        return R::failure(filters);
    if (thresholds.keySimilarity <= 0 || thresholds.keySimilarity > 1 || thresholds.distractorSimilarity <= 0 || thresholds.distractorSimilarity > 1)
        return R::failure(QStringLiteral("the similarity thresholds lie in (0, 1]"));
    filters.value().keySimilarity = thresholds.keySimilarity;
    filters.value().distractorSimilarity = thresholds.distractorSimilarity;
    ExamFilters::apply(items, filters.value());
    nlohmann::json stats = ExamStats::compute(items, generation);
    if (unparsable > 0)
        stats["filtered"]["unparsable"] = unparsable;
    // The filter the exam was made with, so that a later reader knows what was dropped.
    stats["thresholds"] = {{"key_similarity", thresholds.keySimilarity}, {"distractor_similarity", thresholds.distractorSimilarity}};
    ExamStore exams(project.database());
    auto id = exams.create(name, source, seed, items, stats);
    if (!id)
        return R::failure(id);
    auto kept = exams.items(id.value());
    if (!kept)
        return R::failure(kept);
    if (job)
        job->reportProgress(2, 2, QStringLiteral("Exam '%1' stored").arg(name));
    return ExamWorkflow::Generated{id.value(), stats.value("generated", qint64(items.size())), kept.value().size()};
}

Status checkName(Project &project, const QString &name)
{
    if (name.trimmed().isEmpty())
        return Status::failure(QStringLiteral("the exam needs a name"));
    if (ExamStore(project.database()).idOf(name))
        return Status::failure(QStringLiteral("an exam named '%1' exists already; choose another name").arg(name));
    return Status();
}

} // namespace

Result<ExamWorkflow::Generated> ExamWorkflow::generateGrounded(Project &project, const QString &name, const QString &querySet, quint64 seed, Job *job,
                                                               const Thresholds &thresholds)
{
    using R = Result<Generated>;
    if (auto s = checkName(project, name); !s)
        return R::failure(s);
    if (job)
        job->reportProgress(0, 2, QStringLiteral("Generating items from the '%1' queries").arg(querySet));
    GroundedExamGenerator::Report report;
    auto items = GroundedExamGenerator::generate(project, querySet, seed, &report);
    if (!items)
        return R::failure(items);
    const nlohmann::json generation = {{"generated", report.generated}, {"parsed", report.generated},
                                       {"skipped", {{"fewer than four values", report.skippedFewValues}, {"answer is not a column", report.skippedNoColumn}}},
                                       {"form", querySet.toStdString()}};
    return storeExam(project, name, QStringLiteral("queries"), seed, items.value(), generation, 0, job, thresholds);
}

Result<ExamWorkflow::Generated> ExamWorkflow::generateFromCorpus(Project &project, const QString &name, const QString &profile, quint64 seed, int perChunk,
                                                                 int maxChunks, Job *job, const Thresholds &thresholds)
{
    using R = Result<Generated>;
    if (auto s = checkName(project, name); !s)
        return R::failure(s);
    if (profile.isEmpty())
        return R::failure(QStringLiteral("generating an exam from the corpus needs an LLM profile"));
    if (perChunk < 1)
        return R::failure(QStringLiteral("ask at least one question per chunk"));
    CorpusExamGenerator::Report report;
    auto items = CorpusExamGenerator::generate(project.database(), profile, seed, perChunk, maxChunks, &report, job);
    if (!items)
        return R::failure(items);
    const nlohmann::json generation = {{"generated", report.parsed + report.unparsable}, {"parsed", report.parsed}, {"requests", report.requests}};
    return storeExam(project, name, QStringLiteral("corpus"), seed, items.value(), generation, report.unparsable, job, thresholds);
}

Status ExamWorkflow::take(Project &project, const QString &exam, const QStringList &students, Job *job, QVector<Taken> *takes)
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
    // Every student's answers are stored together at the end, in one transaction: a take that
    // is cancelled, fails or is killed part-way leaves the exam as it was (the LLM cache keeps
    // what the students' calls returned, so taking it again is cheap).
    // The ir students of one retriever share its rankings: taken together at every k they ask
    // for, when the first of them comes (IrTaker::takeAtDepths).
    QHash<QString, QVector<int>> depths; // retriever → the students (indices) taking with it
    for (int i = 0; i < specs.size(); ++i)
        if (specs[i].kind == QLatin1String("ir"))
            depths[specs[i].retriever] << i;
    QVector<QVector<ExamAnswer>> taken(specs.size());
    QVector<bool> done(specs.size(), false);
    for (int i = 0; i < specs.size(); ++i) {
        if (job && job->isCancelled())
            return Status::cancelled();
        if (job)
            job->reportProgress(i, specs.size(), QStringLiteral("Exam taken by %1").arg(specs[i].text));
        if (done[i])
            continue;
        if (const QVector<int> group = depths.value(specs[i].retriever); specs[i].kind == QLatin1String("ir") && group.size() > 1) {
            QVector<int> ks;
            for (int g : group)
                ks << specs[g].k;
            auto answers = IrTaker::takeAtDepths(project.database(), kept.value(), specs[i].retriever, ks, nullptr);
            if (!answers)
                return Status::failure(QStringLiteral("%1: %2").arg(specs[i].text, answers.error()), answers.code());
            for (int g = 0; g < group.size(); ++g) {
                taken[group[g]] = answers.value()[g];
                done[group[g]] = true;
            }
            continue;
        }
        auto answers = ExamTaker::take(project.database(), kept.value(), specs[i]);
        if (!answers)
            return Status::failure(QStringLiteral("%1: %2").arg(specs[i].text, answers.error()), answers.code());
        taken[i] = answers.take();
        done[i] = true;
    }
    if (job && job->isCancelled())
        return Status::cancelled();
    Transaction tx(project.database());
    if (!tx.began())
        return tx.beginStatus();
    for (int i = 0; i < specs.size(); ++i)
        if (auto s = exams.saveRun(examId.value(), specs[i].text, specs[i].factors(), taken[i]); !s)
            return s;
    if (auto s = tx.commit(); !s)
        return s;
    if (takes)
        for (int i = 0; i < specs.size(); ++i)
            takes->append({specs[i].text, ExamTaker::summarize(taken[i])});
    if (job)
        job->reportProgress(specs.size(), specs.size(), QStringLiteral("Exam taken by %1 student(s)").arg(specs.size()));
    return {};
}

} // namespace assay
