#include "democommand.h"

#include "core/job.h"
#include "charts/analysisexport.h"
#include "exams/examfilters.h"
#include "exams/examstats.h"
#include "exams/examstore.h"
#include "exams/examtaker.h"
#include "exams/groundedexamgenerator.h"
#include "exams/examirt.h"
#include "exams/responsematrix.h"
#include "irt/irtcharts.h"
#include "io/reportwriter.h"
#include "irt/irtjson.h"
#include "runs/pipelinegrid.h"
#include "runs/runexecutor.h"
#include "runs/runplan.h"
#include "runs/runstore.h"
#include "scoring/scorer.h"
#include "demo/democorpus.h"
#include "demo/demoproject.h"
#include "demo/demoworld.h"
#include "project/project.h"

#include <QDir>
#include <QElapsedTimer>

namespace assay {

int DemoCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("Output folder (created if missing)."),
                                 QStringLiteral("DIR"), QStringLiteral("demo-out"));
    parser.addOption(out);
    if (!parse(parser, args, io, 0, 0))
        return parser.isSet(QStringLiteral("help")) ? ExitOk : ExitUsage;
    const QDir dir(parser.value(out));
    if (!QDir().mkpath(dir.absolutePath()))
        return fail(io, QStringLiteral("%1: cannot create the folder").arg(dir.absolutePath()));

    QElapsedTimer clock;
    clock.start();
    const QString projectPath = dir.absoluteFilePath(QStringLiteral("demo.assay"));
    Job job(QStringLiteral("Building the demo project"), [&](Job &j) { return DemoProject::build(projectPath, &j); });
    QObject::connect(&job, &Job::progressChanged, [&io](qint64 done, qint64 total, const QString &detail, double) {
        io.err << QStringLiteral("[%1/%2] %3\n").arg(done).arg(total).arg(detail);
        io.err.flush();
    });
    if (auto s = job.runHere(); !s)
        return fail(io, s.error());

    auto project = openProject(projectPath, io);
    if (!project)
        return ExitFailure;
    auto world = DemoWorld::load();
    if (!world)
        return fail(io, world.error());
    auto corpus = DemoCorpus::generate(world.value());
    if (!corpus)
        return fail(io, corpus.error());
    if (auto s = corpus.value().writeTo(dir.absolutePath()); !s)
        return fail(io, s.error());
    // The offline evaluation: retrieval-only pipelines keyword / tfidf / bm25 × k ∈ {1, 3} on
    // the short and long forms, judged by whether the retrieved context holds the answer.
    auto specs = PipelineGrid::expand(QStringLiteral("retriever=keyword|tfidf|bm25,k=1|3,reader=none"));
    if (!specs)
        return fail(io, specs.error());
    const QVector<PlannedRun> planned = RunPlan::expand(QStringLiteral("demo"), specs.value(), {QStringLiteral("short"), QStringLiteral("long")});
    RunStore store(project->database());
    for (const PlannedRun &run : planned) {
        auto id = store.openOrCreate(run.name, run.spec, run.querySet);
        if (!id)
            return fail(io, id.error());
        auto executed = RunExecutor::execute(project->database(), id.value());
        if (!executed)
            return fail(io, QStringLiteral("%1: %2").arg(run.name, executed.error()));
        // Retrieval-only: the verdict is already about retrieval, so the closed-domain rule (top-1
        // document) would hide what k > 1 adds.
        auto scored = Scorer::score(project->database(), id.value(), QStringLiteral("contains"), {false, {}});
        if (!scored)
            return fail(io, QStringLiteral("%1: %2").arg(run.name, scored.error()));
        io.err << QStringLiteral("[run] %1: %2 items, %3 correct\n").arg(run.name).arg(scored.value().items).arg(scored.value().correct);
        io.err.flush();
    }
    // The grounded exam, taken by ten offline students: IR with three retrievers × three k,
    // and the oracle.
    GroundedExamGenerator::Report examReport;
    auto examItems = GroundedExamGenerator::generate(*project, QStringLiteral("short"), 1, &examReport);
    if (!examItems)
        return fail(io, examItems.error());
    auto filters = ExamFilters::defaults();
    if (!filters)
        return fail(io, filters.error());
    ExamFilters::apply(examItems.value(), filters.value());
    ExamStore exams(project->database());
    auto examId = exams.create(QStringLiteral("demo-exam"), QStringLiteral("queries"), 1, examItems.value(),
                               ExamStats::compute(examItems.value(), {{"generated", examReport.generated}, {"parsed", examReport.generated}}));
    if (!examId)
        return fail(io, examId.error());
    auto readKept = exams.items(examId.value());
    if (!readKept)
        return fail(io, readKept.error());
    const QVector<ExamItem> kept = readKept.take();
    QStringList students;
    for (const QString &retriever : {QStringLiteral("keyword"), QStringLiteral("tfidf"), QStringLiteral("bm25")})
        for (int k : {1, 3, 5})
            students << QStringLiteral("ir:%1:%2").arg(retriever).arg(k);
    students << QStringLiteral("oracle-ir");
    for (const QString &student : students) {
        auto spec = ExamTaker::parse(student);
        auto answers = ExamTaker::take(project->database(), kept, spec.value());
        if (!answers)
            return fail(io, QStringLiteral("%1: %2").arg(student, answers.error()));
        if (auto s = exams.saveRun(examId.value(), spec.value().text, spec.value().factors(), answers.value()); !s)
            return fail(io, s.error());
    }
    if (auto written = ResponseMatrix::write(project->database(), QStringLiteral("demo-exam"), dir.absoluteFilePath(QStringLiteral("exam-responses.csv")),
                                             dir.absoluteFilePath(QStringLiteral("exam-factors.csv")));
        !written)
        return fail(io, written.error());
    io.err << QStringLiteral("[exam] demo-exam: %1 items, %2 students\n").arg(kept.size()).arg(students.size());
    // IRT on the takes: abilities per retriever and k (hierarchical 3PL, the exam paper's
    // bounds), two improvement steps; a, b, c saved into the exam, the fit as irt.json.
    IrtOptions irtOptions;
    irtOptions.hierarchical = true;
    irtOptions.bounds = QStringLiteral("exam-paper");
    auto irt = ExamIrt::fit(project->database(), QStringLiteral("demo-exam"), irtOptions, 2, 0.1);
    if (!irt)
        return fail(io, irt.error());
    if (auto s = ExamIrt::save(project->database(), irt.value().examId, irt.value().steps); !s)
        return fail(io, s.error());
    if (auto s = ReportWriter::writeText(dir.absoluteFilePath(QStringLiteral("irt.json")),
                                         QByteArray::fromStdString(IrtJson::steps(irt.value().steps, IrtInformation::grid()).dump(2)) + '\n');
        !s)
        return fail(io, s.error());
    const QVector<ChartData> irtCharts = IrtCharts::all(irt.value().steps, irt.value().bloom, irt.value().types);
    const IrtFit &lastFit = irt.value().steps.last().fit;
    io.err << QStringLiteral("[irt] %1 items after %2 improvement steps, %3 in %4 s\n")
                  .arg(lastFit.items.size()).arg(irt.value().steps.size() - 1)
                  .arg(lastFit.converged ? QStringLiteral("converged") : QStringLiteral("not converged"))
                  .arg(lastFit.seconds, 0, 'f', 2);

    auto analyses = AnalysisExport::analyses(project->database(), {}, {}, false);
    if (!analyses)
        return fail(io, analyses.error());
    auto report = AnalysisExport::writeReport(*project, analyses.value(), dir.absolutePath(), false, irtCharts);
    if (!report)
        return fail(io, report.error());
    auto plots = AnalysisExport::writePlots(analyses.value(), dir.absoluteFilePath(QStringLiteral("plots")), {QStringLiteral("svg"), QStringLiteral("png")});
    if (!plots)
        return fail(io, plots.error());
    auto irtPlots = AnalysisExport::writeCharts(irtCharts, dir.absoluteFilePath(QStringLiteral("plots")), {QStringLiteral("svg"), QStringLiteral("png")});
    if (!irtPlots)
        return fail(io, irtPlots.error());
    io.out << "Demo project: " << projectPath << '\n'
           << "Documents:    " << dir.absoluteFilePath(QStringLiteral("corpus")) << " (" << corpus.value().documents().size()
           << " files; facts.json says which document states which fact)\n"
           << "Runs:         " << planned.size() << " retrieval-only runs, scored (judge contains)\n"
           << "Report:       " << dir.absoluteFilePath(QStringLiteral("report.html")) << '\n'
           << "Summary:      " << dir.absoluteFilePath(QStringLiteral("summary.json")) << '\n'
           << "Plots:        " << dir.absoluteFilePath(QStringLiteral("plots")) << " (" << plots.value().size() + irtPlots.value().size() << " files)\n"
           << "Exam:         demo-exam, " << kept.size() << " items taken by " << students.size() << " offline students; "
           << dir.absoluteFilePath(QStringLiteral("exam-responses.csv")) << ", " << dir.absoluteFilePath(QStringLiteral("exam-factors.csv")) << '\n'
           << "IRT:          " << dir.absoluteFilePath(QStringLiteral("irt.json")) << " (hierarchical 3PL, " << lastFit.items.size() << " items kept after "
           << irt.value().steps.size() - 1 << " improvement steps)\n";
    io.err << QStringLiteral("Done in %1 s\n").arg(clock.elapsed() / 1000.0, 0, 'f', 1);
    return ExitOk;
}

} // namespace assay
