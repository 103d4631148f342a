#include "backupcommand.h"

#include "core/job.h"
#include "project/project.h"
#include "project/projectbackup.h"
#include "project/projectfileprobe.h"

#include <QFileInfo>

namespace assay {

int BackupCommand::run(const QStringList &args, CliIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Copies the project through SQLite's online backup API: the copy is one consistent "
                                                    "snapshot even while the desktop app or a run writes to the project, and OUT appears "
                                                    "only when the copy is complete."));
    parser.addPositionalArgument(QStringLiteral("FILE.assay"), QStringLiteral("The project file."));
    parser.addPositionalArgument(QStringLiteral("OUT"), QStringLiteral("The copy to write (an existing file there is replaced)."));
    if (!parse(parser, args, io, 2, 2))
        return stopped(parser);
    const QString from = parser.positionalArguments().at(0), to = parser.positionalArguments().at(1);
    // The source is checked like any project it opens: an Assay project of a version it reads.
    if (auto info = ProjectFileProbe::inspect(from, Project::latestSchemaVersion()); !info && info.code() != ErrorCode::ReadOnly)
        return fail(io, info.error());
    Job job(QStringLiteral("Copying %1").arg(from), [&](Job &j) { return ProjectBackup::saveCopy(from, to, &j); });
    int lastPercent = -1;
    QObject::connect(&job, &Job::progressChanged, [&](qint64 done, qint64 total) {
        const int percent = total > 0 ? int(100 * done / total) : 0;
        if (percent / 10 == lastPercent / 10)
            return;
        lastPercent = percent;
        io.err << QStringLiteral("[%1%] copying pages\n").arg(percent);
        io.err.flush();
    });
    if (auto s = job.runHere(); !s)
        return fail(io, s.error());
    io.err << "Saved a copy of " << QFileInfo(from).absoluteFilePath() << " as " << QFileInfo(to).absoluteFilePath() << " ("
           << QFileInfo(to).size() / 1048576.0 << " MB)\n";
    return ExitOk;
}

} // namespace assay
