#pragma once
// The process-wide hub of committed project changes: every connection that records changes
// (ChangeRecorder) publishes here from whatever thread it runs on; each open Project that
// watches its file receives them queued on its own thread and emits Project::changed
// (docs/ARCHITECTURE.md, "Data flow").
#include "project/projectchange.h"

#include <QHash>
#include <QMutex>
#include <QObject>

namespace assay {

class ProjectEvents : public QObject {
    Q_OBJECT
public:
    static ProjectEvents &instance();
    // The key under which a file's changes are published: its canonical path.
    static QString keyFor(const QString &path);

    // Thread-safe; called by ChangeRecorder after a commit.
    void publish(const ProjectChange &change);
    // Commits published for `file` by connections of this process so far (Project's poll
    // tells them from another process's writes).
    quint64 commitsOf(const QString &file) const;

signals:
    void committed(const assay::ProjectChange &change);

private:
    ProjectEvents();
    mutable QMutex m_mutex;
    QHash<QString, quint64> m_commits;
};

} // namespace assay
