#include "project/transaction.h"

#include "project/database.h"

#include <sqlite3.h>

namespace assay {

namespace {
// The outermost scope takes the write lock at once (BEGIN IMMEDIATE): a deferred transaction
// that reads first and writes later fails at once with SQLITE_BUSY, without waiting, when
// another connection (a job's, another process's) wrote in between. Inner scopes are
// savepoints of the transaction already open.
Status begin(Database &db, bool outermost)
{
    return db.exec(outermost ? QStringLiteral("BEGIN IMMEDIATE") : QStringLiteral("SAVEPOINT assay_tx"));
}
} // namespace

Transaction::Transaction(Database &db)
    : m_db(db), m_outermost(db.isOpen() && sqlite3_get_autocommit(db.handle()) != 0), m_began(begin(db, m_outermost))
{
}

Transaction::~Transaction()
{
    if (m_began && !m_done)
        rollBack();
}

Status Transaction::commit()
{
    if (!m_began)
        return m_began;
    m_done = true;
    if (auto s = m_db.exec(m_outermost ? QStringLiteral("COMMIT") : QStringLiteral("RELEASE assay_tx")); !s) {
        rollBack();
        return s;
    }
    return {};
}

void Transaction::rollBack()
{
    // Nothing to return to from here: a failed rollback is logged (the log dock shows it).
    // After a failed COMMIT SQLite may have ended the transaction itself: nothing to undo then.
    if (m_outermost && sqlite3_get_autocommit(m_db.handle()) != 0)
        return;
    if (auto s = m_db.exec(m_outermost ? QStringLiteral("ROLLBACK") : QStringLiteral("ROLLBACK TO assay_tx; RELEASE assay_tx")); !s)
        qWarning("%s: rollback failed: %s", qPrintable(m_db.path()), qPrintable(s.error()));
}

} // namespace assay
