#include "demo/demoproject.h"

#include "core/job.h"
#include "demo/demoworld.h"
#include "project/project.h"
#include "schema/knowledgeimporter.h"

#include <QFile>

namespace assay {

QString DemoProject::defaultName() { return QStringLiteral("Assay demo"); }

Status DemoProject::build(const QString &path, Job *job)
{
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")}) {
        if (QFile::exists(path + suffix) && !QFile::remove(path + suffix))
            return Status::failure(QStringLiteral("%1: cannot replace the old demo project").arg(path + suffix));
    }
    constexpr int steps = 3;
    if (job)
        job->reportProgress(0, steps, QStringLiteral("Reading the demo world"));
    auto world = DemoWorld::load();
    if (!world)
        return Status::failure(world.error());
    auto project = Project::create(path, defaultName());
    if (!project)
        return Status::failure(project.error());
    if (auto s = project.value()->setProperty(
            QStringLiteral("description"),
            QStringLiteral("%1, a fictional civil and environmental engineering consultancy: its offices, staff, "
                           "clients and projects, with documents written from them.")
                .arg(DemoWorld::organisation()));
        !s)
        return s;
    if (job && job->isCancelled())
        return Status::failure(QStringLiteral("cancelled"));
    if (job)
        job->reportProgress(1, steps, QStringLiteral("Importing the knowledge tables"));
    auto imported = KnowledgeImporter::import(*project.value(), world.value(), {});
    if (!imported)
        return Status::failure(imported.error());
    if (job)
        job->reportProgress(steps, steps, QStringLiteral("Demo project written"));
    return {};
}

} // namespace assay
