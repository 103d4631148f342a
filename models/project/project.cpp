#include "project/project.h"


#include "core/version.h"
#include "project/migrations.h"
#include "project/migrator.h"
#include "project/projectevents.h"
#include "project/projectfileprobe.h"

#include <QDateTime>
#include <QFileInfo>
#include <QDir>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>

#include <utility>

namespace assay {

namespace {

// Entity tables reported by counts() (every one exists once the project is migrated).
struct CountedTable {
    const char *key;
    const char *table;
};
constexpr CountedTable countedTables[] = {
    {"knowledge_tables", "knowledge_table"},
    {"knowledge_rows", "knowledge_row"},
    {"documents", "document"},
    {"chunks", "chunk"},
    {"sql_templates", "sql_template"},
    {"text_templates", "text_template"},
    {"queries", "query"},
    // A short form's items are copies of its parent's: not counted again.
    {"exam_items", "exam_item WHERE exam_id IN (SELECT id FROM exam WHERE parent_id IS NULL)"},
    {"runs", "run"},
};

Status configureConnection(Database &db)
{
    // WAL keeps readers (analysis threads) unblocked while a run writes results.
    auto mode = db.scalar(QStringLiteral("PRAGMA journal_mode = WAL"));
    if (!mode)
        return Status::failure(mode.error());
    if (mode.value().toString().compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0)
        return Status::failure(QStringLiteral("%1: cannot switch the project file to WAL mode").arg(db.path()));
    if (auto s = db.exec(QStringLiteral("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536")); !s)
        return s;
    return {};
}

} // namespace

Project::Project(QString path, Database db)
    : m_path(std::move(path)), m_db(std::move(db)), m_undoStack(new QUndoStack(this)), m_eventKey(ProjectEvents::keyFor(m_path))
{
    m_db.recordChanges(m_eventKey);
}

void Project::watchChanges(int settleMs, int pollMs)
{
    if (!m_settleTimer) {
        m_settleTimer = new QTimer(this);
        m_settleTimer->setSingleShot(true);
        connect(m_settleTimer, &QTimer::timeout, this, &Project::flushChanges);
        // Queued: a change arrives after the commit that made it, on this object's thread.
        connect(&ProjectEvents::instance(), &ProjectEvents::committed, this, &Project::onCommitted, Qt::QueuedConnection);
    }
    m_settleTimer->setInterval(settleMs);
    if (pollMs > 0) {
        if (!m_pollTimer) {
            m_pollTimer = new QTimer(this);
            connect(m_pollTimer, &QTimer::timeout, this, &Project::pollOtherProcesses);
        }
        m_ownCommits = ProjectEvents::instance().commitsOf(m_eventKey);
        auto v = m_db.scalar(QStringLiteral("PRAGMA data_version"));
        m_dataVersion = v ? v.value().toLongLong() : -1;
        m_pollTimer->start(pollMs);
    } else if (m_pollTimer) {
        m_pollTimer->stop();
    }
}

void Project::onCommitted(const ProjectChange &change)
{
    if (change.file() != m_eventKey)
        return;
    const quintptr own = m_db.changeRecorderId();
    (own != 0 && change.connection() == own ? m_pendingOwn : m_pendingOther).merge(change);
    if (!m_settleTimer->isActive())
        m_settleTimer->start();
}

void Project::flushChanges()
{
    if (m_settleTimer)
        m_settleTimer->stop();
    ProjectChange own = std::exchange(m_pendingOwn, ProjectChange(m_eventKey));
    ProjectChange other = std::exchange(m_pendingOther, ProjectChange(m_eventKey));
    if (!own.isEmpty()) {
        own.setFromOwnConnection(true);
        emit changed(own);
    }
    if (!other.isEmpty())
        emit changed(other);
}

void Project::pollOtherProcesses()
{
    // data_version changes when any other connection commits: one of this process's (whose
    // changes arrive through ProjectEvents) or another process's. A change in an interval in
    // which this process published no commit is another process's, and shows at once. When
    // both wrote in one interval the change cannot be told apart, so it shows (as of unknown
    // extent) at the first poll in which this process commits nothing, and at the latest
    // unattributedMaxMs after it was seen even while this process keeps writing
    // (docs/ARCHITECTURE.md, "Data flow").
    auto v = m_db.scalar(QStringLiteral("PRAGMA data_version"));
    if (!v) {
        qWarning("%s: cannot poll for changes by other programs: %s", qPrintable(m_path), qPrintable(v.error()));
        m_pollTimer->stop();
        return;
    }
    const qint64 version = v.value().toLongLong();
    const quint64 own = ProjectEvents::instance().commitsOf(m_eventKey);
    const bool changed = version != m_dataVersion, quiet = own == m_ownCommits;
    if (changed && !quiet && !m_unattributed.isValid())
        m_unattributed.start();
    if ((changed && quiet) || (m_unattributed.isValid() && (quiet || m_unattributed.elapsed() >= unattributedMaxMs))) {
        m_unattributed.invalidate();
        onCommitted(ProjectChange::unknownExtent(m_eventKey));
    }
    m_dataVersion = version;
    m_ownCommits = own;
}

Project::~Project()
{
    delete m_undoStack; // its commands may still use the connection
    m_undoStack = nullptr;
}

QString Project::undoFile() const
{
    if (!m_undoDir) {
        m_undoDir = std::make_unique<QTemporaryDir>(QDir::temp().filePath(QStringLiteral("assay-undo-XXXXXX")));
        // Made here, empty (SQLite creates the file on open): a connection opened without
        // the create flag, as an existing project's is, cannot create a file it attaches.
        if (m_undoDir->isValid()) {
            auto made = Database::open(m_undoDir->filePath(QStringLiteral("undo.db")), Database::Mode::ReadWriteCreate);
            if (!made)
                qWarning("%s", qPrintable(made.error()));
        }
    }
    // A directory that could not be made leaves a path that cannot be opened: the snapshot
    // store reports it when it attaches the file.
    return m_undoDir->isValid() ? m_undoDir->filePath(QStringLiteral("undo.db")) : QDir::temp().filePath(QStringLiteral("assay-undo-unavailable/undo.db"));
}

int Project::latestSchemaVersion()
{
    return Migrator(builtinMigrations()).latestVersion();
}

Result<std::unique_ptr<Project>> Project::create(const QString &path, const QString &name)
{
    using R = Result<std::unique_ptr<Project>>;
    if (QFileInfo::exists(path))
        return R::failure(QStringLiteral("%1: already exists; choose another name or open it").arg(path));
    auto db = Database::open(path, Database::Mode::ReadWriteCreate);
    if (!db)
        return R::failure(db.error());
    if (auto s = db.value().exec(QStringLiteral("PRAGMA application_id = %1").arg(ProjectFileProbe::applicationId)); !s)
        return R::failure(s.error());
    auto project = finishOpen(path, db.take());
    if (!project)
        return project;
    const QString projectName = name.isEmpty() ? QFileInfo(path).completeBaseName() : name;
    Project &p = *project.value();
    for (const auto &[key, value] : {std::pair{QStringLiteral("name"), projectName},
                                     std::pair{QStringLiteral("created_at"),
                                               QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
                                     std::pair{QStringLiteral("created_with"), QStringLiteral(ASSAY_VERSION)}}) {
        if (auto s = p.setProperty(key, value); !s)
            return R::failure(s.error());
    }
    return project;
}

Result<Database> Project::openConnection(const QString &path, Database::Sharing sharing)
{
    auto db = Database::open(path, Database::Mode::ReadWrite, sharing);
    if (!db)
        return db;
    if (auto s = configureConnection(db.value()); !s)
        return Result<Database>::failure(s.error());
    db.value().recordChanges(ProjectEvents::keyFor(path));
    return db;
}

Result<std::unique_ptr<Project>> Project::openForJob(const QString &path)
{
    using R = Result<std::unique_ptr<Project>>;
    auto db = openConnection(path);
    if (!db)
        return R::failure(db);
    return std::unique_ptr<Project>(new Project(QFileInfo(path).absoluteFilePath(), db.take()));
}

Result<std::unique_ptr<Project>> Project::open(const QString &path)
{
    using R = Result<std::unique_ptr<Project>>;
    if (auto s = ProjectFileProbe::checkWritable(path); !s)
        return R::failure(s);
    // One connection does both: the header is read through it before anything is written.
    auto db = Database::open(path, Database::Mode::ReadWrite);
    if (!db)
        return R::failure(db.error());
    auto info = ProjectFileProbe::inspect(db.value(), path, latestSchemaVersion());
    if (!info)
        return R::failure(info);
    return finishOpen(path, db.take());
}

Result<std::unique_ptr<Project>> Project::finishOpen(const QString &path, Database db)
{
    using R = Result<std::unique_ptr<Project>>;
    if (auto s = configureConnection(db); !s)
        return R::failure(s.error());
    auto applied = Migrator(builtinMigrations()).migrate(db);
    if (!applied)
        return R::failure(applied.error());

    std::unique_ptr<Project> project(new Project(QFileInfo(path).absoluteFilePath(), std::move(db)));
    project->takeSessionLock(path);
    return project;
}

void Project::takeSessionLock(const QString &path)
{
    // The lock file is a file of its own beside the project (never the project's descriptor).
    // A session that ends normally removes it; one that finds it left by a dead process knows
    // that session ended uncleanly.
    const QString lockPath = path + QStringLiteral(".lock");
    m_lock = std::make_unique<QLockFile>(lockPath);
    m_lock->setStaleLockTime(0); // only a dead owner makes the lock stale
    qint64 stalePid = 0;
    QString staleHost, staleApp;
    const bool leftBehind = QFileInfo::exists(lockPath) && m_lock->getLockInfo(&stalePid, &staleHost, &staleApp);
    if (m_lock->tryLock(0)) {
        if (leftBehind)
            m_uncleanShutdown = QStringLiteral("%1 was not closed by its last session (process %2 ended without closing it)").arg(path).arg(stalePid);
        return;
    }
    qint64 pid = 0;
    QString host, app;
    m_lock->getLockInfo(&pid, &host, &app);
    m_concurrentUseWarning = QStringLiteral("%1 is also open in another Assay (process %2 on %3). Both can work on it at once: SQLite keeps "
                                            "the file consistent, and each window shows the other's changes within about a second.")
                                 .arg(path)
                                 .arg(pid)
                                 .arg(host.isEmpty() ? QStringLiteral("this machine") : host);
    m_lock.reset();
}

int Project::schemaVersion() const
{
    auto v = m_db.scalar(QStringLiteral("PRAGMA user_version"));
    return v ? v.value().toInt() : -1;
}

QString Project::property(const QString &key) const
{
    // Properties are names and notes shown to the user: one that cannot be read shows empty,
    // and the log says why.
    auto stmt = m_db.prepare(QStringLiteral("SELECT value FROM project_meta WHERE key = ?"));
    if (!stmt) {
        qWarning("Project property %s: %s", qPrintable(key), qPrintable(stmt.error()));
        return {};
    }
    stmt.value().bind(1, key);
    auto row = stmt.value().next();
    if (!row)
        qWarning("Project property %s: %s", qPrintable(key), qPrintable(row.error()));
    return row && row.value() ? stmt.value().text(0) : QString();
}

Status Project::setProperty(const QString &key, const QString &value)
{
    auto stmt = m_db.prepare(QStringLiteral(
        "INSERT INTO project_meta(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"));
    if (!stmt)
        return Status::failure(stmt.error());
    stmt.value().bind(1, key).bind(2, value);
    if (auto s = stmt.value().run(); !s)
        return Status::failure(QStringLiteral("%1: cannot save project property '%2': %3").arg(m_path, key, s.error()));
    emit propertyChanged(key);
    return {};
}

Result<QMap<QString, qint64>> Project::counts() const
{
    QMap<QString, qint64> result;
    for (const CountedTable &t : countedTables) {
        const QString table = QString::fromLatin1(t.table);
        auto n = m_db.scalar(table.contains(QLatin1Char(' ')) ? QStringLiteral("SELECT count(*) FROM %1").arg(table)
                                                              : QStringLiteral("SELECT count(*) FROM \"%1\"").arg(table));
        if (!n)
            return Result<QMap<QString, qint64>>::failure(n);
        result.insert(QString::fromLatin1(t.key), n.value().toLongLong());
    }
    return result;
}

} // namespace assay
