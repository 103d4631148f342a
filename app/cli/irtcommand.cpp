#include "irtcommand.h"

#include "exams/examirt.h"
#include "exams/responsematrix.h"
#include "irt/irtguard.h"
#include "irt/irtjson.h"
#include "irt/irtmarginal.h"

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
            io.out << QStringLiteral("  dropped %1 item(s): %2\n").arg(s.dropped.size()).arg(s.rule);
    }
    if (steps.isEmpty())
        return;
    const IrtFit &first = steps.first().fit;
    io.out << QStringLiteral("best of %1 start(s): %2 distinct optim%3\n").arg(first.starts).arg(first.optimaFound).arg(first.optimaFound == 1 ? QStringLiteral("um") : QStringLiteral("a"));
    if (!first.comparison.isEmpty())
        io.out << QStringLiteral("model comparison (%1; %2 s):\n").arg(IrtMarginal::basis(first.comparison.first().nodes)).arg(first.comparisonSeconds(), 0, 'f', 2);
    for (const IrtModelRow &r : first.comparison)
        io.out << QStringLiteral("  %1  nll %2  parameters %3  AIC %4  BIC %5\n").arg(r.model.toUpper()).arg(r.nll, 12, 'f', 3).arg(r.parameters, 6).arg(r.aic, 12, 'f', 1).arg(r.bic, 12, 'f', 1);
    for (const IrtLrTest &t : first.lrTests)
        io.out << QStringLiteral("  LR test %1 → %2: χ² %3, df %4, p %5\n").arg(t.from.toUpper(), t.to.toUpper()).arg(t.statistic, 0, 'f', 2).arg(t.df).arg(t.p, 0, 'g', 3);
    if (!first.choice.isEmpty())
        io.out << QStringLiteral("  %1\n").arg(first.choice);
    if (const IrtTwoDimFit &two = first.twoDimensional; two.computed)
        io.out << QStringLiteral("  2-D 2PL  nll %1  parameters %2  AIC %3  BIC %4  (%5 EM steps, %6 s)\n")
                      .arg(two.nll, 12, 'f', 3).arg(two.parameters, 6).arg(two.aic, 12, 'f', 1).arg(two.bic, 12, 'f', 1).arg(two.iterations).arg(two.seconds, 0, 'f', 1);
    if (const QString two = first.twoDimensional.summary(); !two.isEmpty())
        io.out << QStringLiteral("  %1\n").arg(two);
    const IrtFit &f = steps.last().fit;
    int misfits = 0;
    for (const IrtItem &it : f.items)
        misfits += it.misfit() ? 1 : 0;
    io.out << QStringLiteral("%1 of %2 parameters on a bound; %3 misfitting item(s) (S-X² p adjusted < 0.05)\n").arg(f.parametersOnBound).arg(f.parameterCount).arg(misfits);
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
        {QStringLiteral("model"), QStringLiteral("1pl, 2pl, 3pl, or auto: fit all three and keep the one BIC prefers (default 3pl)."), QStringLiteral("M"), QStringLiteral("3pl")},
        {QStringLiteral("bounds"), QStringLiteral("default or exam-paper (docs/METHODS.md §9.3)."), QStringLiteral("B"), QStringLiteral("default")},
        {QStringLiteral("prior"), QStringLiteral("Bayes modal instead of joint ML: θ ~ N(0,1), log a ~ N(0,0.5²), b ~ N(0,2²), c ~ Beta(6,16) (for small panels). Same as --estimator bayes-modal.")},
        {QStringLiteral("estimator"), QStringLiteral("jml (joint ML), bayes-modal (joint MAP with priors) or mml (items by marginal ML, abilities by EAP with posterior SDs; flat models)."), QStringLiteral("E"), QStringLiteral("jml")},
        {QStringLiteral("iterate"), QStringLiteral("Improvement steps after the first fit (0)."), QStringLiteral("N"), QStringLiteral("0")},
        {QStringLiteral("drop-by"), QStringLiteral("What a step drops: a (low discrimination), misfit (S-X² p adjusted < 0.05) or information (low mean information over --info-range)."), QStringLiteral("RULE"), QStringLiteral("a")},
        {QStringLiteral("drop-quantile"), QStringLiteral("With a or information: drop the items at or below this quantile (0.1)."), QStringLiteral("Q"), QStringLiteral("0.1")},
        {QStringLiteral("info-range"), QStringLiteral("With --drop-by information: the θ range, LOW:HIGH (-3:3)."), QStringLiteral("LOW:HIGH"), QStringLiteral("-3:3")},
        {QStringLiteral("dimensions"), QStringLiteral("1, or 2: also fit a model with two abilities (compensatory 2PL by marginal ML) and compare it with the 2PL by AIC, BIC and the likelihood-ratio test (docs/METHODS.md §9.18). As the IRT tab's Compare two abilities."), QStringLiteral("N"), QStringLiteral("1")},
        {QStringLiteral("json"), QStringLiteral("Machine-readable JSON.")},
    });
    if (!parse(parser, args, io, 1, 2))
        return stopped(parser);
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
    if (parser.value(QStringLiteral("model")) == QLatin1String("auto")) {
        options.autoModel = true;
    } else {
        auto model = IrtOptions::modelFromName(parser.value(QStringLiteral("model")));
        if (!model)
            return usageError(parser, io, model.error() + QStringLiteral(" or auto"));
        options.model = model.value();
    }
    if (auto b = IrtBounds::preset(parser.value(QStringLiteral("bounds"))); !b)
        return usageError(parser, io, b.error());
    options.bounds = parser.value(QStringLiteral("bounds"));
    if (auto e = options.setEstimator(parser.value(QStringLiteral("estimator"))); !e)
        return usageError(parser, io, e.error());
    if (parser.isSet(QStringLiteral("prior"))) {
        if (options.marginal)
            return usageError(parser, io, QStringLiteral("--prior is the bayes-modal estimator; it does not go with --estimator mml"));
        options.prior = true;
    }
    if (options.marginal && parser.isSet(QStringLiteral("hierarchical")))
        return usageError(parser, io, QStringLiteral("--estimator mml fits a flat model; it does not go with --hierarchical"));
    bool ok = false;
    options.dimensions = parser.value(QStringLiteral("dimensions")).toInt(&ok);
    if (!ok || options.dimensions < 1 || options.dimensions > 2)
        return usageError(parser, io, QStringLiteral("--dimensions takes 1 or 2, not '%1'").arg(parser.value(QStringLiteral("dimensions"))));
    const int steps = parser.value(QStringLiteral("iterate")).toInt(&ok);
    if (!ok || steps < 0)
        return usageError(parser, io, QStringLiteral("--iterate takes a whole number ≥ 0"));
    IrtDropRule rule(parser.value(QStringLiteral("drop-quantile")).toDouble(&ok));
    if (!ok || rule.quantile < 0 || rule.quantile > 1)
        return usageError(parser, io, QStringLiteral("--drop-quantile takes a number in [0, 1]"));
    auto kind = IrtDropRule::kindFromName(parser.value(QStringLiteral("drop-by")));
    if (!kind)
        return usageError(parser, io, kind.error());
    rule.kind = kind.value();
    const QStringList range = parser.value(QStringLiteral("info-range")).split(QLatin1Char(':'));
    bool fromOk = false, toOk = false;
    if (range.size() == 2)
        rule.from = range[0].toDouble(&fromOk), rule.to = range[1].toDouble(&toOk);
    if (!fromOk || !toOk || rule.from >= rule.to)
        return usageError(parser, io, QStringLiteral("--info-range takes LOW:HIGH with LOW < HIGH, not '%1'").arg(parser.value(QStringLiteral("info-range"))));
    const std::vector<double> grid = IrtInformation::grid();
    QVector<IrtStep> fitted;
    // Said before the fit starts; with --model auto, for the simplest model the search may keep.
    QString guarded;
    const auto guard = [&](int students, int items, qint64 answered) {
        const QString w = IrtGuard::warning(students, items, answered, options.autoModel ? IrtOptions::Model::OnePL : options.model, options.prior);
        if (!w.isEmpty()) {
            io.err << QStringLiteral("warning: ") << w << '\n';
            io.err.flush();
        }
        return w;
    };
    if (fromExam) {
        options.hierarchical = parser.isSet(QStringLiteral("hierarchical"));
        auto project = openProject(parser.positionalArguments().at(1), io);
        if (!project)
            return ExitFailure;
        // The identifiability guard, before the fit (as the Exams page shows it).
        auto counts = ResponseMatrix::counts(project->database(), parser.value(QStringLiteral("exam")));
        if (!counts)
            return fail(io, counts.error());
        guarded = guard(counts.value().students, counts.value().items, counts.value().answered);
        auto result = ExamIrt::fit(project->database(), parser.value(QStringLiteral("exam")), options, steps, rule);
        if (!result)
            return fail(io, result.error());
        if (auto s = ExamIrt::save(project->database(), result.value().examId, result.value().steps, ExamIrt::settings(options, steps, rule)); !s)
            return fail(io, s.error());
        fitted = result.value().steps;
        const qsizetype twoDim = ExamIrt::twoDimParameters(fitted).size();
        io.err << QStringLiteral("Saved a, b, c of %1 items into exam '%2'%3\n")
                      .arg(ExamIrt::parameters(fitted).size())
                      .arg(result.value().exam,
                           twoDim > 0 ? QStringLiteral(", and the model with two abilities (a1, a2, d of %1 items: exam take --adaptive …,dims=2)").arg(twoDim) : QString());
    } else {
        auto data = IrtData::readCsv(parser.value(QStringLiteral("responses")), parser.value(QStringLiteral("factors")));
        if (!data)
            return fail(io, data.error());
        options.hierarchical = parser.isSet(QStringLiteral("factors"));
        guarded = guard(int(data.value().students.size()), int(data.value().items.size()), data.value().answered());
        auto result = IrtImprovement::run(data.value(), options, steps, rule, grid);
        if (!result)
            return fail(io, result.error());
        fitted = result.value();
    }
    // The guard's and the search's warnings (they are in the JSON too).
    for (const QString &w : fitted.first().fit.warnings)
        if (w != guarded) // the guard's, said already
            io.err << QStringLiteral("warning: ") << w << '\n';
    if (parser.isSet(QStringLiteral("json")))
        io.out << QString::fromStdString(IrtJson::steps(fitted, grid).dump(2)) << '\n';
    else
        printText(fitted, io);
    if (!fitted.last().fit.converged)
        io.err << QStringLiteral("warning: the fit did not converge: %1\n").arg(fitted.last().fit.message);
    return ExitOk;
}

} // namespace assay
