#pragma once
// One prepared SQLite statement: binds QVariants as parameters (never spliced into SQL) and
// reads columns back as QVariants.
#include "core/result.h"

#include <QByteArrayView>
#include <QString>
#include <QVariant>

#include <type_traits>

struct sqlite3_stmt;
struct sqlite3;

namespace assay {

class Statement {
public:
    Statement() = default;
    Statement(sqlite3 *db, sqlite3_stmt *stmt) : m_db(db), m_stmt(stmt) {}
    ~Statement();
    Statement(Statement &&other) noexcept;
    Statement &operator=(Statement &&other) noexcept;
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;

    Statement &bind(int index, const QVariant &value); // 1-based, like SQLite
    Statement &bindAll(const QVariantList &values);
    // Typed binds without a QVariant in between, for bulk writes; a null QByteArray binds NULL.
    // The text is not copied: `text` must stay unchanged until the statement has been run or
    // reset (a copy per value doubled the cost of a million-row insert).
    Statement &bindUtf8Borrowed(int index, const QByteArray &text);
    Statement &bindInteger(int index, qint64 value);
    // Binds column `column` of another statement's current row as it is (type and bytes),
    // without a QVariant in between: for copying rows between connections in bulk.
    Statement &bindValueOf(int index, const Statement &from, int column);
    // The next row: true; the end: false; a failed step is the error, never taken for the end.
    Result<bool> next();
    // The one row a lookup expects: a failed step is its error, no row the `missing` message.
    Status nextRow(const QString &missing);
    // Calls onRow(*this) for every row (until it returns false, when it returns bool); a failed
    // step is the error.
    template <typename F>
    Status forEach(F &&onRow)
    {
        while (true) {
            auto row = next();
            if (!row)
                return Status::failure(row);
            if (!row.value())
                return {};
            if constexpr (std::is_same_v<std::invoke_result_t<F, const Statement &>, bool>) {
                if (!onRow(static_cast<const Statement &>(*this)))
                    return {};
            } else {
                onRow(static_cast<const Statement &>(*this));
            }
        }
    }
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
    // The column's storage class and, for text, its UTF-8 bytes as SQLite holds them (valid
    // until the next step): for encoding rows in bulk without a QString in between.
    enum class Type { Integer, Real, Text, Blob, Null };
    Type type(int i) const;
    QByteArrayView utf8(int i) const;
    QString error() const;
    QString sql() const;
    // The last step's failure as a code (busy / read-only) and a message naming the statement.
    ErrorCode errorCode() const;
    QString failureMessage() const;

private:
    // One sqlite3_step, private: callers use next(), forEach() or run(), which never take a
    // failed step for the end of the rows.
    enum class Step { Row, Done, Error };
    Step step();

    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_stmt = nullptr;
};

} // namespace assay
