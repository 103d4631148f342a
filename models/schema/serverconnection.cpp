#include "schema/serverconnection.h"

#include <QAtomicInteger>
#include <QSqlError>
#include <QSqlRecord>
#include <QSqlQuery>

namespace assay {

namespace {

QAtomicInteger<quint64> connectionCounter;

// What a user can do about the server's answer, read from its usual wording.
QString hintFor(const QString &text)
{
    const QString t = text.toLower();
    if (t.contains(QLatin1String("access denied for user")) && t.contains(QLatin1String("to database")))
        return QStringLiteral("check the database's name, and that the user may read it");
    if (t.contains(QLatin1String("password authentication failed")) || t.contains(QLatin1String("access denied")) ||
        t.contains(QLatin1String("no password supplied")))
        return QStringLiteral("check the user and password");
    if ((t.contains(QLatin1String("database")) && t.contains(QLatin1String("does not exist"))) || t.contains(QLatin1String("unknown database")))
        return QStringLiteral("check the database's name");
    if (t.contains(QLatin1String("no such file")) || t.contains(QLatin1String("connection refused")) ||
        t.contains(QLatin1String("can't connect")) || t.contains(QLatin1String("could not connect")) || t.contains(QLatin1String("timeout")))
        return QStringLiteral("check that the server runs and the host, port or socket are right");
    if (t.contains(QLatin1String("terminat")) || t.contains(QLatin1String("server closed")) || t.contains(QLatin1String("gone away")) ||
        t.contains(QLatin1String("lost connection")))
        return QStringLiteral("the connection was lost; nothing was imported, try again");
    return {};
}

} // namespace

QString ServerConnection::driverName(ServerLocation::Dialect dialect)
{
    return dialect == ServerLocation::Dialect::Postgres ? QStringLiteral("QPSQL") : QStringLiteral("QMYSQL");
}

QString ServerConnection::driverProblem(ServerLocation::Dialect dialect)
{
    if (QSqlDatabase::isDriverAvailable(driverName(dialect)))
        return {};
    return QStringLiteral("Qt's %1 driver is not installed (Debian package %2)")
        .arg(ServerLocation::dialectName(dialect),
             dialect == ServerLocation::Dialect::Postgres ? QStringLiteral("libqt6sql6-psql") : QStringLiteral("libqt6sql6-mysql"));
}

Result<std::unique_ptr<ServerConnection>> ServerConnection::open(const ServerLocation &location) { return open(location, false); }

Result<std::unique_ptr<ServerConnection>> ServerConnection::openLink(const ServerLocation &location) { return open(location, true); }

Result<std::unique_ptr<ServerConnection>> ServerConnection::open(const ServerLocation &location, bool link)
{
    using R = Result<std::unique_ptr<ServerConnection>>;
    if (const QString p = driverProblem(location.dialect); !p.isEmpty())
        return R::failure(QStringLiteral("%1: %2").arg(location.describe(), p));
    const QString name = QStringLiteral("assay-server-%1").arg(connectionCounter.fetchAndAddRelaxed(1));
    std::unique_ptr<ServerConnection> connection(new ServerConnection(location, name));
    QSqlDatabase db = QSqlDatabase::addDatabase(driverName(location.dialect), name);
    const bool postgres = location.dialect == ServerLocation::Dialect::Postgres;
    QStringList options;
    if (postgres) {
        db.setHostName(location.socket.isEmpty() ? location.host : location.socket);
        options << QStringLiteral("connect_timeout=10");
    } else {
        db.setHostName(location.host);
        options << QStringLiteral("MYSQL_OPT_CONNECT_TIMEOUT=10");
        if (!location.socket.isEmpty())
            options << QStringLiteral("UNIX_SOCKET=%1").arg(location.socket);
    }
    db.setConnectOptions(options.join(QLatin1Char(';')));
    db.setPort(location.effectivePort());
    db.setDatabaseName(location.database);
    db.setUserName(location.user);
    db.setPassword(location.password);
    if (!db.open())
        return R::failure(connection->failure(db.lastError(), QStringLiteral("cannot connect")));
    const QString begin = postgres ? QStringLiteral("START TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                                   : QStringLiteral("START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY");
    if (link)
        if (auto s = connection->configureLink(); !s)
            return R::failure(s);
    QSqlQuery q(db);
    if (!postgres && !q.exec(QStringLiteral("SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ")))
        return R::failure(connection->failure(q.lastError(), QStringLiteral("cannot set the isolation level")));
    if (!q.exec(begin))
        return R::failure(connection->failure(q.lastError(), QStringLiteral("cannot start a read-only transaction")));
    if (postgres && !location.schema.isEmpty()) {
        auto found = connection->select(QStringLiteral("SELECT 1 FROM pg_namespace WHERE nspname = ?"), {location.schema});
        if (!found)
            return R::failure(found);
        if (found.value().isEmpty())
            return R::failure(QStringLiteral("%1: the database has no schema '%2'").arg(location.describe(), location.schema));
    }
    return R(std::move(connection));
}

Status ServerConnection::configureLink()
{
    QSqlQuery q(database());
    const int seconds = m_location.effectiveTimeout();
    const auto set = [&](const QString &sql, const QString &what) {
        return q.exec(sql) ? Status() : Status::failure(failure(q.lastError(), what));
    };
    if (m_location.dialect == ServerLocation::Dialect::Postgres) {
        if (auto s = set(QStringLiteral("SET statement_timeout = %1").arg(qint64(seconds) * 1000), QStringLiteral("cannot set the statement timeout")); !s)
            return s;
        return set(QStringLiteral("SET search_path TO %1").arg(quote(m_location.effectiveSchema())), QStringLiteral("cannot choose the schema"));
    }
    // MariaDB counts in seconds (max_statement_time), MySQL in milliseconds (max_execution_time).
    if (!q.exec(QStringLiteral("SET SESSION max_statement_time = %1").arg(seconds)))
        if (auto s = set(QStringLiteral("SET SESSION max_execution_time = %1").arg(qint64(seconds) * 1000), QStringLiteral("cannot set the statement timeout")); !s)
            return s;
    return set(QStringLiteral("SET SESSION sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES')"), QStringLiteral("cannot set ANSI_QUOTES"));
}

ServerConnection::~ServerConnection()
{
    {
        QSqlDatabase db = database();
        if (db.isOpen()) {
            QSqlQuery(db).exec(QStringLiteral("ROLLBACK")); // nothing was written: the read-only transaction ends
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(m_name);
}

QSqlDatabase ServerConnection::database() const
{
    return QSqlDatabase::database(m_name, false);
}

QString ServerConnection::failure(const QSqlError &error, const QString &what) const
{
    QString text = error.databaseText().trimmed();
    if (text.isEmpty())
        text = error.driverText().trimmed();
    text.replace(QStringLiteral("()"), QString()); // an empty SQLSTATE
    // libpq's lines ("… failed: No such file or directory\n\tIs the server running …") as one.
    QStringList lines;
    for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (!line.trimmed().isEmpty())
            lines << line.simplified();
    text = lines.join(QStringLiteral("; "));
    if (!m_location.password.isEmpty())
        text.replace(m_location.password, QStringLiteral("***"));
    QString message = QStringLiteral("%1: %2: %3").arg(m_location.describe(), what, text);
    if (const QString hint = hintFor(text); !hint.isEmpty())
        message += QStringLiteral(" — %1").arg(hint);
    return message;
}

Result<QVector<QVariantList>> ServerConnection::select(const QString &sql, const QVariantList &params) const
{
    using R = Result<QVector<QVariantList>>;
    QSqlQuery q(database());
    q.setForwardOnly(true);
    if (!q.prepare(sql))
        return R::failure(failure(q.lastError(), QStringLiteral("cannot read the catalog")));
    for (const QVariant &p : params)
        q.addBindValue(p);
    if (!q.exec())
        return R::failure(failure(q.lastError(), QStringLiteral("cannot read the catalog")));
    QVector<QVariantList> rows;
    const int columns = q.record().count();
    while (q.next()) {
        QVariantList row;
        row.reserve(columns);
        for (int i = 0; i < columns; ++i)
            row << q.value(i);
        rows << row;
    }
    if (q.lastError().isValid())
        return R::failure(failure(q.lastError(), QStringLiteral("cannot read the catalog")));
    return rows;
}

Result<std::unique_ptr<QSqlQuery>> ServerConnection::stream(const QString &sql, const QVariantList &params) const
{
    using R = Result<std::unique_ptr<QSqlQuery>>;
    auto q = std::make_unique<QSqlQuery>(database());
    q->setForwardOnly(true);
    q->setNumericalPrecisionPolicy(QSql::HighPrecision); // exact decimals as text (ServerTypeMap)
    bool ran = false;
    if (params.isEmpty()) {
        ran = q->exec(sql);
    } else if (q->prepare(sql)) {
        for (const QVariant &p : params)
            q->addBindValue(p);
        ran = q->exec();
    }
    if (!ran)
        return R::failure(failure(q->lastError(), QStringLiteral("cannot read rows")));
    return R(std::move(q));
}

Result<ServerConnection::Rows> ServerConnection::query(const QString &sql, const QVariantList &params, int maxRows, const QString &what) const
{
    using R = Result<Rows>;
    auto q = prepare(sql, what);
    if (!q)
        return R::failure(q);
    QSqlQuery &query = *q.value();
    for (const QVariant &p : params)
        query.addBindValue(p);
    if (!query.exec())
        return R::failure(failure(query.lastError(), what));
    Rows out;
    const QSqlRecord record = query.record();
    for (int i = 0; i < record.count(); ++i)
        out.columns << record.fieldName(i);
    while ((maxRows < 0 || out.rows.size() < maxRows) && query.next()) {
        QVariantList row;
        row.reserve(out.columns.size());
        for (int i = 0; i < out.columns.size(); ++i)
            row << query.value(i);
        out.rows << row;
    }
    if (query.lastError().isValid())
        return R::failure(failure(query.lastError(), what));
    return out;
}

Result<std::unique_ptr<QSqlQuery>> ServerConnection::prepare(const QString &sql, const QString &what) const
{
    using R = Result<std::unique_ptr<QSqlQuery>>;
    auto q = std::make_unique<QSqlQuery>(database());
    q->setForwardOnly(true);
    q->setNumericalPrecisionPolicy(QSql::LowPrecisionDouble);
    if (!q->prepare(sql))
        return R::failure(failure(q->lastError(), what));
    return R(std::move(q));
}

namespace {
Status controlStatement(const ServerConnection &c, const QSqlDatabase &db, const QString &sql)
{
    if (c.location().dialect != ServerLocation::Dialect::Postgres)
        return {};
    QSqlQuery q(db);
    return q.exec(sql) ? Status() : Status::failure(c.failure(q.lastError(), QStringLiteral("cannot keep the read-only transaction")));
}
} // namespace

Status ServerConnection::mark() const { return controlStatement(*this, database(), QStringLiteral("SAVEPOINT assay_mark")); }

Status ServerConnection::release() const { return controlStatement(*this, database(), QStringLiteral("RELEASE SAVEPOINT assay_mark")); }

Status ServerConnection::undo() const { return controlStatement(*this, database(), QStringLiteral("ROLLBACK TO SAVEPOINT assay_mark")); }

bool ServerConnection::answers() const
{
    QSqlQuery q(database());
    return q.exec(QStringLiteral("SELECT 1")) && q.next();
}

Result<QStringList> ServerConnection::probe(const QString &sql, const QVariantList &params) const
{
    using R = Result<QStringList>;
    const bool postgres = m_location.dialect == ServerLocation::Dialect::Postgres;
    const QString what = QStringLiteral("the server refuses it");
    if (!postgres) {
        // MySQL/MariaDB execute a prepared statement in full even when a NULL parameter makes
        // its WHERE false: the columns come from the statement as a derived table under LIMIT 0,
        // which is checked but not run. A select list with two columns of one name cannot be a
        // derived table; that statement runs as it is.
        QString inner = sql.trimmed();
        while (inner.endsWith(QLatin1Char(';')))
            inner = inner.chopped(1).trimmed();
        auto wrapped = query(QStringLiteral("SELECT * FROM (%1) AS assay_probe LIMIT 0").arg(inner), params, 0, what);
        if (wrapped || !wrapped.error().contains(QLatin1String("Duplicate column")))
            return wrapped ? Result<QStringList>(wrapped.value().columns) : R::failure(wrapped);
    }
    if (auto marked = mark(); !marked)
        return R::failure(marked);
    Result<QStringList> out = R::failure(QString());
    {
        auto q = prepare(sql, what);
        if (q) {
            for (const QVariant &p : params)
                q.value()->addBindValue(p);
            if (q.value()->exec()) {
                QStringList columns;
                const QSqlRecord record = q.value()->record();
                for (int i = 0; i < record.count(); ++i)
                    columns << record.fieldName(i);
                out = columns;
            } else {
                out = R::failure(failure(q.value()->lastError(), what));
            }
        } else {
            out = R::failure(q);
        }
        // PostgreSQL: a failed statement ends the transaction's work until the rollback to the
        // savepoint, which comes before the prepared statement is freed.
        if (auto ended = out ? release() : undo(); !ended)
            return R::failure(ended);
    }
    return out;
}

QString ServerConnection::quote(const QString &identifier) const
{
    const QChar mark = m_location.dialect == ServerLocation::Dialect::Postgres ? QLatin1Char('"') : QLatin1Char('`');
    QString doubled = identifier;
    doubled.replace(mark, QString(2, mark));
    return mark + doubled + mark;
}

QString ServerConnection::qualified(const QString &table) const
{
    return quote(m_location.effectiveSchema()) + QLatin1Char('.') + quote(table);
}

} // namespace assay
