#include "importcommand.h"

#include "generation/grammarimport.h"
#include "project/project.h"

namespace assay {

int ImportCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("grammar"), QStringLiteral("The format (grammar)."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    const QCommandLineOption sql(QStringLiteral("sql-templates"), QStringLiteral("GRAMMAR's SQL-template JSON."), QStringLiteral("F.json"));
    const QCommandLineOption texts(QStringLiteral("text-templates"), QStringLiteral("FORM=FILE pairs, comma separated."), QStringLiteral("LIST"));
    parser.addOptions({sql, texts});
    if (!parse(parser, args, io, 2, 2))
        return parser.isSet(QStringLiteral("help")) ? ExitOk : ExitUsage;
    if (parser.positionalArguments().at(0) != QLatin1String("grammar"))
        return usageError(parser, io, QStringLiteral("unknown format '%1' (expected: grammar)").arg(parser.positionalArguments().at(0)));
    if (!parser.isSet(sql))
        return usageError(parser, io, QStringLiteral("--sql-templates is required"));
    QMap<QString, QString> forms;
    for (const QString &pair : parser.value(texts).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto eq = pair.indexOf(QLatin1Char('='));
        if (eq <= 0 || eq == pair.size() - 1)
            return usageError(parser, io, QStringLiteral("--text-templates: '%1' is not FORM=FILE").arg(pair));
        forms.insert(pair.left(eq).trimmed(), pair.mid(eq + 1).trimmed());
    }
    auto project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    auto report = GrammarImport::run(*project, parser.value(sql), forms);
    if (!report)
        return fail(io, report.error());
    const auto &r = report.value();
    io.out << QStringLiteral("SQL templates: %1 accepted, %2 flagged for review, %3 rejected; %4 semantic groups\n")
                  .arg(r.sql.accepted).arg(r.sql.review).arg(r.sql.rejected).arg(r.sql.groups);
    for (auto it = r.acceptedTexts.begin(); it != r.acceptedTexts.end(); ++it)
        io.out << QStringLiteral("Text templates (%1): %2 accepted, %3 rejected\n").arg(it.key()).arg(it.value()).arg(r.rejectedTexts.value(it.key()));
    return ExitOk;
}

} // namespace assay
