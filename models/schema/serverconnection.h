#pragma once
// One connection to a PostgreSQL or MySQL/MariaDB server through Qt's SQL drivers (QPSQL,
// QMYSQL), used by the thread that opened it and closed with it. Every failure names the
// server (ServerLocation::describe(), never the password) and says what to check.
#include "core/result.h"
#include "schema/serverlocation.h"

#include <QSqlDatabase>
#include <QVariantList>
#include <QVector>

#include <memory>

class QSqlError;
class QSqlQuery;

namespace assay {

class ServerConnection {
public:
    // Opens the connection and starts a read-only transaction with one snapshot for everything
    // read through it (PostgreSQL REPEATABLE READ, MySQL WITH CONSISTENT SNAPSHOT).
    static Result<std::unique_ptr<ServerConnection>> open(const ServerLocation &location);
    // The same for a linked knowledge base (docs/user-guide.md, "Linking instead of importing"):
    // every statement also runs under the location's statement timeout, unqualified names
    // resolve in its schema (PostgreSQL search_path), and MySQL reads double-quoted identifiers
    // (ANSI_QUOTES) as Assay's own SQL writes them.
    static Result<std::unique_ptr<ServerConnection>> openLink(const ServerLocation &location);
    static QString driverName(ServerLocation::Dialect dialect);
    // Empty when Qt's driver for the dialect is installed, else what to install.
    static QString driverProblem(ServerLocation::Dialect dialect);
    ~ServerConnection();
    ServerConnection(const ServerConnection &) = delete;
    ServerConnection &operator=(const ServerConnection &) = delete;

    // Runs one statement with bound parameters and returns all its rows.
    Result<QVector<QVariantList>> select(const QString &sql, const QVariantList &params = {}) const;
    // A query that streams its rows (forward only): the caller reads them with next().
    Result<std::unique_ptr<QSqlQuery>> stream(const QString &sql, const QVariantList &params = {}) const;
    struct Rows {
        QStringList columns;
        QVector<QVariantList> rows;
    };
    // One statement's columns and rows (maxRows < 0: all), decimals as doubles; what names the
    // work in a failure ("cannot run the template").
    Result<Rows> query(const QString &sql, const QVariantList &params, int maxRows, const QString &what) const;
    // A prepared statement to execute many times (exec() after binding), forward only.
    Result<std::unique_ptr<QSqlQuery>> prepare(const QString &sql, const QString &what) const;
    // Around a statement that may fail without ending the read-only transaction (PostgreSQL: a
    // savepoint; MySQL keeps a transaction going after a failed statement): mark() before it,
    // then release() when it succeeded or undo() when it failed. answers(): the server still
    // runs statements (after undo()), so the failure was the statement's, not the connection's.
    Status mark() const;
    Status release() const;
    Status undo() const;
    bool answers() const;
    // Runs sql inside a savepoint (PostgreSQL): a statement that fails does not end the
    // read-only transaction the other statements share. Returns the columns only.
    Result<QStringList> probe(const QString &sql, const QVariantList &params) const;
    // The failure of a query or of next() on a stream, with the server named.
    QString failure(const QSqlError &error, const QString &what) const;
    QString quote(const QString &identifier) const;
    QString qualified(const QString &table) const; // schema-qualified and quoted
    const ServerLocation &location() const { return m_location; }

private:
    static Result<std::unique_ptr<ServerConnection>> open(const ServerLocation &location, bool link);
    Status configureLink();
    ServerConnection(ServerLocation location, QString name) : m_location(std::move(location)), m_name(std::move(name)) {}
    QSqlDatabase database() const;
    ServerLocation m_location;
    QString m_name;
};

} // namespace assay
