#include "generatecommand.h"

#include "core/job.h"
#include "generation/generationworkflow.h"
#include "grounding/keytruth.h"
#include "project/project.h"

#include <QElapsedTimer>

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
    const QCommandLineOption replace(QStringLiteral("replace"),
                                     QStringLiteral("sql-templates: when generating again changes a template's groups, remove its text queries (otherwise refused, naming how many)."));
    parser.addOptions({rules, threshold, forms, perTemplate, offline, llm, requirements, criteria, balanced, replace});
    if (!parse(parser, args, io, 2, 2))
        return stopped(parser);
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
    QMap<QString, QString> newForms;
    for (const QString &pair : parser.values(criteria)) {
        const auto eq = pair.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return usageError(parser, io, QStringLiteral("--criteria: '%1' is not FORM=TEXT").arg(pair));
        newForms.insert(pair.left(eq).trimmed(), pair.mid(eq + 1).trimmed());
    }
    if (parser.isSet(llm) && what == QLatin1String("queries"))
        return usageError(parser, io, QStringLiteral("--llm goes with sql-templates or text-templates"));
    QElapsedTimer clock;
    clock.start();
    // The same steps as the desktop app's Generate actions.
    Result<QString> summary = QString();
    Job job(QStringLiteral("Generating %1").arg(what), [&](Job &j) {
        if (what == QLatin1String("sql-templates")) {
            GenerationWorkflow::SqlOptions o;
            o.llmProfile = parser.value(llm);
            o.requirements = parser.value(requirements);
            o.threshold = rate;
            o.replace = parser.isSet(replace);
            summary = GenerationWorkflow::generateSqlTemplates(*project, o, &j);
        } else if (what == QLatin1String("text-templates")) {
            GenerationWorkflow::TextOptions o;
            o.forms = parser.value(forms).split(QLatin1Char(','), Qt::SkipEmptyParts);
            o.perTemplate = n;
            o.llmProfile = parser.value(llm);
            o.criteria = newForms;
            summary = GenerationWorkflow::generateTextTemplates(*project, o, &j);
        } else {
            summary = GenerationWorkflow::buildQueries(*project, parser.isSet(balanced), &j);
        }
        if (!summary)
            return Status::failure(summary);
        // As the desktop app does: the document keys' truth for the groups the step made.
        auto keyed = KeyTruth::refresh(*project, &j);
        if (!keyed)
            return Status::failure(keyed);
        if (!keyed.value().isEmpty())
            summary = summary.value() + QLatin1Char('\n') + keyed.value();
        return Status();
    });
    if (auto s = job.runHere(); !s)
        return fail(io, s.error());
    io.out << summary.value() << '\n';
    io.err << QStringLiteral("Done in %1 s\n").arg(clock.elapsed() / 1000.0, 0, 'f', 2);
    return ExitOk;
}

} // namespace assay
