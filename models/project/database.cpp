#include "project/database.h"

#include <sqlite3.h>

namespace assay {

Database::~Database() { close(); }

Database::Database(Database &&other) noexcept
    : m_db(other.m_db), m_path(std::move(other.m_path)), m_held(other.m_held), m_recorder(std::move(other.m_recorder))
{
    other.m_db = nullptr;
    other.m_held = {};
}

Database &Database::operator=(Database &&other) noexcept
{
    if (this != &other) {
        close();
        m_db = other.m_db;
        m_path = std::move(other.m_path);
        m_held = other.m_held;
        m_recorder = std::move(other.m_recorder);
        other.m_db = nullptr;
        other.m_held = {};
    }
    return *this;
}

int Database::defaultBusyTimeoutMs()
{
    // ASSAY_LOCK_WAIT_SECONDS: how long a statement waits for another program's write lock
    // (scripts that would rather fail at once than wait set it low).
    static const int ms = [] {
        bool ok = false;
        const int seconds = qEnvironmentVariableIntValue("ASSAY_LOCK_WAIT_SECONDS", &ok);
        return ok && seconds >= 0 ? seconds * 1000 : 30000;
    }();
    return ms;
}

Result<Database> Database::open(const QString &path, Mode mode, Sharing sharing)
{
    // SQLite's memory statistics take one process-wide lock on every allocation, which two
    // analysis threads then wait on in turn; Assay reads none of them. The setting is only
    // accepted before SQLite starts, so it is given once, before the first connection: if
    // something else started SQLite already, the statistics stay on and nothing else changes.
    static const int memoryStatistics = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    Q_UNUSED(memoryStatistics)
    int flags = sharing == Sharing::OneThread ? SQLITE_OPEN_NOMUTEX : SQLITE_OPEN_FULLMUTEX;
    switch (mode) {
    case Mode::ReadOnly: flags |= SQLITE_OPEN_READONLY; break;
    case Mode::ReadWrite: flags |= SQLITE_OPEN_READWRITE; break;
    case Mode::ReadWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE; break;
    }
    sqlite3 *db = nullptr;
    const int rc = sqlite3_open_v2(path.toUtf8().constData(), &db, flags, nullptr);
    if (rc != SQLITE_OK) {
        const QString message = db ? QString::fromUtf8(sqlite3_errmsg(db)) : QString::fromUtf8(sqlite3_errstr(rc));
        sqlite3_close_v2(db);
        return Result<Database>::failure(QStringLiteral("%1: cannot open: %2").arg(path, message));
    }
    sqlite3_extended_result_codes(db, 1);
    sqlite3_busy_timeout(db, defaultBusyTimeoutMs());
    Database opened(db, path);
    opened.m_held = HeldFiles::hold(path);
    return opened;
}

void Database::setBusyTimeout(int milliseconds)
{
    if (m_db)
        sqlite3_busy_timeout(m_db, milliseconds);
}

Status Database::exec(const QString &sql)
{
    char *err = nullptr;
    if (const int rc = sqlite3_exec(m_db, sql.toUtf8().constData(), nullptr, nullptr, &err); rc != SQLITE_OK) {
        const QString message = err ? QString::fromUtf8(err) : lastError();
        sqlite3_free(err);
        switch (rc & 0xff) {
        case SQLITE_BUSY:
        case SQLITE_LOCKED:
            return Status::failure(message + QStringLiteral(" (another program holds a lock on the project file; close it or wait)"), ErrorCode::Busy);
        case SQLITE_READONLY:
            return Status::failure(message + QStringLiteral(" (the project file is read-only)"), ErrorCode::ReadOnly);
        default:
            return Status::failure(message);
        }
    }
    return {};
}

Result<Statement> Database::prepare(const QString &sql) const
{
    sqlite3_stmt *stmt = nullptr;
    const QByteArray utf8 = sql.toUtf8();
    const char *tail = nullptr;
    if (sqlite3_prepare_v2(m_db, utf8.constData(), int(utf8.size()), &stmt, &tail) != SQLITE_OK)
        return Result<Statement>::failure(lastError());
    if (!stmt)
        return Result<Statement>::failure(QStringLiteral("empty statement"));
    if (tail && QByteArray(tail).trimmed().size() > 0) {
        sqlite3_finalize(stmt);
        return Result<Statement>::failure(QStringLiteral("more than one statement"));
    }
    return Statement(m_db, stmt);
}

Result<QVariant> Database::scalar(const QString &sql) const
{
    auto stmt = prepare(sql);
    if (!stmt)
        return Result<QVariant>::failure(stmt);
    auto row = stmt.value().next();
    if (!row)
        return Result<QVariant>::failure(row);
    if (!row.value())
        return Result<QVariant>::failure(QStringLiteral("no row"));
    return stmt.value().value(0);
}

Result<CachedStatement> Database::cached(std::optional<Statement> &cache, const QString &sql) const
{
    if (!cache) {
        auto s = prepare(sql);
        if (!s)
            return Result<CachedStatement>::failure(s);
        cache = s.take();
    }
    cache->reset();
    return CachedStatement(&*cache);
}

Status Database::run(const QString &sql, const QVariantList &params)
{
    auto stmt = prepare(sql);
    if (!stmt)
        return Status::failure(stmt);
    stmt.value().bindAll(params);
    return stmt.value().run();
}

Result<bool> Database::tableExists(const QString &name) const
{
    auto stmt = prepare(QStringLiteral("SELECT 1 FROM sqlite_schema WHERE type='table' AND name=?"));
    if (!stmt)
        return Result<bool>::failure(stmt);
    stmt.value().bind(1, name);
    return stmt.value().next();
}

qint64 Database::lastInsertId() const { return sqlite3_last_insert_rowid(m_db); }

qint64 Database::changes() const { return sqlite3_changes64(m_db); }

QString Database::lastError() const
{
    return m_db ? QString::fromUtf8(sqlite3_errmsg(m_db)) : QStringLiteral("database is not open");
}

QString Database::quoteIdentifier(const QString &name)
{
    QString q = name;
    q.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

void Database::close()
{
    if (m_db) {
        m_recorder.reset(); // no hook runs while the connection closes
        sqlite3_close_v2(m_db);
        m_db = nullptr;
        HeldFiles::release(m_held);
        m_held = {};
    }
}

void Database::recordChanges(const QString &file)
{
    m_recorder.reset(); // first: its destructor removes the hooks
    if (m_db)
        m_recorder = ChangeRecorder::install(m_db, file);
}

} // namespace assay
