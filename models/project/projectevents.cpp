#include "project/projectevents.h"

#include <QFileInfo>
#include <QMutexLocker>

namespace assay {

ProjectEvents::ProjectEvents()
{
    qRegisterMetaType<assay::ProjectChange>();
}

ProjectEvents &ProjectEvents::instance()
{
    // Never destroyed: connections on other threads may publish until the process exits.
    static ProjectEvents *hub = new ProjectEvents;
    return *hub;
}

QString ProjectEvents::keyFor(const QString &path)
{
    const QFileInfo info(path);
    const QString canonical = info.canonicalFilePath();
    return canonical.isEmpty() ? info.absoluteFilePath() : canonical;
}

void ProjectEvents::publish(const ProjectChange &change)
{
    {
        QMutexLocker lock(&m_mutex);
        ++m_commits[change.file()];
    }
    emit committed(change);
}

quint64 ProjectEvents::commitsOf(const QString &file) const
{
    QMutexLocker lock(&m_mutex);
    return m_commits.value(file);
}

} // namespace assay
