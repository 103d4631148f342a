#include "generatecommand.h"

#include "core/job.h"
#include "generation/generationstore.h"
#include "generation/llmtemplategenerator.h"
#include "llm/llmclient.h"
#include "llm/llmprofilestore.h"
#include "llm/llmstore.h"
#include "llm/llmwait.h"
#include "generation/ruleenumerator.h"
#include "generation/sqltemplateintake.h"
#include "generation/texttemplateintake.h"
#include "project/project.h"

#include <QElapsedTimer>

#include <unistd.h>

namespace assay {

int GenerateCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("what"), QStringLiteral("sql-templates, text-templates or queries."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    const QCommandLineOption rules(QStringLiteral("rules"), QStringLiteral("sql-templates: enumerate from the schema (default)."));
    const QCommandLineOption threshold(QStringLiteral("threshold"), QStringLiteral("sql-templates: singular-answer rate below which a template is flagged (0.95)."),
                                       QStringLiteral("RATE"), QStringLiteral("0.95"));
    const QCommandLineOption forms(QStringLiteral("forms"), QStringLiteral("text-templates: forms to write (short,long)."),
                                   QStringLiteral("LIST"), QStringLiteral("short,long"));
    const QCommandLineOption perTemplate(QStringLiteral("per-template"), QStringLiteral("text-templates: how many per SQL template and form (3)."),
                                         QStringLiteral("N"), QStringLiteral("3"));
    const QCommandLineOption offline(QStringLiteral("offline"), QStringLiteral("text-templates: use the offline verbalizer (default)."));
    const QCommandLineOption llm(QStringLiteral("llm"), QStringLiteral("sql-templates / text-templates: generate with this LLM profile."), QStringLiteral("PROFILE"));
    const QCommandLineOption requirements(QStringLiteral("requirements"), QStringLiteral("sql-templates --llm: an extra criterion for the prompt."), QStringLiteral("TEXT"));
    const QCommandLineOption criteria(QStringLiteral("criteria"), QStringLiteral("text-templates: FORM=TEXT, the criteria of a (new) form; may repeat."), QStringLiteral("FORM=TEXT"));
    const QCommandLineOption balanced(QStringLiteral("balanced"), QStringLiteral("queries: the same number of queries per group and form."));
    parser.addOptions({rules, threshold, forms, perTemplate, offline, llm, requirements, criteria, balanced});
    if (!parse(parser, args, io, 2, 2))
        return parser.isSet(QStringLiteral("help")) ? ExitOk : ExitUsage;
    const QString what = parser.positionalArguments().at(0);
    if (what != QLatin1String("sql-templates") && what != QLatin1String("text-templates") && what != QLatin1String("queries"))
        return usageError(parser, io, QStringLiteral("unknown target '%1' (sql-templates, text-templates, queries)").arg(what));
    bool ok = false;
    const double rate = parser.value(threshold).toDouble(&ok);
    if (!ok || rate < 0 || rate > 1)
        return usageError(parser, io, QStringLiteral("--threshold takes a rate between 0 and 1"));
    const int n = parser.value(perTemplate).toInt(&ok);
    if (!ok || n < 1)
        return usageError(parser, io, QStringLiteral("--per-template takes a whole number ≥ 1"));

    auto project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    for (const QString &pair : parser.values(criteria)) {
        const auto eq = pair.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return usageError(parser, io, QStringLiteral("--criteria: '%1' is not FORM=TEXT").arg(pair));
        if (auto s = GenerationStore(project->database()).addForm(pair.left(eq).trimmed(), pair.mid(eq + 1).trimmed()); !s)
            return fail(io, s.error());
    }
    QElapsedTimer clock;
    clock.start();
    if (parser.isSet(llm)) {
        if (what == QLatin1String("queries"))
            return usageError(parser, io, QStringLiteral("--llm goes with sql-templates or text-templates"));
        auto profile = LlmProfileStore::find(parser.value(llm));
        if (!profile)
            return fail(io, profile.error());
        LlmStore store(project->database());
        LlmClient client(profile.value(), &store);
        LlmTemplateGenerator generator(*project, client);
        LlmTemplateGenerator::Report report;
        // Progress in 5% steps, on a terminal only: logs and pipes get the summary alone.
        const bool terminal = isatty(STDERR_FILENO);
        QObject::connect(&generator, &LlmTemplateGenerator::progress, &generator, [&io, terminal, last = -1](int done, int total) mutable {
            const int step = done * 20 / std::max(1, total);
            if (!terminal || step == last)
                return;
            last = step;
            io.err << QStringLiteral("\r%1/%2 requests").arg(done).arg(total) << (done == total ? "\n" : "");
            io.err.flush();
        });
        const Status waited = LlmWait::until([&](const LlmWait::Done &done) {
            QObject::connect(&generator, &LlmTemplateGenerator::finished, &generator, [&report, done](const LlmTemplateGenerator::Report &r) {
                report = r;
                done();
            });
            if (what == QLatin1String("sql-templates"))
                generator.generateSqlTemplates(parser.value(requirements));
            else
                generator.generateTextTemplates(parser.value(forms).split(QLatin1Char(','), Qt::SkipEmptyParts), n);
        });
        if (!waited)
            return fail(io, waited.error());
        io.out << QStringLiteral("%1 (LLM %2): %3 accepted, %4 flagged for review, %5 rejected; %6 requests, %7 model errors, %8 unparsable replies; %9\n")
                      .arg(what == QLatin1String("sql-templates") ? QStringLiteral("SQL templates") : QStringLiteral("Text templates"), profile.value().name)
                      .arg(report.accepted).arg(report.review).arg(report.rejected).arg(report.requests).arg(report.modelErrors)
                      .arg(report.parseFailures).arg(client.usage().summary());
        for (const QString &e : std::as_const(report.errors).mid(0, 5))
            io.err << "  " << e << '\n';
        if (report.requests > 0 && report.modelErrors == report.requests)
            return fail(io, QStringLiteral("every LLM request failed"));
        return ExitOk;
    }
    if (what == QLatin1String("sql-templates")) {
        const QStringList sqls = RuleEnumerator::enumerate(*project->knowledge());
        Job job(QStringLiteral("Measuring SQL templates"), [&](Job &j) {
            auto report = SqlTemplateIntake(*project, rate).add(sqls, QStringLiteral("rules"), &j);
            if (!report)
                return Status::failure(report.error());
            io.out << QStringLiteral("SQL templates: %1 enumerated, %2 accepted, %3 flagged for review, %4 rejected; %5 semantic groups\n")
                          .arg(sqls.size()).arg(report.value().accepted).arg(report.value().review).arg(report.value().rejected)
                          .arg(report.value().groups);
            return Status();
        });
        if (auto s = job.runHere(); !s)
            return fail(io, s.error());
    } else if (what == QLatin1String("text-templates")) {
        const QStringList formList = parser.value(forms).split(QLatin1Char(','), Qt::SkipEmptyParts);
        auto report = TextTemplateIntake(*project).generateOffline(formList, n);
        if (!report)
            return fail(io, report.error());
        io.out << QStringLiteral("Text templates: %1 accepted, %2 rejected\n").arg(report.value().accepted).arg(report.value().rejected);
    } else {
        auto written = GenerationStore(project->database()).rebuildQueries(parser.isSet(balanced));
        if (!written)
            return fail(io, written.error());
        io.out << QStringLiteral("Text queries: %1%2\n").arg(written.value()).arg(parser.isSet(balanced) ? QStringLiteral(" (balanced)") : QString());
    }
    io.err << QStringLiteral("Done in %1 s\n").arg(clock.elapsed() / 1000.0, 0, 'f', 2);
    return ExitOk;
}

} // namespace assay
