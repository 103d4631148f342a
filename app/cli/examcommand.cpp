#include "examcommand.h"

#include "core/job.h"
#include "exams/examadaptivetake.h"
#include "exams/examshortform.h"
#include "exams/examversionestimate.h"
#include "exams/examstats.h"
#include "exams/examtakernotes.h"
#include "exams/examvalidation.h"
#include "exams/examworkflow.h"
#include "exams/examstore.h"
#include "exams/examtaker.h"
#include "exams/takerregistry.h"
#include "exams/responsematrix.h"
#include "generation/generationstore.h"

#include <nlohmann/json.hpp>

namespace assay {

int ExamCommand::generate(QCommandLineParser &parser, Project &project, CliIo &io)
{
    ExamCommand &command = *this;
    const QString from = parser.value(QStringLiteral("from"));
    bool ok = false;
    const quint64 seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok)
        return command.usageError(parser, io, QStringLiteral("--seed takes a whole number"));
    // The similarity thresholds, as the Generate Exam dialog offers them.
    ExamWorkflow::Thresholds thresholds;
    for (const auto &[option, value] : {std::pair{QStringLiteral("key-similarity"), &thresholds.keySimilarity},
                                        std::pair{QStringLiteral("distractor-similarity"), &thresholds.distractorSimilarity}}) {
        if (!parser.isSet(option))
            continue;
        *value = parser.value(option).toDouble(&ok);
        if (!ok || *value <= 0 || *value > 1)
            return command.usageError(parser, io, QStringLiteral("--%1 takes a similarity in (0, 1]").arg(option));
    }
    // The same steps as the Exams page's Generate Exam….
    const QString name = parser.value(QStringLiteral("name"));
    Result<ExamWorkflow::Generated> generated = ExamWorkflow::Generated();
    if (from == QLatin1String("queries")) {
        auto forms = GenerationStore(project.database()).forms();
        if (!forms)
            return command.fail(io, forms.error());
        const QString form = parser.isSet(QStringLiteral("form")) ? parser.value(QStringLiteral("form")) : forms.value().value(0);
        generated = ExamWorkflow::generateGrounded(project, name, form, seed, nullptr, thresholds);
    } else if (from == QLatin1String("corpus")) {
        if (!parser.isSet(QStringLiteral("llm")))
            return command.usageError(parser, io, QStringLiteral("--from corpus needs --llm PROFILE"));
        Job job(QStringLiteral("Generating questions"), [&](Job &j) {
            generated = ExamWorkflow::generateFromCorpus(project, name, parser.value(QStringLiteral("llm")), seed, parser.value(QStringLiteral("per-chunk")).toInt(),
                                                         parser.value(QStringLiteral("max-chunks")).toInt(), &j, thresholds);
            return generated ? Status() : Status::failure(generated);
        });
        if (const Status ran = job.runHere(); !ran && generated)
            return command.fail(io, ran.error());
    } else {
        return command.usageError(parser, io, QStringLiteral("--from takes queries or corpus"));
    }
    if (!generated)
        return command.fail(io, generated.error());
    io.out << QStringLiteral("Exam %1: %2 items kept of %3 generated (seed %4)\n").arg(name).arg(generated.value().kept).arg(generated.value().generated).arg(seed);
    return ExitOk;
}

int ExamCommand::shortForm(QCommandLineParser &parser, Project &project, CliIo &io)
{
    const bool automatic = parser.value(QStringLiteral("method")) == QLatin1String("auto");
    auto method = automatic ? Result<IrtShortForm::Method>(IrtShortForm::Method::Random) : IrtShortForm::methodFromName(parser.value(QStringLiteral("method")));
    if (!method)
        return usageError(parser, io, method.error() + QStringLiteral(" or auto"));
    bool ok = false, seedOk = false;
    const int n = parser.value(QStringLiteral("items")).toInt(&ok);
    const quint64 seed = parser.value(QStringLiteral("seed")).toULongLong(&seedOk);
    if (!ok || n < 1)
        return usageError(parser, io, QStringLiteral("--items takes a whole number ≥ 1"));
    if (!seedOk)
        return usageError(parser, io, QStringLiteral("--seed takes a whole number"));
    if (automatic) { // the last validation's choice (docs/METHODS.md §9.15)
        auto chosen = ExamValidation::recommendedForm(project.database(), parser.value(QStringLiteral("exam")), n);
        if (!chosen)
            return fail(io, chosen.error());
        method = chosen.value().method;
        io.err << QStringLiteral("method %1: %2\n").arg(IrtShortForm::methodName(method.value()), chosen.value().why);
    }
    // The same step as the Exams page's Short Form….
    auto created = ExamShortForm::create(project.database(), parser.value(QStringLiteral("exam")), parser.value(QStringLiteral("name")), method.value(), n, seed);
    if (!created)
        return fail(io, created.error());
    if (parser.isSet(QStringLiteral("json"))) {
        nlohmann::json j{{"exam", parser.value(QStringLiteral("name")).toStdString()}, {"parent", parser.value(QStringLiteral("exam")).toStdString()},
                         {"method", IrtShortForm::methodName(method.value()).toStdString()}, {"seed", seed}, {"items", nlohmann::json::array()}};
        for (int k = 0; k < created.value().keys.size(); ++k)
            j["items"].push_back({{"key", created.value().keys[k].toStdString()}, {"weight", created.value().choice.weights[k]}});
        io.out << QString::fromStdString(j.dump(2)) << '\n';
        return ExitOk;
    }
    io.out << QStringLiteral("Short form %1 of %2: %3 items chosen by %4 (seed %5)\n")
                  .arg(parser.value(QStringLiteral("name")), parser.value(QStringLiteral("exam"))).arg(n).arg(IrtShortForm::methodName(method.value())).arg(seed);
    return ExitOk;
}

int ExamCommand::estimate(QCommandLineParser &parser, Project &project, CliIo &io)
{
    if (parser.isSet(QStringLiteral("version"))) {
        // Across versions: today's takes on a frozen version's items (docs/METHODS.md §11.4).
        auto across = ExamVersionEstimator::estimate(project.database(), parser.value(QStringLiteral("version")));
        if (!across)
            return fail(io, across.error());
        nlohmann::json j = nlohmann::json::array();
        for (const ExamVersionEstimate &e : across.value()) {
            if (!parser.isSet(QStringLiteral("json"))) {
                io.out << e.text() << '\n';
                continue;
            }
            j.push_back({{"taker", e.taker.toStdString()}, {"version", e.version.toStdString()}, {"version_items", e.versionItems}, {"shared", e.shared},
                         {"answered", e.answered}, {"right", e.right}, {"predicted", e.predicted}, {"unknown", e.unknown}, {"theta", e.ability.theta},
                         {"se", e.ability.se}, {"accuracy", e.accuracy}, {"low", e.low}, {"high", e.high}});
        }
        if (parser.isSet(QStringLiteral("json")))
            io.out << QString::fromStdString(j.dump(2)) << '\n';
        return ExitOk;
    }
    auto estimates = ExamShortForm::estimates(project.database(), parser.value(QStringLiteral("exam")));
    if (!estimates)
        return fail(io, estimates.error());
    if (parser.isSet(QStringLiteral("json"))) {
        nlohmann::json j = nlohmann::json::array();
        for (const ExamEstimate &e : estimates.value())
            j.push_back({{"taker", e.taker.toStdString()}, {"items", e.given}, {"answered", e.answered}, {"observed", e.observed},
                         {"plain", {{"accuracy", e.observed}, {"low", e.plainLow}, {"high", e.plainHigh}}},
                         {"theta", e.ability.theta}, {"se", e.ability.se}, {"accuracy", e.accuracy.accuracy}, {"low", e.accuracy.low}, {"high", e.accuracy.high},
                         {"model_accuracy", e.modelAccuracy}, {"calibration_takers", e.calibrationTakers}, {"full", e.full >= 0 ? nlohmann::json(e.full) : nlohmann::json()},
                         {"estimated_on", e.estimatedOn.isEmpty() ? nlohmann::json() : nlohmann::json(e.estimatedOn.toStdString())},
                         {"model", e.model.isEmpty() ? "1-D" : e.model.toStdString()}, {"note", e.note.isEmpty() ? nlohmann::json() : nlohmann::json(e.note.toStdString())}});
        io.out << QString::fromStdString(j.dump(2)) << '\n';
        return ExitOk;
    }
    for (const ExamEstimate &e : estimates.value())
        io.out << e.text() << '\n';
    return ExitOk;
}

int ExamCommand::validate(QCommandLineParser &parser, Project &project, CliIo &io)
{
    IrtValidation::Options options;
    options.methods = parser.value(QStringLiteral("methods")).split(QLatin1Char(','), Qt::SkipEmptyParts);
    options.sizes.clear();
    for (const QString &n : parser.value(QStringLiteral("items")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        options.sizes << n.toInt(&ok);
        if (!ok || options.sizes.last() < 1)
            return usageError(parser, io, QStringLiteral("--items takes whole numbers ≥ 1, separated by commas (got '%1')").arg(n));
    }
    bool ok = false;
    options.folds = parser.value(QStringLiteral("folds")).toInt(&ok);
    if (!ok || options.folds < 0)
        return usageError(parser, io, QStringLiteral("--folds takes a whole number ≥ 0 (0: leave one out)"));
    options.seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
    if (!ok)
        return usageError(parser, io, QStringLiteral("--seed takes a whole number"));
    if (auto e = options.fit.setEstimator(parser.value(QStringLiteral("estimator"))); !e)
        return usageError(parser, io, e.error());
    // The same job as the Exams page's Validate Short Forms….
    Result<IrtValidationReport> report = IrtValidationReport();
    Job job(QStringLiteral("Validating short forms"), [&](Job &j) {
        report = ExamValidation::run(project.database(), parser.value(QStringLiteral("exam")), options, false, &j);
        return report ? Status() : Status::failure(report.error(), report.code());
    });
    if (const Status ran = job.runHere(); !ran && report)
        return fail(io, ran.error());
    if (!report)
        return fail(io, report.error());
    const IrtValidationReport &r = report.value();
    if (parser.isSet(QStringLiteral("json"))) {
        io.out << QString::fromStdString(r.toJson().dump(2)) << '\n';
        return ExitOk;
    }
    io.out << QStringLiteral("%1 students × %2 items, %3 folds, %4 (%5 s)\n").arg(r.students).arg(r.items).arg(r.folds).arg(r.model.toUpper()).arg(r.seconds, 0, 'f', 1);
    for (const QString &m : r.methods)
        for (int n : r.sizes)
            io.out << QStringLiteral("%1 N=%2: MAE %3, Kendall τ %4\n").arg(m, -12).arg(n, -4).arg(r.cells[m][n].mae, 0, 'f', 4).arg(r.cells[m][n].kendallTau, 0, 'f', 3);
    for (int n : r.sizes)
        if (const QString best = r.recommended(n); !best.isEmpty())
            io.out << QStringLiteral("recommended at N=%1: %2\n").arg(n).arg(best);
    return ExitOk;
}

int ExamCommand::adaptive(QCommandLineParser &parser, Project &project, CliIo &io)
{
    auto rule = IrtAdaptiveRule::parse(parser.value(QStringLiteral("adaptive")));
    if (!rule)
        return usageError(parser, io, rule.error());
    const QStringList takers = parser.values(QStringLiteral("taker"));
    nlohmann::json all = nlohmann::json::array();
    for (const QString &taker : takers) {
        // The same take as the Take Exam dialog's Adaptive option.
        Result<ExamAdaptiveOutcome> outcome = ExamAdaptiveOutcome();
        Job job(QStringLiteral("Adaptive take"), [&](Job &j) {
            outcome = ExamAdaptiveTake::take(project, parser.value(QStringLiteral("exam")), taker, rule.value(), &j);
            return outcome ? Status() : Status::failure(outcome.error(), outcome.code());
        });
        if (const Status ran = job.runHere(); !ran && outcome)
            return fail(io, ran.error());
        if (!outcome)
            return fail(io, outcome.error());
        const ExamAdaptiveOutcome &o = outcome.value();
        if (!parser.isSet(QStringLiteral("json"))) {
            io.out << o.text() << '\n';
            continue;
        }
        nlohmann::json j{{"taker", o.taker.toStdString()}, {"rule", o.rule.text().toStdString()}, {"stop", o.stopReason.toStdString()},
                         {"exam_items", o.examItems}, {"items_used", o.steps.size()}, {"theta", o.estimate.ability.theta}, {"se", o.estimate.ability.se},
                         {"accuracy", o.estimate.accuracy.accuracy}, {"low", o.estimate.accuracy.low}, {"high", o.estimate.accuracy.high},
                         {"llm_calls", o.calls}, {"cost", o.cost}, {"full_exam_calls", o.fullCalls()}, {"full_exam_cost", o.fullCost()}, {"items", nlohmann::json::array()}};
        if (!o.estimatedOn.isEmpty())
            j["estimated_on"] = o.estimatedOn.toStdString();
        for (int k = 0; k < o.steps.size(); ++k)
            j["items"].push_back({{"key", o.keys[k].toStdString()}, {"correct", o.steps[k].correct}, {"theta", o.steps[k].ability.theta}, {"se", o.steps[k].ability.se}});
        all.push_back(j);
    }
    if (parser.isSet(QStringLiteral("json")))
        io.out << QString::fromStdString(all.dump(2)) << '\n';
    return ExitOk;
}

int ExamCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("generate|stats|take|export|shortform|estimate|validate"), QStringLiteral("What to do."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    parser.addOptions({
        {QStringLiteral("name"), QStringLiteral("generate, shortform: the new exam's name."), QStringLiteral("E")},
        {QStringLiteral("exam"), QStringLiteral("stats, take, export, shortform (the parent), estimate, validate: the exam."), QStringLiteral("E")},
        {QStringLiteral("version"), QStringLiteral("estimate: the takes of the exam a frozen version (testset freeze --exam) was made from, estimated on that version's items: the items both hold as answered, the rest predicted by the IRT fit."), QStringLiteral("V")},
        {QStringLiteral("from"), QStringLiteral("generate: queries (grounded, offline) or corpus (LLM)."), QStringLiteral("SOURCE"), QStringLiteral("queries")},
        {QStringLiteral("llm"), QStringLiteral("generate --from corpus: the LLM profile."), QStringLiteral("PROFILE")},
        {QStringLiteral("seed"), QStringLiteral("generate: the seed of distractor picks and option shuffles; shortform, validate: of the random draws."), QStringLiteral("S"), QStringLiteral("1")},
        {QStringLiteral("items"), QStringLiteral("shortform: how many items (N); validate: the sizes, comma-separated (25,50,100,200)."), QStringLiteral("N"), QStringLiteral("25,50,100,200")},
        {QStringLiteral("method"), QStringLiteral("shortform: random, information, anchors, or auto: the one the exam's last validation recommends at the nearest validated size."), QStringLiteral("M"), QStringLiteral("information")},
        {QStringLiteral("methods"), QStringLiteral("validate: the methods, comma-separated (random,information,anchors,adaptive,plain; plain: the share correct on random items, no model; random-2d and adaptive-2d estimate through the model with two abilities, docs/METHODS.md §9.18)."), QStringLiteral("M,…"),
         QStringLiteral("random,information,anchors,adaptive,plain")},
        {QStringLiteral("folds"), QStringLiteral("validate: leave-out folds (0: leave one out)."), QStringLiteral("K"), QStringLiteral("0")},
        {QStringLiteral("estimator"), QStringLiteral("validate: the refits' estimator: jml, bayes-modal or mml."), QStringLiteral("E"), QStringLiteral("bayes-modal")},
        {QStringLiteral("adaptive"), QStringLiteral("take: adaptively, until SE(θ̂) ≤ se or max items: se=0.3,max=200[,min=N][,k=K,seed=S][,dims=2] (dims=2: on the model with two abilities of a fit made with --dimensions 2)."), QStringLiteral("RULE")},
        {QStringLiteral("form"), QStringLiteral("generate --from queries: the query form (default: the first)."), QStringLiteral("FORM")},
        {QStringLiteral("per-chunk"), QStringLiteral("generate --from corpus: questions asked per chunk (2)."), QStringLiteral("N"), QStringLiteral("2")},
        {QStringLiteral("max-chunks"), QStringLiteral("generate --from corpus: at most this many chunks (all)."), QStringLiteral("N"), QStringLiteral("0")},
        {QStringLiteral("taker"), QStringLiteral("take: %1 (repeatable).").arg(TakerRegistry::instance().synopses().join(QStringLiteral(", "))), QStringLiteral("SPEC")},
        {QStringLiteral("key-similarity"),
         QStringLiteral("generate: drop an item whose distractor is this similar to the key, or more (token n-gram Jaccard; 0.75)."), QStringLiteral("S")},
        {QStringLiteral("distractor-similarity"),
         QStringLiteral("generate: drop an item whose two distractors are this similar, or more (0.9)."), QStringLiteral("S")},
        {QStringLiteral("responses"), QStringLiteral("export: the response matrix CSV."), QStringLiteral("M.csv")},
        {QStringLiteral("factors"), QStringLiteral("export: the students' factors CSV."), QStringLiteral("F.csv")},
        {QStringLiteral("json"), QStringLiteral("stats, take --adaptive, estimate, validate: machine-readable JSON on stdout (estimate: an array, one object per take: "
                                                "taker, items, answered, theta, se, accuracy, low, high (its 95% interval), full (the observed "
                                                "whole-exam accuracy, or null), estimated_on, model (1-D, or 2-D for a take on two abilities), note).")},
    });
    if (!parse(parser, args, io, 2, 2))
        return stopped(parser);
    const QString what = parser.positionalArguments().at(0);
    const QStringList whats{QStringLiteral("generate"), QStringLiteral("stats"),    QStringLiteral("take"),    QStringLiteral("export"),
                            QStringLiteral("shortform"), QStringLiteral("estimate"), QStringLiteral("validate")};
    if (!whats.contains(what))
        return usageError(parser, io, QStringLiteral("unknown exam command '%1' (%2)").arg(what, whats.join(QStringLiteral(", "))));
    if ((what == QLatin1String("generate") || what == QLatin1String("shortform")) && !parser.isSet(QStringLiteral("name")))
        return usageError(parser, io, QStringLiteral("--name is required"));
    if (what != QLatin1String("generate") && !parser.isSet(QStringLiteral("exam")) && !(what == QLatin1String("estimate") && parser.isSet(QStringLiteral("version"))))
        return usageError(parser, io, QStringLiteral("--exam is required"));
    QVector<ExamTaker::Spec> takers;
    for (const QString &t : parser.values(QStringLiteral("taker"))) {
        auto spec = ExamTaker::parse(t);
        if (!spec)
            return usageError(parser, io, spec.error());
        takers << spec.value();
    }
    if (what == QLatin1String("take") && takers.isEmpty())
        return usageError(parser, io, QStringLiteral("--taker is required"));
    if (what == QLatin1String("export") && !parser.isSet(QStringLiteral("responses")))
        return usageError(parser, io, QStringLiteral("--responses is required"));
    auto project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    if (what == QLatin1String("generate"))
        return generate(parser, *project, io);
    if (what == QLatin1String("shortform"))
        return parser.isSet(QStringLiteral("items")) ? shortForm(parser, *project, io) : usageError(parser, io, QStringLiteral("--items N is required"));
    if (what == QLatin1String("estimate"))
        return estimate(parser, *project, io);
    if (what == QLatin1String("validate"))
        return validate(parser, *project, io);
    if (what == QLatin1String("take") && parser.isSet(QStringLiteral("adaptive")))
        return adaptive(parser, *project, io);
    ExamStore store(project->database());
    auto examId = store.idOf(parser.value(QStringLiteral("exam")));
    if (!examId)
        return fail(io, examId.error());
    if (what == QLatin1String("stats")) {
        auto readStats = store.stats(examId.value());
        auto readItems = store.items(examId.value(), false);
        if (!readStats || !readItems)
            return fail(io, !readStats ? readStats.error() : readItems.error());
        nlohmann::json stored = readStats.take();
        nlohmann::json stats = ExamStats::compute(readItems.value(), stored);
        if (stored.contains("filtered") && stored["filtered"].contains("unparsable"))
            stats["filtered"]["unparsable"] = stored["filtered"]["unparsable"];
        if (stored.contains("thresholds"))
            stats["thresholds"] = stored["thresholds"];
        // Why a taker scores below the IR students (docs/METHODS.md §9.19).
        auto notes = ExamTakerNotes::explain(project->database(), parser.value(QStringLiteral("exam")));
        if (!notes)
            return fail(io, notes.error());
        if (parser.isSet(QStringLiteral("json"))) {
            stats["takers_below_ir"] = nlohmann::json::array();
            for (const ExamTakerNote &n : notes.value())
                stats["takers_below_ir"].push_back({{"taker", n.taker.toStdString()}, {"accuracy", n.accuracy}, {"ir_above", n.irBelow},
                                                    {"ir_students", n.irStudents}, {"best_ir", n.bestIr.toStdString()},
                                                    {"best_ir_accuracy", n.bestIrAccuracy}, {"why", n.why.toStdString()}});
            io.out << QString::fromStdString(stats.dump(2)) << '\n';
            return ExitOk;
        }
        io.out << parser.value(QStringLiteral("exam")) << ": " << ExamStats::summary(stats) << '\n' << ExamStats::categories(stats) << '\n';
        for (const QString &line : ExamTakerNotes::lines(notes.value()))
            io.out << line << '\n';
        return ExitOk;
    }
    if (what == QLatin1String("take")) {
        // The same take as the desktop app's: every student's answers stored together.
        QVector<ExamWorkflow::Taken> taken;
        if (auto s = ExamWorkflow::take(*project, parser.value(QStringLiteral("exam")), parser.values(QStringLiteral("taker")), nullptr, &taken); !s)
            return fail(io, s.error());
        for (const auto &[student, counts] : std::as_const(taken)) {
            if (const QString warning = counts.warning(student); !warning.isEmpty())
                io.err << QStringLiteral("warning: ") << warning << '\n';
            io.out << counts.text(student) << '\n';
        }
        io.out.flush();
        return ExitOk;
    }
    auto counts = ResponseMatrix::write(project->database(), parser.value(QStringLiteral("exam")), parser.value(QStringLiteral("responses")), parser.value(QStringLiteral("factors")));
    if (!counts)
        return fail(io, counts.error());
    io.err << QStringLiteral("Wrote %1 students × %2 items\n").arg(counts.value().students).arg(counts.value().items);
    return ExitOk;
}

} // namespace assay
