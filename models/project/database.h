#pragma once
// Thin RAII owner of one sqlite3 connection. All SQL in Assay goes through this class and
// Statement, so errors always come back as Result messages naming the statement's purpose.
#include "core/result.h"
#include "project/changerecorder.h"
#include "project/heldfiles.h"
#include "project/cachedstatement.h"
#include "project/statement.h"

#include <QString>
#include <QVariantList>

#include <memory>
#include <optional>
#include <utility>

struct sqlite3;

namespace assay {

class Database {
public:
    enum class Mode { ReadWrite, ReadWriteCreate, ReadOnly };
    // Shared: SQLite serialises calls from several threads on the connection (a mutex around
    // every call). OneThread: one thread owns it for its whole life, and no call pays for the
    // lock (the analysis's readers: some 25 column reads for each of 10k rows per run).
    enum class Sharing { Shared, OneThread };

    Database() = default;
    ~Database();
    Database(Database &&other) noexcept;
    Database &operator=(Database &&other) noexcept;
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    static Result<Database> open(const QString &path, Mode mode, Sharing sharing = Sharing::Shared);

    bool isOpen() const { return m_db != nullptr; }
    // How long a statement waits for another connection's write lock before it fails with
    // "database is locked": defaultBusyTimeoutMs() unless set (background jobs and the CLI
    // wait; the GUI thread's connection waits less, see MainWindow).
    void setBusyTimeout(int milliseconds);
    // 30 s, or ASSAY_LOCK_WAIT_SECONDS when set.
    static int defaultBusyTimeoutMs();
    sqlite3 *handle() const { return m_db; }
    QString path() const { return m_path; }

    // Runs one or more statements that return no rows.
    Status exec(const QString &sql);
    Result<Statement> prepare(const QString &sql) const;
    // First column of the first row, or an error if there is no row.
    Result<QVariant> scalar(const QString &sql) const;
    // The helpers the stores use, so that preparing, binding and stepping fail in one place:
    // each() hands every row to onRow (which may return false to stop); first() hands the
    // first row, if any, and says whether there was one; run() executes a statement that
    // returns no rows. Any failed prepare or step is the result, never taken for "no rows".
    template <typename F>
    Status each(const QString &sql, const QVariantList &params, F &&onRow) const
    {
        auto s = prepare(sql);
        if (!s)
            return Status::failure(s);
        s.value().bindAll(params);
        return s.value().forEach(std::forward<F>(onRow));
    }
    template <typename F>
    Result<bool> first(const QString &sql, const QVariantList &params, F &&onRow) const
    {
        bool found = false;
        const Status read = each(sql, params, [&](const Statement &row) {
            onRow(row);
            found = true;
            return false;
        });
        if (!read)
            return Result<bool>::failure(read);
        return found;
    }
    Status run(const QString &sql, const QVariantList &params = {});
    // A statement a store keeps for repeated use: prepared into `cache` the first time, reset
    // (bindings cleared) when lent and again when the lease ends.
    Result<CachedStatement> cached(std::optional<Statement> &cache, const QString &sql) const;
    Result<bool> tableExists(const QString &name) const;
    qint64 lastInsertId() const;
    // Rows changed by the last INSERT, UPDATE or DELETE.
    qint64 changes() const;
    QString lastError() const;
    void close();
    // Publishes what each committed write transaction of this connection changes to
    // ProjectEvents under `file` (Project turns it on for every connection to a project).
    void recordChanges(const QString &file);
    // The id of the connection's recorder (ProjectChange::connection()), 0 when not recording.
    quintptr changeRecorderId() const { return m_recorder ? m_recorder->id() : 0; }
    // Takes ownership of an already open connection (e.g. one made by sqlite3_deserialize).
    static Database adopt(sqlite3 *db, const QString &path) { return Database(db, path); }
    // "name" with embedded quotes doubled: safe for any user-chosen identifier.
    static QString quoteIdentifier(const QString &name);

private:
    explicit Database(sqlite3 *db, QString path) : m_db(db), m_path(std::move(path)) {}
    sqlite3 *m_db = nullptr;
    QString m_path;
    HeldFiles::Token m_held; // the file this connection holds locks on, while open
    std::unique_ptr<ChangeRecorder> m_recorder; // heap: the hooks keep its address across moves
};

} // namespace assay
