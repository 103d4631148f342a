#include "core/recentfiles.h"

#include <QFileInfo>

namespace assay {

namespace {
const QString key = QStringLiteral("project/recentFiles");
}

RecentFiles::RecentFiles(int maximum) : m_maximum(maximum) {}

QStringList RecentFiles::paths() const
{
    return QSettings().value(key).toStringList();
}

void RecentFiles::add(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = paths();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > m_maximum)
        list.removeLast();
    store(list);
}

void RecentFiles::remove(const QString &path)
{
    QStringList list = paths();
    list.removeAll(QFileInfo(path).absoluteFilePath());
    store(list);
}

void RecentFiles::clear() { store({}); }

void RecentFiles::store(const QStringList &paths)
{
    QSettings settings;
    settings.setValue(key, paths);
}

} // namespace assay
