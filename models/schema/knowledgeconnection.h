#pragma once
// The only way Assay runs SQL against the user's knowledge: a read-only connection with an
// authorizer that denies everything but reading. Embedded knowledge is materialised into an
// in-memory database and re-opened read-only; a linked file is opened read-only; a linked
// server (PostgreSQL, MySQL/MariaDB) is reached through one read-only transaction under a
// statement timeout (ServerConnection::openLink), and its values arrive as an import of the
// same rows would hold them (ServerTypeMap::resultValue).
#include "core/result.h"
#include "project/database.h"

#include <QHash>
#include <QVariantList>
#include <QVector>

#include <memory>

namespace assay {

class KnowledgeBase;
class ServerConnection;

class KnowledgeConnection {
public:
    struct Rows {
        QStringList columns;
        QVector<QVariantList> rows;
    };

    static Result<KnowledgeConnection> open(const KnowledgeBase &knowledge);
    static Result<KnowledgeConnection> openLinked(const QString &path);
    // A linked server by its stored URI (ServerLocation::uri()); the password from
    // ServerPasswords or the environment.
    static Result<KnowledgeConnection> openServer(const QString &uri);

    // Runs one SELECT with bound parameters. maxRows < 0 reads all rows.
    Result<Rows> query(const QString &sql, const QVariantList &params = {}, int maxRows = -1) const;
    // Writes the knowledge tables (with keys) to a new SQLite file.
    Status exportTo(const QString &path) const;
    // The SQLite database (not for a linked server: see server()).
    const Database &database() const { return m_db; }
    // The linked server, or null. Used only by the thread that opened the connection.
    const ServerConnection *server() const { return m_server.get(); }
    // A knowledge column's Assay type (INTEGER, TEXT, …), empty when unknown (a connection
    // opened without the knowledge base).
    QString columnType(const QString &table, const QString &column) const;

private:
    explicit KnowledgeConnection(Database db) : m_db(std::move(db)) {}
    static Status guard(Database &db);
    Database m_db;
    std::shared_ptr<ServerConnection> m_server;
    QHash<QString, QString> m_columnTypes; // "table.column" (lower case) → type
};

} // namespace assay
