#pragma once
// Records what a connection's write transactions change, through SQLite's pre-update, commit
// and rollback hooks (the pre-update hook, unlike the update hook, also sees tables WITHOUT
// ROWID, such as judgement and exam_answer, and deletions of whole tables), and publishes each committed transaction's change to ProjectEvents. Owned
// by the Database it was installed on (Database::recordChanges); only connections to a
// project file record (docs/ARCHITECTURE.md, "Data flow").
#include "project/projectchange.h"

#include <QSet>
#include <QString>

#include <memory>

struct sqlite3;

namespace assay {

class ChangeRecorder {
public:
    static std::unique_ptr<ChangeRecorder> install(sqlite3 *db, const QString &file);
    ~ChangeRecorder(); // removes the hooks
    // The id its changes carry (ProjectChange::connection()).
    quintptr id() const { return reinterpret_cast<quintptr>(this); }
    ChangeRecorder(const ChangeRecorder &) = delete;
    ChangeRecorder &operator=(const ChangeRecorder &) = delete;

private:
    ChangeRecorder(sqlite3 *db, QString file);
    static void onPreUpdate(void *self, sqlite3 *db, int operation, const char *database, const char *table, long long key, long long newKey);
    static int onCommit(void *self);
    static void onRollback(void *self);

    sqlite3 *m_db;
    QString m_file;
    ProjectChange m_pending;
    bool m_any = false;
    // The table name of the previous row: SQLite passes the same pointer for the same table,
    // so a run of rows in one table converts its name once.
    const char *m_lastTable = nullptr;
    QString m_lastTableName;
    bool m_lastTableHasRowids = true;
    QSet<QString> m_withoutRowid; // tables whose rows have no rowid to name

};

} // namespace assay
