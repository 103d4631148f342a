#include "project/demoproject.h"

#include "core/job.h"
#include "project/project.h"

#include <QFile>

namespace assay {

QString DemoProject::defaultName() { return QStringLiteral("Assay demo"); }

Status DemoProject::build(const QString &path, Job *job)
{
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")}) {
        if (QFile::exists(path + suffix) && !QFile::remove(path + suffix))
            return Status::failure(QStringLiteral("%1: cannot replace the old demo project").arg(path + suffix));
    }
    auto project = Project::create(path, defaultName());
    if (!project)
        return Status::failure(project.error());
    if (auto s = project.value()->setProperty(
            QStringLiteral("description"),
            QStringLiteral("A fictional organisation's knowledge base, documents and pipelines, bundled with Assay."));
        !s)
        return s;
    if (job)
        job->reportProgress(1, 1, QStringLiteral("Demo project written"));
    return {};
}

} // namespace assay
