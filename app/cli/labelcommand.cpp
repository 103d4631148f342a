#include "labelcommand.h"

#include "io/filewriter.h"
#include "runs/labelsfile.h"
#include "runs/labelstore.h"
#include "runs/runstore.h"

namespace assay {

int LabelCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "People's verdicts on a run's answers, as the Labels tab of the Analysis page records them. The file is CSV with the header "
        "item_id,verdict,labeller[,labelled_at]: item_id as `export results` writes it, verdict 1/0 or correct/incorrect. An import "
        "checks every row first and imports nothing when one is bad. The labels are the judge human:NAME, their majority the judge human."));
    parser.addPositionalArgument(QStringLiteral("export|import"), QStringLiteral("What to do."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project."));
    parser.addOptions({{QStringLiteral("run"), QStringLiteral("The run whose items are labelled."), QStringLiteral("R")},
                       {QStringLiteral("file"), QStringLiteral("The labels CSV to write or read."), QStringLiteral("labels.csv")}});
    if (!parse(parser, args, io, 2, 2))
        return stopped(parser);
    const QString action = parser.positionalArguments().at(0);
    if (action != QLatin1String("export") && action != QLatin1String("import"))
        return usageError(parser, io, QStringLiteral("unknown action '%1' (export or import)").arg(action));
    if (!parser.isSet(QStringLiteral("run")) || !parser.isSet(QStringLiteral("file")))
        return usageError(parser, io, QStringLiteral("--run and --file are required"));
    auto project = openProject(parser.positionalArguments().at(1), io);
    if (!project)
        return ExitFailure;
    const QString run = parser.value(QStringLiteral("run")), file = parser.value(QStringLiteral("file"));
    auto runId = RunStore(project->database()).idOf(run);
    if (!runId)
        return fail(io, runId.error());
    LabelStore store(project->database());
    if (action == QLatin1String("export")) {
        auto labels = store.labels(runId.value());
        if (!labels)
            return fail(io, labels.error());
        if (auto s = FileWriter::write(file, LabelsFile::write(labels.value())); !s)
            return fail(io, s.error());
        io.err << QStringLiteral("Wrote %1 label(s) of run %2 to %3\n").arg(labels.value().size()).arg(run, file);
        return ExitOk;
    }
    auto ids = store.itemIds(runId.value());
    if (!ids)
        return fail(io, ids.error());
    auto labels = LabelsFile::read(file, ids.value());
    if (!labels)
        return fail(io, labels.error());
    if (auto s = store.setMany(labels.value()); !s)
        return fail(io, s.error());
    QStringList labellers;
    for (const HumanLabel &l : labels.value())
        if (!labellers.contains(l.labeller))
            labellers << l.labeller;
    io.err << QStringLiteral("Imported %1 label(s) of run %2 by %3\n").arg(labels.value().size()).arg(run, labellers.isEmpty() ? QStringLiteral("nobody") : labellers.join(QStringLiteral(", ")));
    return ExitOk;
}

} // namespace assay
