#pragma once
// All-or-nothing scope on a Database, rolled back unless commit() is called. The outermost
// scope is a write transaction taken at once (BEGIN IMMEDIATE); inner ones are savepoints, so
// a service that uses one can be called inside a larger one.
#include "core/result.h"

namespace assay {

class Database;

class Transaction {
public:
    explicit Transaction(Database &db);
    ~Transaction();
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;

    bool began() const { return m_began.ok(); }
    const Status &beginStatus() const { return m_began; }
    Status commit();

private:
    void rollBack();
    Database &m_db;
    bool m_outermost = false;
    Status m_began;
    bool m_done = false;
};

} // namespace assay
