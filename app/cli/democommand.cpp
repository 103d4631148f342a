#include "democommand.h"

#include "demo/demolabels.h"

#include "core/job.h"
#include "report/analysisexport.h"
#include "exams/examirt.h"
#include "exams/responsematrix.h"
#include "report/reportexam.h"

#include <nlohmann/json.hpp>

#include <QMap>
#include "io/filewriter.h"
#include "irt/irtinformation.h"
#include "irt/irtjson.h"
#include "demo/democorpus.h"
#include "demo/demoevaluation.h"
#include "demo/demoworld.h"
#include "project/project.h"

#include <QDir>
#include <QElapsedTimer>

namespace assay {

namespace {
// "validated on 25 students left out in turn; best MAE at N=10: anchors 0.041 (τ 0.87), …"
QString shortFormLine(const nlohmann::json &v)
{
    if (!v.is_object() || !v.contains("methods") || !v["methods"].is_object())
        return QStringLiteral("not validated");
    QMap<int, QPair<QString, QPair<double, double>>> best;
    const nlohmann::json &methods = v["methods"];
    for (auto m = methods.begin(); m != methods.end(); ++m)
        for (auto c = m.value().begin(); c != m.value().end(); ++c) {
            const std::string method = m.key(), n = c.key();
            const nlohmann::json &cell = c.value();
            const double mae = cell.value("mae", 1.0);
            const int size = std::stoi(n);
            if (!best.contains(size) || mae < best[size].second.first)
                best[size] = {QString::fromStdString(method), {mae, cell.value("kendall_tau", 0.0)}};
        }
    QStringList parts;
    for (auto it = best.begin(); it != best.end(); ++it)
        parts << QStringLiteral("N=%1 %2 %3 (τ %4)").arg(it.key()).arg(it.value().first).arg(it.value().second.first, 0, 'f', 3).arg(it.value().second.second, 0, 'f', 2);
    return QStringLiteral("validated on %1 students left out in turn; best accuracy MAE: %2").arg(v.value("students", 0)).arg(parts.join(QStringLiteral(", ")));
}
} // namespace

int DemoCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("Output folder (created if missing)."),
                                 QStringLiteral("DIR"), QStringLiteral("demo-out"));
    parser.addOption(out);
    if (!parse(parser, args, io, 0, 0))
        return stopped(parser);
    const QDir dir(parser.value(out));
    if (!QDir().mkpath(dir.absolutePath()))
        return fail(io, QStringLiteral("%1: cannot create the folder").arg(dir.absolutePath()));

    QElapsedTimer clock;
    clock.start();
    const QString projectPath = dir.absoluteFilePath(QStringLiteral("demo.assay"));
    DemoEvaluation::Report evaluated;
    Job job(QStringLiteral("Building the demo project"), [&](Job &j) {
        auto built = DemoEvaluation::build(projectPath, &j);
        if (!built)
            return Status::failure(built);
        evaluated = built.take();
        return Status();
    });
    QObject::connect(&job, &Job::progressChanged, [&io](qint64 done, qint64 total, const QString &detail, double) {
        // The step starting, counted from 1; the end without a number.
        io.err << (done < total ? QStringLiteral("[%1/%2] %3\n").arg(done + 1).arg(total).arg(detail) : QStringLiteral("[done] %1\n").arg(detail));
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
    const QString exam = DemoEvaluation::examName();
    if (auto written = ResponseMatrix::write(project->database(), exam, dir.absoluteFilePath(QStringLiteral("exam-responses.csv")),
                                             dir.absoluteFilePath(QStringLiteral("exam-factors.csv")));
        !written)
        return fail(io, written.error());
    const ExamIrtResult &irt = evaluated.irt;
    if (auto s = FileWriter::write(dir.absoluteFilePath(QStringLiteral("irt.json")),
                                         QByteArray::fromStdString(IrtJson::steps(irt.steps, IrtInformation::grid()).dump(2)) + '\n');
        !s)
        return fail(io, s.error());
    // The exam's charts as the report draws them (ReportExam), for the plots folder.
    auto examPart = ReportExam::read(*project, exam, &irt);
    if (!examPart)
        return fail(io, examPart.error());
    const QVector<ChartData> irtCharts = examPart.value().irtCharts + examPart.value().shortFormCharts;
    const IrtFit &lastFit = irt.steps.last().fit;
    io.err << QStringLiteral("[irt] %1 items after %2 improvement steps, %3 in %4 s\n")
                  .arg(lastFit.items.size()).arg(irt.steps.size() - 1)
                  .arg(lastFit.converged ? QStringLiteral("converged") : QStringLiteral("not converged"))
                  .arg(lastFit.seconds, 0, 'f', 2);

    auto analyses = AnalysisExport::analyses(project->database(), {}, {}, ClosedDomain::Setting());
    if (!analyses)
        return fail(io, analyses.error());
    auto report = AnalysisExport::writeReport(*project, analyses.value(), dir.absolutePath(), false, exam, &irt);
    if (!report)
        return fail(io, report.error());
    auto plots = AnalysisExport::writePlots(analyses.value(), dir.absoluteFilePath(QStringLiteral("plots")), {QStringLiteral("svg"), QStringLiteral("png")}, 144, &project->database());
    if (!plots)
        return fail(io, plots.error());
    auto irtPlots = AnalysisExport::writeCharts(irtCharts, dir.absoluteFilePath(QStringLiteral("plots")), {QStringLiteral("svg"), QStringLiteral("png")});
    if (!irtPlots)
        return fail(io, irtPlots.error());
    io.out << "Demo project: " << projectPath << '\n'
           << "Documents:    " << dir.absoluteFilePath(QStringLiteral("corpus")) << " (" << corpus.value().documents().size()
           << " files; facts.json says which document states which fact)\n"
           << "Runs:         " << evaluated.runs.size() << " retrieval-only runs, scored (judge " << DemoEvaluation::judge() << ")\n"
           << "Labels:       " << evaluated.labels << " simulated human labels (" << DemoLabels::labeller() << ", the same sample in every run, agreeing with "
           << DemoEvaluation::judge() << " on 95%)\n"
           << "Report:       " << dir.absoluteFilePath(QStringLiteral("report.html")) << '\n'
           << "Summary:      " << dir.absoluteFilePath(QStringLiteral("summary.json")) << '\n'
           << "Plots:        " << dir.absoluteFilePath(QStringLiteral("plots")) << " (" << plots.value().size() + irtPlots.value().size() << " files)\n"
           << "Exam:         " << exam << ", " << evaluated.examItems << " items taken by " << evaluated.students.size() << " offline students; "
           << dir.absoluteFilePath(QStringLiteral("exam-responses.csv")) << ", " << dir.absoluteFilePath(QStringLiteral("exam-factors.csv")) << '\n'
           << "IRT:          " << dir.absoluteFilePath(QStringLiteral("irt.json")) << " (hierarchical " << lastFit.model.toUpper() << ' '
           << (lastFit.estimator == QLatin1String("bayes-modal") ? "Bayes modal" : "joint ML") << ", " << irt.steps.first().fit.choice << "; "
           << lastFit.parametersOnBound << " of " << lastFit.parameterCount << " parameters on a bound; " << lastFit.items.size() << " items kept after "
           << irt.steps.size() - 1 << " improvement step(s) dropping misfitting items)\n"
           << "Short forms:  " << shortFormLine(irt.validation) << '\n';
    io.err << QStringLiteral("Done in %1 s\n").arg(clock.elapsed() / 1000.0, 0, 'f', 1);
    return ExitOk;
}

} // namespace assay
