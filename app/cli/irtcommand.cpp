#include "irtcommand.h"

#include "exams/examirt.h"
#include "exams/responsematrix.h"
#include "irt/irtguard.h"
#include "irt/irtjson.h"

namespace assay {

namespace {

void printText(const QVector<IrtStep> &steps, CliIo &io)
{
    for (const IrtStep &s : steps) {
        const IrtFit &f = s.fit;
        io.out << QStringLiteral("step %1: %2 items × %3 students, %4, nll %5, %6 (projected gradient %7, %8 sweeps + %9 Newton steps + %10 L-BFGS-B iterations, %11 s); RMSE %12 vs %13 for mean accuracy\n")
                      .arg(s.step).arg(f.items.size()).arg(f.students.size()).arg(f.model.toUpper())
                      .arg(f.nll, 0, 'f', 3)
                      .arg(f.converged ? QStringLiteral("converged") : QStringLiteral("NOT converged: ") + f.message)
                      .arg(f.projectedGradient, 0, 'e', 2).arg(f.sweeps).arg(f.newtonSteps).arg(f.iterations).arg(f.seconds, 0, 'f', 3)
                      .arg(f.rmse, 0, 'f', 4).arg(f.baselineRmse, 0, 'f', 4);
        if (s.step > 0)
            io.out << QStringLiteral("  dropped %1 item(s) with a ≤ %2\n").arg(s.dropped.size()).arg(s.threshold, 0, 'f', 3);
    }
    if (steps.isEmpty())
        return;
    const IrtFit &f = steps.last().fit;
    for (auto it = f.factors.constBegin(); it != f.factors.constEnd(); ++it) {
        io.out << it.key() << ':';
        for (const auto &[level, theta] : it.value())
            io.out << QStringLiteral(" %1 %2").arg(level).arg(theta, 0, 'f', 3);
        io.out << '\n';
    }
    if (f.factors.isEmpty())
        for (const auto &[id, theta] : f.students)
            io.out << QStringLiteral("  θ %1 %2\n").arg(theta, 7, 'f', 3).arg(id);
}

} // namespace

int IrtCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("fit"), QStringLiteral("What to do."));
    parser.addPositionalArgument(QStringLiteral("[FILE.assay]"), QStringLiteral("The project, with --exam."));
    parser.addOptions({
        {QStringLiteral("responses"), QStringLiteral("A students × items 0/1 CSV (student,<item ids>; empty = missing)."), QStringLiteral("M.csv")},
        {QStringLiteral("factors"), QStringLiteral("The students' factors CSV (student,<factors>): fits abilities per factor level."), QStringLiteral("F.csv")},
        {QStringLiteral("exam"), QStringLiteral("With FILE: fit the exam's stored takes and save a, b, c into its items."), QStringLiteral("E")},
        {QStringLiteral("hierarchical"), QStringLiteral("With --exam: abilities per level of the takers' factors (llm, retriever, k, icl).")},
        {QStringLiteral("model"), QStringLiteral("1pl, 2pl or 3pl (default 3pl)."), QStringLiteral("M"), QStringLiteral("3pl")},
        {QStringLiteral("bounds"), QStringLiteral("default or exam-paper (DESIGN §10)."), QStringLiteral("B"), QStringLiteral("default")},
        {QStringLiteral("prior"), QStringLiteral("Bayes modal instead of joint ML: θ ~ N(0,1), log a ~ N(0,0.5²), b ~ N(0,2²), c ~ Beta(6,16) (for small panels).")},
        {QStringLiteral("iterate"), QStringLiteral("Improvement steps after the first fit (0)."), QStringLiteral("N"), QStringLiteral("0")},
        {QStringLiteral("drop-quantile"), QStringLiteral("Each step drops the items with a at or below this quantile of a (0.1)."), QStringLiteral("Q"), QStringLiteral("0.1")},
        {QStringLiteral("json"), QStringLiteral("Machine-readable JSON.")},
    });
    if (!parse(parser, args, io, 1, 2))
        return parser.isSet(QStringLiteral("help")) ? ExitOk : ExitUsage;
    if (parser.positionalArguments().at(0) != QLatin1String("fit"))
        return usageError(parser, io, QStringLiteral("unknown irt command '%1' (fit)").arg(parser.positionalArguments().at(0)));
    const bool fromExam = parser.isSet(QStringLiteral("exam"));
    if (fromExam == parser.isSet(QStringLiteral("responses")))
        return usageError(parser, io, QStringLiteral("give either --responses M.csv or FILE.assay --exam E"));
    if (fromExam && parser.positionalArguments().size() != 2)
        return usageError(parser, io, QStringLiteral("--exam needs the project FILE.assay"));
    if (!fromExam && parser.positionalArguments().size() != 1)
        return usageError(parser, io, QStringLiteral("--responses takes no project file"));
    IrtOptions options;
    auto model = IrtOptions::modelFromName(parser.value(QStringLiteral("model")));
    if (!model)
        return usageError(parser, io, model.error());
    options.model = model.value();
    if (auto b = IrtBounds::preset(parser.value(QStringLiteral("bounds"))); !b)
        return usageError(parser, io, b.error());
    options.bounds = parser.value(QStringLiteral("bounds"));
    options.prior = parser.isSet(QStringLiteral("prior"));
    bool ok = false;
    const int steps = parser.value(QStringLiteral("iterate")).toInt(&ok);
    if (!ok || steps < 0)
        return usageError(parser, io, QStringLiteral("--iterate takes a whole number ≥ 0"));
    const double quantile = parser.value(QStringLiteral("drop-quantile")).toDouble(&ok);
    if (!ok || quantile < 0 || quantile > 1)
        return usageError(parser, io, QStringLiteral("--drop-quantile takes a number in [0, 1]"));
    const std::vector<double> grid = IrtInformation::grid();
    QVector<IrtStep> fitted;
    if (fromExam) {
        options.hierarchical = parser.isSet(QStringLiteral("hierarchical"));
        auto project = openProject(parser.positionalArguments().at(1), io);
        if (!project)
            return ExitFailure;
        if (auto data = ResponseMatrix::data(project->database(), parser.value(QStringLiteral("exam"))); data) {
            if (const QString w = IrtGuard::warning(int(data.value().students.size()), int(data.value().items.size()), data.value().answered(), options.model, options.prior);
                !w.isEmpty())
                io.err << QStringLiteral("warning: ") << w << '\n';
        }
        auto result = ExamIrt::fit(project->database(), parser.value(QStringLiteral("exam")), options, steps, quantile);
        if (!result)
            return fail(io, result.error());
        if (auto s = ExamIrt::save(project->database(), result.value().examId, result.value().steps); !s)
            return fail(io, s.error());
        fitted = result.value().steps;
        io.err << QStringLiteral("Saved a, b, c of %1 items into exam '%2'\n").arg(ExamIrt::parameters(fitted).size()).arg(result.value().exam);
    } else {
        auto data = IrtData::readCsv(parser.value(QStringLiteral("responses")), parser.value(QStringLiteral("factors")));
        if (!data)
            return fail(io, data.error());
        options.hierarchical = parser.isSet(QStringLiteral("factors"));
        if (const QString w = IrtGuard::warning(int(data.value().students.size()), int(data.value().items.size()), data.value().answered(), options.model, options.prior);
            !w.isEmpty())
            io.err << QStringLiteral("warning: ") << w << '\n';
        auto result = IrtImprovement::run(data.value(), options, steps, quantile, grid);
        if (!result)
            return fail(io, result.error());
        fitted = result.value();
    }
    if (parser.isSet(QStringLiteral("json")))
        io.out << QString::fromStdString(IrtJson::steps(fitted, grid).dump(2)) << '\n';
    else
        printText(fitted, io);
    if (!fitted.last().fit.converged)
        io.err << QStringLiteral("warning: the fit did not converge: %1\n").arg(fitted.last().fit.message);
    return ExitOk;
}

} // namespace assay
