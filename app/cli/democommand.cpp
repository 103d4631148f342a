#include "democommand.h"

#include "core/job.h"
#include "io/reportwriter.h"
#include "demo/democorpus.h"
#include "demo/demoproject.h"
#include "demo/demoworld.h"
#include "project/project.h"

#include <QDir>
#include <QElapsedTimer>

namespace assay {

int DemoCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("Output folder (created if missing)."),
                                 QStringLiteral("DIR"), QStringLiteral("demo-out"));
    parser.addOption(out);
    if (!parse(parser, args, io, 0, 0))
        return parser.isSet(QStringLiteral("help")) ? ExitOk : ExitUsage;
    const QDir dir(parser.value(out));
    if (!QDir().mkpath(dir.absolutePath()))
        return fail(io, QStringLiteral("%1: cannot create the folder").arg(dir.absolutePath()));

    QElapsedTimer clock;
    clock.start();
    const QString projectPath = dir.absoluteFilePath(QStringLiteral("demo.assay"));
    Job job(QStringLiteral("Building the demo project"), [&](Job &j) { return DemoProject::build(projectPath, &j); });
    QObject::connect(&job, &Job::progressChanged, [&io](qint64 done, qint64 total, const QString &detail, double) {
        io.err << QStringLiteral("[%1/%2] %3\n").arg(done).arg(total).arg(detail);
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
    const QString reportPath = dir.absoluteFilePath(QStringLiteral("report.html"));
    if (auto s = ReportWriter(*project).writeHtml(reportPath); !s)
        return fail(io, s.error());
    io.out << "Demo project: " << projectPath << '\n'
           << "Documents:    " << dir.absoluteFilePath(QStringLiteral("corpus")) << " (" << corpus.value().documents().size()
           << " files; facts.json says which document states which fact)\n"
           << "Report:       " << reportPath << '\n';
    io.err << QStringLiteral("Done in %1 s\n").arg(clock.elapsed() / 1000.0, 0, 'f', 1);
    return ExitOk;
}

} // namespace assay
