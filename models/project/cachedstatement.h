#pragma once

#include "project/statement.h"

namespace assay {

// A store's kept statement, lent for one use: the lease resets it when it goes out of scope,
// so no statement stays stepped after its caller is done. A statement left on a row keeps the
// connection's read transaction open; the connection's next write must then upgrade a stale
// snapshot, which SQLite refuses at once (SQLITE_BUSY_SNAPSHOT, no busy wait) when another
// program wrote in between (docs/project-file.md, concurrent use).
class CachedStatement {
public:
    explicit CachedStatement(Statement *statement) : m_statement(statement) {}
    ~CachedStatement()
    {
        if (m_statement)
            m_statement->reset();
    }
    CachedStatement(CachedStatement &&other) noexcept : m_statement(other.m_statement) { other.m_statement = nullptr; }
    CachedStatement &operator=(CachedStatement &&other) noexcept
    {
        std::swap(m_statement, other.m_statement);
        return *this;
    }
    CachedStatement(const CachedStatement &) = delete;
    CachedStatement &operator=(const CachedStatement &) = delete;

    Statement *operator->() const { return m_statement; }
    Statement &operator*() const { return *m_statement; }

private:
    Statement *m_statement = nullptr;
};

} // namespace assay
