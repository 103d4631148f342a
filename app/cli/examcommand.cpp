#include "examcommand.h"

#include "core/job.h"
#include "exams/examstats.h"
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
    // The same steps as the Exams page's Generate Exam….
    const QString name = parser.value(QStringLiteral("name"));
    Result<ExamWorkflow::Generated> generated = ExamWorkflow::Generated();
    if (from == QLatin1String("queries")) {
        auto forms = GenerationStore(project.database()).forms();
        if (!forms)
            return command.fail(io, forms.error());
        const QString form = parser.isSet(QStringLiteral("form")) ? parser.value(QStringLiteral("form")) : forms.value().value(0);
        generated = ExamWorkflow::generateGrounded(project, name, form, seed);
    } else if (from == QLatin1String("corpus")) {
        if (!parser.isSet(QStringLiteral("llm")))
            return command.usageError(parser, io, QStringLiteral("--from corpus needs --llm PROFILE"));
        Job job(QStringLiteral("Generating questions"), [&](Job &j) {
            generated = ExamWorkflow::generateFromCorpus(project, name, parser.value(QStringLiteral("llm")), seed, parser.value(QStringLiteral("per-chunk")).toInt(),
                                                         parser.value(QStringLiteral("max-chunks")).toInt(), &j);
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

int ExamCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("generate|stats|take|export"), QStringLiteral("What to do."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    parser.addOptions({
        {QStringLiteral("name"), QStringLiteral("generate: the new exam's name."), QStringLiteral("E")},
        {QStringLiteral("exam"), QStringLiteral("stats, take, export: the exam."), QStringLiteral("E")},
        {QStringLiteral("from"), QStringLiteral("generate: queries (grounded, offline) or corpus (LLM)."), QStringLiteral("SOURCE"), QStringLiteral("queries")},
        {QStringLiteral("llm"), QStringLiteral("generate --from corpus: the LLM profile."), QStringLiteral("PROFILE")},
        {QStringLiteral("seed"), QStringLiteral("generate: the seed of distractor picks and option shuffles."), QStringLiteral("S"), QStringLiteral("1")},
        {QStringLiteral("form"), QStringLiteral("generate --from queries: the query form (default: the first)."), QStringLiteral("FORM")},
        {QStringLiteral("per-chunk"), QStringLiteral("generate --from corpus: questions asked per chunk (2)."), QStringLiteral("N"), QStringLiteral("2")},
        {QStringLiteral("max-chunks"), QStringLiteral("generate --from corpus: at most this many chunks (all)."), QStringLiteral("N"), QStringLiteral("0")},
        {QStringLiteral("taker"), QStringLiteral("take: %1 (repeatable).").arg(TakerRegistry::instance().synopses().join(QStringLiteral(", "))), QStringLiteral("SPEC")},
        {QStringLiteral("responses"), QStringLiteral("export: the response matrix CSV."), QStringLiteral("M.csv")},
        {QStringLiteral("factors"), QStringLiteral("export: the students' factors CSV."), QStringLiteral("F.csv")},
        {QStringLiteral("json"), QStringLiteral("Machine-readable JSON.")},
    });
    if (!parse(parser, args, io, 2, 2))
        return stopped(parser);
    const QString what = parser.positionalArguments().at(0);
    const QStringList whats{QStringLiteral("generate"), QStringLiteral("stats"), QStringLiteral("take"), QStringLiteral("export")};
    if (!whats.contains(what))
        return usageError(parser, io, QStringLiteral("unknown exam command '%1' (%2)").arg(what, whats.join(QStringLiteral(", "))));
    if (what == QLatin1String("generate") && !parser.isSet(QStringLiteral("name")))
        return usageError(parser, io, QStringLiteral("--name is required"));
    if (what != QLatin1String("generate") && !parser.isSet(QStringLiteral("exam")))
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
        if (parser.isSet(QStringLiteral("json"))) {
            io.out << QString::fromStdString(stats.dump(2)) << '\n';
            return ExitOk;
        }
        io.out << QStringLiteral("%1: %2 generated, %3 kept; filtered %4\n").arg(parser.value(QStringLiteral("exam")))
                      .arg(stats["generated"].get<int>()).arg(stats["kept"].get<int>()).arg(QString::fromStdString(stats["filtered"].dump()))
               << QStringLiteral("baselines %1\nBloom %2\nquestion types %3\n")
                      .arg(QString::fromStdString(stats["baselines"].dump()), QString::fromStdString(stats["bloom"].dump()), QString::fromStdString(stats["question_types"].dump()));
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
