#pragma once
// An open Assay project: one SQLite file (WAL, foreign keys on) whose every change is
// committed as it is made. The project owns the undo stack that GUI edits are pushed to.
#include "core/result.h"
#include "project/database.h"
#include "project/projectchange.h"

#include <QLockFile>
#include <QByteArray>
#include <QHash>
#include <QMap>
#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <memory>
#include <typeindex>
#include <typeinfo>
#include <utility>
#include <vector>

class QTemporaryDir;
class QTimer;
class QUndoStack;

namespace assay {

class Project : public QObject {
    Q_OBJECT
public:
    ~Project() override;

    static Result<std::unique_ptr<Project>> create(const QString &path, const QString &name = {});
    // Opens a project for a user (the desktop app, a CLI command): checks permissions and the
    // header (constant time: the pages are checked only on demand, see ProjectVerifier),
    // migrates, and takes the session lock file that tells an unclean shutdown.
    static Result<std::unique_ptr<Project>> open(const QString &path);
    static int latestSchemaVersion();
    // Another connection to a project this process has open, configured like the project's
    // own, for work on a background thread (the thread that uses it must own it). No probe,
    // no migration, no session lock: the project was opened with open() already.
    static Result<Database> openConnection(const QString &path, Database::Sharing sharing = Database::Sharing::Shared);
    // The same connection wrapped as a Project, for background jobs whose services take one.
    static Result<std::unique_ptr<Project>> openForJob(const QString &path);

    QString path() const { return m_path; }
    int schemaVersion() const;
    // Non-empty when another Assay process has this file open; the project is usable anyway.
    QString concurrentUseWarning() const { return m_concurrentUseWarning; }
    // Non-empty when the last session that had this file open ended without closing it (a
    // crash, a kill, a power cut): the app then verifies the file (ProjectVerifier).
    QString uncleanShutdown() const { return m_uncleanShutdown; }

    QString name() const { return property(QStringLiteral("name")); }
    QString property(const QString &key) const;
    Status setProperty(const QString &key, const QString &value);

    // Row counts of the project's entity tables, keyed by a stable name ("documents", ...).
    Result<QMap<QString, qint64>> counts() const;

    Database &database() { return m_db; }
    const Database &database() const { return m_db; }
    QUndoStack *undoStack() const { return m_undoStack; }
    // A temporary database file for the copies undo keeps of whole tables (a generation
    // step's before and after), on disk so that a step over millions of rows does not hold
    // them in memory; background connections attach the same file. Removed with the project.
    QString undoFile() const;
    // The services that live as long as the open project, one per aggregate: the knowledge
    // base, the curation of generated templates and of exam items, and the stores of
    // generation, corpus, runs and judgements, exams and the LLM cache on this project's own
    // connection. Created on first use by T::createFor(*this) and owned by the project, so
    // that every page and command shares one instance (and its signals) and no widget sees the
    // connection or builds a store. The project knows none of them: each aggregate's folder sits above this one
    // (docs/ARCHITECTURE.md, "Folders").
    template <class T> T *service()
    {
        const std::type_index key(typeid(T));
        for (const auto &[existingKey, existing] : m_services)
            if (existingKey == key)
                return static_cast<T *>(existing.get());
        std::shared_ptr<T> created(T::createFor(*this));
        m_services.emplace_back(key, created);
        return created.get();
    }
    template <class T> const T *service() const { return const_cast<Project *>(this)->service<T>(); }

    // Starts delivering changed(): every write committed to this file by any connection of
    // this process (background jobs included), merged over `settleMs`, and every write by
    // another process, noticed by polling PRAGMA data_version every `pollMs` (0: no poll).
    void watchChanges(int settleMs = 150, int pollMs = 1000);
    // Delivers what is pending now instead of after the settle time (tests, shutdown).
    void flushChanges();

signals:
    // What committed writes changed (docs/ARCHITECTURE.md, "Data flow"); after watchChanges().
    // Writes through this project's own connection and writes by others come as separate
    // changes (ProjectChange::fromOwnConnection()).
    void changed(const assay::ProjectChange &change);
    void propertyChanged(const QString &key);
    // The generation tables were replaced as a whole (a generation step, its undo or redo):
    // views over templates, groups and queries reload.
    void generationReplaced();

private:
    Project(QString path, Database db);
    void onCommitted(const ProjectChange &change);
    void pollOtherProcesses();
    // The longest a change that may be another process's waits while this process keeps writing.
    static constexpr qint64 unattributedMaxMs = 30000;
    static Result<std::unique_ptr<Project>> finishOpen(const QString &path, Database db);
    void takeSessionLock(const QString &path);

    QString m_path;
    mutable std::unique_ptr<QTemporaryDir> m_undoDir; // outlives m_db, which may have it attached
    Database m_db;
    QUndoStack *m_undoStack = nullptr;
    std::unique_ptr<QLockFile> m_lock;
    // Declared after m_db: the services are destroyed before the connection they use.
    std::vector<std::pair<std::type_index, std::shared_ptr<void>>> m_services;
    QString m_eventKey; // ProjectEvents::keyFor(m_path)
    ProjectChange m_pendingOwn;   // written through m_db
    ProjectChange m_pendingOther; // written by any other connection or process
    QTimer *m_settleTimer = nullptr;
    QTimer *m_pollTimer = nullptr;
    qint64 m_dataVersion = -1;
    quint64 m_ownCommits = 0;
    QElapsedTimer m_unattributed; // running while a change may be another process's (pollOtherProcesses)
    QString m_concurrentUseWarning;
    QString m_uncleanShutdown;
};

} // namespace assay
