#include "project/changerecorder.h"

#include "project/projectevents.h"

// Debian's libsqlite3 is built with the pre-update hook; its declaration is behind this macro.
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>

#include <cstring>

namespace assay {

ChangeRecorder::ChangeRecorder(sqlite3 *db, QString file) : m_db(db), m_file(std::move(file)), m_pending(m_file) {}

std::unique_ptr<ChangeRecorder> ChangeRecorder::install(sqlite3 *db, const QString &file)
{
    std::unique_ptr<ChangeRecorder> r(new ChangeRecorder(db, file));
    sqlite3_stmt *list = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE '%WITHOUT ROWID%'", -1, &list, nullptr) == SQLITE_OK) {
        while (sqlite3_step(list) == SQLITE_ROW)
            r->m_withoutRowid.insert(QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(list, 0))));
    }
    sqlite3_finalize(list); // a schema that cannot be read leaves every table's ids named
    sqlite3_preupdate_hook(db, &ChangeRecorder::onPreUpdate, r.get());
    sqlite3_commit_hook(db, &ChangeRecorder::onCommit, r.get());
    sqlite3_rollback_hook(db, &ChangeRecorder::onRollback, r.get());
    return r;
}

ChangeRecorder::~ChangeRecorder()
{
    sqlite3_preupdate_hook(m_db, nullptr, nullptr);
    sqlite3_commit_hook(m_db, nullptr, nullptr);
    sqlite3_rollback_hook(m_db, nullptr, nullptr);
}

void ChangeRecorder::onPreUpdate(void *self, sqlite3 *, int operation, const char *database, const char *table, long long key, long long newKey)
{
    auto *r = static_cast<ChangeRecorder *>(self);
    if (std::strcmp(database, "main") != 0)
        return; // the attached undo file is not the project
    if (table != r->m_lastTable) {
        r->m_lastTable = table;
        r->m_lastTableName = QString::fromUtf8(table);
        r->m_lastTableHasRowids = !r->m_withoutRowid.contains(r->m_lastTableName);
    }
    r->m_any = true;
    if (!r->m_lastTableHasRowids) {
        r->m_pending.addRows(r->m_lastTableName); // keys of WITHOUT ROWID rows are not passed
        return;
    }
    r->m_pending.addRow(r->m_lastTableName, operation == SQLITE_INSERT ? newKey : key);
    if (operation == SQLITE_UPDATE && newKey != key)
        r->m_pending.addRow(r->m_lastTableName, newKey);
}

int ChangeRecorder::onCommit(void *self)
{
    auto *r = static_cast<ChangeRecorder *>(self);
    // The pre-update hook sees every row written to the project's tables (truncations and
    // tables WITHOUT ROWID included; only the attached undo file's are left out), so a
    // commit that recorded nothing changed nothing a view shows.
    if (r->m_any) {
        ProjectChange change = r->m_pending;
        change.setConnection(r->id());
        ProjectEvents::instance().publish(change);
    }
    r->m_pending = ProjectChange(r->m_file);
    r->m_any = false;
    return 0; // 0: let the commit go on
}

void ChangeRecorder::onRollback(void *self)
{
    auto *r = static_cast<ChangeRecorder *>(self);
    r->m_pending = ProjectChange(r->m_file);
    r->m_any = false;
}

} // namespace assay
