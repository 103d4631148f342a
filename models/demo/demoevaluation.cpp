#include "demo/demoevaluation.h"

#include "core/job.h"
#include "demo/demolabels.h"
#include "demo/demoproject.h"
#include "exams/examvalidation.h"
#include "exams/examworkflow.h"
#include "project/partialfile.h"
#include "project/projectbackup.h"
#include "project/project.h"
#include "runs/pipelinegrid.h"
#include "runs/runexecutor.h"
#include "runs/runplan.h"
#include "runs/runstore.h"
#include "runs/scorer.h"

#include <QElapsedTimer>

namespace assay {

// The offline evaluation: retrieval-only pipelines keyword / tfidf / bm25 × k ∈ {1, 3} on the
// short and long forms.
static constexpr const char *pipelineGrid = "retriever=keyword|tfidf|bm25,k=1|3,reader=none";

Result<DemoEvaluation::Report> DemoEvaluation::build(const QString &path, Job *job)
{
    // Built and evaluated in a file of its own beside the target, which replaces the old demo's
    // content in one SQLite transaction only when everything is done: a cancel, a failure or a
    // kill at any moment leaves the old demo as it was (docs/project-file.md).
    PartialFile::removeOrphans(path, QStringLiteral("build"));
    const QString building = PartialFile::nameFor(path, QStringLiteral("build"));
    auto report = [&]() -> Result<Report> {
        if (auto s = DemoProject::build(building, job); !s)
            return Result<Report>::failure(s);
        auto project = Project::open(building);
        if (!project)
            return Result<Report>::failure(project);
        return evaluate(*project.value(), job);
    }(); // every connection to the building file is closed here
    if (report && !(job && job->isCancelled())) {
        if (job)
            job->reportProgress(1, 1, QStringLiteral("Putting the demo project in place"));
        if (auto s = ProjectBackup::replaceContent(building, path); !s)
            report = Result<Report>::failure(s);
    }
    PartialFile::discard(building);
    if (report && job && job->isCancelled())
        return Result<Report>::cancelled();
    return report;
}

Result<DemoEvaluation::Report> DemoEvaluation::evaluate(Project &project, Job *job)
{
    using R = Result<Report>;
    QElapsedTimer clock;
    clock.start();
    Report report;
    auto specs = PipelineGrid::expand(QString::fromLatin1(pipelineGrid));
    if (!specs)
        return R::failure(specs);
    const QVector<PlannedRun> planned = RunPlan::expand(QStringLiteral("demo"), specs.value(), {QStringLiteral("short"), QStringLiteral("long")});
    report.students = ExamWorkflow::offlineStudents();
    // Steps: each run (executed and scored), the exam, its take by the students, the IRT fit and
    // the short forms' validation.
    const qint64 steps = planned.size() + 1 + 1 + 2;
    qint64 step = 0;
    const auto progress = [&](const QString &detail) -> Status {
        if (job && job->isCancelled())
            return Status::cancelled();
        if (job)
            job->reportStep(step, steps, detail);
        ++step;
        return {};
    };
    Database &db = project.database();
    RunStore store(db);
    for (const PlannedRun &run : planned) {
        if (auto s = progress(QStringLiteral("Running and scoring %1").arg(run.name)); !s)
            return R::failure(s);
        auto id = store.openOrCreate(run.name, run.spec, run.querySet);
        if (!id)
            return R::failure(id);
        auto executed = RunExecutor::execute(db, id.value());
        if (!executed)
            return R::failure(QStringLiteral("%1: %2").arg(run.name, executed.error()), executed.code());
        auto scored = Scorer::score(db, id.value(), judge(), {});
        if (!scored)
            return R::failure(QStringLiteral("%1: %2").arg(run.name, scored.error()), scored.code());
        report.runs << run.name;
        report.items += scored.value().items;
        report.correct += scored.value().correct;
    }

    // People's labels, simulated, so that the label views and the corrected accuracy show.
    auto labelled = DemoLabels::label(db, report.runs, judge());
    if (!labelled)
        return R::failure(labelled);
    report.labels = labelled.value();

    if (auto s = progress(QStringLiteral("Generating the grounded exam")); !s)
        return R::failure(s);
    auto exam = ExamWorkflow::generateGrounded(project, examName(), QStringLiteral("short"), 1);
    if (!exam)
        return R::failure(exam);
    report.examItems = exam.value().kept;
    // Taken by all students at once: the ir students of one retriever share its rankings.
    if (auto s = progress(QStringLiteral("Exam taken by %1 students").arg(report.students.size())); !s)
        return R::failure(s);
    if (auto s = ExamWorkflow::take(project, examName(), report.students); !s)
        return R::failure(s);

    // IRT on the takes: abilities per retriever and k, the model BIC prefers among 1PL, 2PL
    // and 3PL, Bayes modal (25 students: joint ML would send the items nobody separates to
    // their bounds), one improvement step dropping misfitting items; a, b, c saved into the exam.
    if (auto s = progress(QStringLiteral("Fitting IRT")); !s)
        return R::failure(s);
    IrtOptions irtOptions;
    irtOptions.hierarchical = true;
    irtOptions.autoModel = true;
    irtOptions.prior = true;
    IrtDropRule misfit;
    misfit.kind = IrtDropRule::Kind::Misfit;
    auto irt = ExamIrt::fit(db, examName(), irtOptions, 1, misfit);
    if (!irt)
        return R::failure(irt);
    if (auto s = ExamIrt::save(db, irt.value().examId, irt.value().steps, ExamIrt::settings(irtOptions, 1, misfit)); !s)
        return R::failure(s);
    report.irt = irt.take();
    // How far short forms of the exam can stand for it: every student left out in turn, the
    // flat model refitted on the others (docs/METHODS.md §9.15); kept in the exam for the
    // Exams page's chart and the report.
    if (auto s = progress(QStringLiteral("Validating short forms")); !s)
        return R::failure(s);
    IrtValidation::Options validation;
    validation.sizes = {5, 10, 25, 50, 100};
    validation.fit.prior = true;
    if (job)
        validation.cancelled = [job] { return job->isCancelled(); };
    auto validated = ExamValidation::run(db, examName(), validation);
    if (!validated)
        return R::failure(validated);
    report.irt.validation = validated.value().toJson();
    if (job)
        job->reportProgress(steps, steps, QStringLiteral("The demo is evaluated"));
    report.seconds = clock.elapsed() / 1000.0;
    return report;
}

} // namespace assay
