#pragma once
// One prepared SQLite statement: binds QVariants as parameters (never spliced into SQL) and
// reads columns back as QVariants.
#include "core/result.h"

#include <QString>
#include <QVariant>

struct sqlite3_stmt;
struct sqlite3;

namespace assay {

class Statement {
public:
    enum class Step { Row, Done, Error };

    Statement() = default;
    Statement(sqlite3 *db, sqlite3_stmt *stmt) : m_db(db), m_stmt(stmt) {}
    ~Statement();
    Statement(Statement &&other) noexcept;
    Statement &operator=(Statement &&other) noexcept;
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;

    Statement &bind(int index, const QVariant &value); // 1-based, like SQLite
    Statement &bindAll(const QVariantList &values);
    Step step();
    // Steps to completion; for INSERT/UPDATE/DELETE.
    Status run();
    void reset();

    int columnCount() const;
    QString columnName(int i) const;
    QVariant value(int i) const;
    QString text(int i) const;
    qint64 integer(int i) const;
    double real(int i) const;
    bool isNull(int i) const;
    QString error() const;
    QString sql() const;

private:
    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_stmt = nullptr;
};

} // namespace assay
