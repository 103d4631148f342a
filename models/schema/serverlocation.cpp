#include "schema/serverlocation.h"

#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

namespace assay {

QString ServerLocation::dialectName(Dialect dialect)
{
    return dialect == Dialect::Postgres ? QStringLiteral("PostgreSQL") : QStringLiteral("MySQL/MariaDB");
}

int ServerLocation::defaultPort(Dialect dialect)
{
    return dialect == Dialect::Postgres ? 5432 : 3306;
}

Result<ServerLocation> ServerLocation::parse(const QString &uri, Dialect dialect)
{
    using R = Result<ServerLocation>;
    const QStringList schemes = dialect == Dialect::Postgres ? QStringList{QStringLiteral("postgresql"), QStringLiteral("postgres")}
                                                             : QStringList{QStringLiteral("mysql"), QStringLiteral("mariadb")};
    // A socket folder given as the host ("postgresql://u@%2Ftmp%2Fpg/db") is percent-encoded;
    // QUrl keeps the host as written, so it is read from the authority by hand.
    // QUrl refuses a percent-encoded socket folder as the host: it is taken out first.
    QString text = uri;
    QString socketHost;
    static const QRegularExpression encodedHost(QStringLiteral("^([A-Za-z]+://(?:[^@/?]*@)?)(%2[Ff][^/:?]*)(.*)$"));
    if (const auto m = encodedHost.match(uri); m.hasMatch()) {
        socketHost = QUrl::fromPercentEncoding(m.captured(2).toUtf8());
        text = m.captured(1) + QStringLiteral("localhost") + m.captured(3);
    }
    const QUrl url(text, QUrl::StrictMode);
    if (!url.isValid())
        return R::failure(QStringLiteral("%1: not a valid URI: %2").arg(uri, url.errorString()));
    if (!schemes.contains(url.scheme().toLower()))
        return R::failure(QStringLiteral("%1: a %2 URI starts with %3://").arg(uri, dialectName(dialect), schemes.constFirst()));
    ServerLocation l;
    l.dialect = dialect;
    l.user = url.userName(QUrl::FullyDecoded);
    l.password = url.password(QUrl::FullyDecoded);
    const QString host = url.host(QUrl::FullyDecoded);
    if (!socketHost.isEmpty())
        l.socket = socketHost;
    else if (!host.isEmpty())
        l.host = host;
    l.port = url.port(0);
    l.database = url.path(QUrl::FullyDecoded).mid(1);
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key == QLatin1String("schema") && dialect == Dialect::Postgres)
            l.schema = value;
        else if ((key == QLatin1String("host") && dialect == Dialect::Postgres && value.startsWith(QLatin1Char('/'))) ||
                 (key == QLatin1String("socket") && dialect == Dialect::MySql))
            l.socket = value;
        else if (key == QLatin1String("host"))
            l.host = value;
        else if (key == QLatin1String("timeout")) {
            bool ok = false;
            l.timeoutSeconds = value.toInt(&ok);
            if (!ok || l.timeoutSeconds < 1)
                return R::failure(QStringLiteral("%1: timeout=%2: give the statement timeout in whole seconds, at least 1")
                                      .arg(url.toDisplayString(QUrl::RemovePassword), value));
        } else {
            return R::failure(QStringLiteral("%1: unknown option '%2' (%3)")
                                  .arg(url.toDisplayString(QUrl::RemovePassword), key,
                                       dialect == Dialect::Postgres ? QStringLiteral("known: schema, host, timeout") : QStringLiteral("known: socket, host, timeout")));
        }
    }
    if (l.database.isEmpty() || l.database.contains(QLatin1Char('/')))
        return R::failure(QStringLiteral("%1: name the database after the host, e.g. %2://user@localhost/company")
                              .arg(url.toDisplayString(QUrl::RemovePassword), schemes.constFirst()));
    if (l.user.isEmpty())
        return R::failure(QStringLiteral("%1: name the user before the host, e.g. %2://assay@localhost/%3")
                              .arg(url.toDisplayString(QUrl::RemovePassword), schemes.constFirst(), l.database));
    return l;
}

bool ServerLocation::isServerUri(const QString &text)
{
    static const QRegularExpression scheme(QStringLiteral("^(postgresql|postgres|mysql|mariadb)://"), QRegularExpression::CaseInsensitiveOption);
    return scheme.match(text).hasMatch();
}

Result<ServerLocation> ServerLocation::parse(const QString &uri)
{
    const QString scheme = uri.section(QStringLiteral("://"), 0, 0).toLower();
    if (!isServerUri(uri))
        return Result<ServerLocation>::failure(QStringLiteral("%1: not a server URI (postgresql://… or mysql://…)").arg(uri));
    return parse(uri, scheme.startsWith(QLatin1String("postgres")) ? Dialect::Postgres : Dialect::MySql);
}

QString ServerLocation::uri() const
{
    // Built by hand: QUrl drops a user name without a host, and a socket has no host.
    const auto encode = [](const QString &text) { return QString::fromLatin1(QUrl::toPercentEncoding(text)); };
    QString text = QStringLiteral("%1://%2@").arg(dialect == Dialect::Postgres ? QStringLiteral("postgresql") : QStringLiteral("mysql"), encode(user));
    if (socket.isEmpty())
        text += host.contains(QLatin1Char(':')) ? QStringLiteral("[%1]").arg(host) : encode(host);
    if (socket.isEmpty() && port > 0)
        text += QStringLiteral(":%1").arg(port);
    text += QLatin1Char('/') + encode(database);
    QStringList query;
    if (!socket.isEmpty())
        query << QStringLiteral("%1=%2").arg(dialect == Dialect::Postgres ? QStringLiteral("host") : QStringLiteral("socket"),
                                             QString::fromLatin1(QUrl::toPercentEncoding(socket, "/")));
    if (dialect == Dialect::Postgres && !schema.isEmpty())
        query << QStringLiteral("schema=%1").arg(encode(schema));
    if (timeoutSeconds > 0)
        query << QStringLiteral("timeout=%1").arg(timeoutSeconds);
    return query.isEmpty() ? text : text + QLatin1Char('?') + query.join(QLatin1Char('&'));
}

void ServerLocation::takePasswordFromEnvironment()
{
    if (!password.isEmpty())
        return;
    for (const char *name : {"ASSAY_DB_PASSWORD", dialect == Dialect::Postgres ? "PGPASSWORD" : "MYSQL_PWD"}) {
        const QByteArray value = qgetenv(name);
        if (!value.isEmpty()) {
            password = QString::fromUtf8(value);
            return;
        }
    }
}

QString ServerLocation::effectiveSchema() const
{
    if (dialect == Dialect::MySql)
        return database;
    return schema.isEmpty() ? QStringLiteral("public") : schema;
}

QString ServerLocation::account() const
{
    const QString where = socket.isEmpty() ? QStringLiteral("%1:%2").arg(host).arg(effectivePort()) : socket;
    return QStringLiteral("%1@%2/%3").arg(user, where, database);
}

QString ServerLocation::describe() const
{
    const QString where = socket.isEmpty() ? QStringLiteral("%1:%2").arg(host).arg(effectivePort()) : QStringLiteral("%1 (socket)").arg(socket);
    QString text = QStringLiteral("%1 %2@%3, database %4").arg(dialectName(dialect), user, where, database);
    if (dialect == Dialect::Postgres)
        text += QStringLiteral(", schema %1").arg(effectiveSchema());
    return text;
}

} // namespace assay
