#pragma once
#include <QSettings>
#include <QStringList>

namespace assay {

// Most-recently-used project paths, newest first, persisted in QSettings.
class RecentFiles {
public:
    explicit RecentFiles(int maximum = 10);
    QStringList paths() const;
    void add(const QString &path);
    void remove(const QString &path);
    void clear();
    int maximum() const { return m_maximum; }

private:
    void store(const QStringList &paths);
    int m_maximum;
};

} // namespace assay
