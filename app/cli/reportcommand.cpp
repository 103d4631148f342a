#include "reportcommand.h"

#include "analysis/runanalysis.h"
#include "report/analysisexport.h"

namespace assay {

int ReportCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("Output folder."), QStringLiteral("DIR"));
    const QCommandLineOption runs(QStringLiteral("runs"), QStringLiteral("The runs (default: every scored run)."), QStringLiteral("R1,R2,..."));
    const QCommandLineOption judge(QStringLiteral("judge"), QStringLiteral("The judge whose verdicts are reported."), QStringLiteral("NAME"));
    const QCommandLineOption pdf(QStringLiteral("pdf"), QStringLiteral("Also write report.pdf."));
    const QCommandLineOption exam(QStringLiteral("exam"), QStringLiteral("The exam of the \"Exam and IRT\" section (default: the first exam, as the Exams page opens on)."),
                                  QStringLiteral("NAME"));
    const QCommandLineOption closed(QStringLiteral("closed-domain"), QStringLiteral("auto (default: on for runs with a reader, off for retrieval-only runs), on or off."), QStringLiteral("auto|on|off"), QStringLiteral("auto"));
    parser.addOptions({out, runs, judge, pdf, closed, exam});
    if (!parse(parser, args, io, 1, 1))
        return stopped(parser);
    if (!parser.isSet(out))
        return usageError(parser, io, QStringLiteral("--out is required"));
    auto closedDomain = ClosedDomain::parse(parser.value(closed));
    if (!closedDomain)
        return usageError(parser, io, closedDomain.error());
    auto project = openProject(parser.positionalArguments().constFirst(), io);
    if (!project)
        return ExitFailure;
    QVector<RunAnalysis> analyses;
    auto scored = RunAnalyzer::scoredRuns(project->database());
    if (!scored)
        return fail(io, scored.error());
    if (!scored.value().isEmpty() || parser.isSet(runs)) {
        auto a = AnalysisExport::analyses(project->database(), parser.value(runs).split(QLatin1Char(','), Qt::SkipEmptyParts), parser.value(judge),
                                         closedDomain.value());
        if (!a)
            return fail(io, a.error());
        analyses = a.value();
    }
    // The writer File → Export Report… calls, with the same inputs: no fit of this session here,
    // so the exam's section is of its stored parameters, as in a desktop session before Fit IRT.
    auto files = AnalysisExport::writeReport(*project, analyses, parser.value(out), parser.isSet(pdf), parser.value(exam));
    if (!files)
        return fail(io, files.error());
    for (const QString &f : files.value())
        io.out << f << '\n';
    return ExitOk;
}

} // namespace assay
