#include "project/transaction.h"

#include "project/database.h"

namespace assay {

Transaction::Transaction(Database &db) : m_db(db), m_began(db.exec(QStringLiteral("SAVEPOINT assay_tx"))) {}

Transaction::~Transaction()
{
    if (m_began && !m_done)
        m_db.exec(QStringLiteral("ROLLBACK TO assay_tx; RELEASE assay_tx"));
}

Status Transaction::commit()
{
    if (!m_began)
        return m_began;
    m_done = true;
    if (auto s = m_db.exec(QStringLiteral("RELEASE assay_tx")); !s) {
        m_db.exec(QStringLiteral("ROLLBACK TO assay_tx; RELEASE assay_tx"));
        return s;
    }
    return {};
}

} // namespace assay
