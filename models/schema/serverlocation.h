#pragma once
// Where a PostgreSQL or MySQL/MariaDB server keeps a team's knowledge: host (or the folder of
// its Unix socket), port, database, user, and for PostgreSQL the schema. The password lives
// only in memory: it comes from the URI, the keychain or the environment and is never part of
// what describe() prints (docs/user-guide.md, "Knowledge on a database server").
#include "core/result.h"

#include <QString>

namespace assay {

class ServerLocation {
public:
    enum class Dialect { Postgres, MySql };

    // postgresql://user[:password]@host[:port]/database[?schema=NAME&host=/socket/folder&timeout=S]
    // mysql://user[:password]@host[:port]/database[?socket=/path/to/socket&timeout=S]
    // A host that starts with '/' (or a percent-encoded one) is the Unix socket's folder
    // (PostgreSQL) or file (MySQL).
    static Result<ServerLocation> parse(const QString &uri, Dialect dialect);
    // The dialect read from the scheme (postgresql://, postgres://, mysql://, mariadb://).
    static Result<ServerLocation> parse(const QString &uri);
    static bool isServerUri(const QString &text);
    static QString dialectName(Dialect dialect); // "PostgreSQL", "MySQL/MariaDB"
    static int defaultPort(Dialect dialect);

    Dialect dialect = Dialect::Postgres;
    QString host = QStringLiteral("localhost");
    int port = 0; // 0: the dialect's default
    QString socket; // Unix socket folder (PostgreSQL) or file (MySQL); empty: TCP
    QString database;
    QString user;
    QString schema; // PostgreSQL only; empty: public
    QString password;
    // A linked server's statement timeout in seconds (?timeout=N; 0: the default, 120 s).
    int timeoutSeconds = 0;
    static constexpr int defaultTimeoutSeconds = 120;
    int effectiveTimeout() const { return timeoutSeconds > 0 ? timeoutSeconds : defaultTimeoutSeconds; }

    // The password from the environment when none was given: ASSAY_DB_PASSWORD, then
    // PGPASSWORD (PostgreSQL) or MYSQL_PWD (MySQL).
    void takePasswordFromEnvironment();
    // "PostgreSQL assay@db.example:5432, database sales, schema public" (a socket: "assay@/tmp/x
    // (socket), …"): what messages, the project and the report may show. Never the password.
    QString describe() const;
    // The location as a URI without the password (what a linked project stores); parse() reads it back.
    QString uri() const;
    // The same without the dialect, as the keychain's account name.
    QString account() const;
    QString effectiveSchema() const;
    int effectivePort() const { return port > 0 ? port : defaultPort(dialect); }
};

} // namespace assay
