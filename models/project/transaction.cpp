#include "project/transaction.h"

#include "project/database.h"

namespace assay {

Transaction::Transaction(Database &db) : m_db(db), m_began(db.exec(QStringLiteral("SAVEPOINT assay_tx"))) {}

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
    if (auto s = m_db.exec(QStringLiteral("RELEASE assay_tx")); !s) {
        rollBack();
        return s;
    }
    return {};
}

void Transaction::rollBack()
{
    // Nothing to return to from here: a failed rollback is logged (the log dock shows it).
    if (auto s = m_db.exec(QStringLiteral("ROLLBACK TO assay_tx; RELEASE assay_tx")); !s)
        qWarning("%s: rollback failed: %s", qPrintable(m_db.path()), qPrintable(s.error()));
}

} // namespace assay
