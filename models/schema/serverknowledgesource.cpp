#include "schema/serverknowledgesource.h"

#include "project/database.h"
#include "schema/knowledgevalue.h"
#include "schema/serverconnection.h"
#include "schema/serverpasswords.h"
#include "schema/servertypemap.h"

#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>

#include <optional>

namespace assay {

namespace {

class ServerRow : public SourceRow {
public:
    explicit ServerRow(const QSqlQuery &q) : m_q(q) {}
    QVariant raw(int column) const override { return m_q.value(column); }
    QVariant value(int column) const override { return ServerTypeMap::resultValue(m_q.value(column)); }

private:
    const QSqlQuery &m_q;
};

class ServerQuery : public SourceQuery {
public:
    ServerQuery(const ServerConnection &server, std::unique_ptr<QSqlQuery> q, QString sql, int parameters)
        : m_server(server), m_q(std::move(q)), m_sql(std::move(sql)), m_parameters(parameters)
    {
    }
    Result<QStringList> columns() override
    {
        if (!m_columns) // one execution with every parameter NULL, in a savepoint
            m_columns = m_server.probe(m_sql, QVariantList(m_parameters));
        return *m_columns;
    }
    Status run(const QVariantList &params, const std::function<bool(const SourceRow &)> &onRow) override
    {
        const QString what = QStringLiteral("cannot run the query");
        for (int i = 0; i < params.size(); ++i)
            m_q->bindValue(i, params[i]);
        if (!m_q->exec())
            return Status::failure(m_server.failure(m_q->lastError(), what));
        const ServerRow row(*m_q);
        while (m_q->next())
            if (!onRow(row))
                return {};
        if (m_q->lastError().isValid())
            return Status::failure(m_server.failure(m_q->lastError(), what));
        return {};
    }

private:
    const ServerConnection &m_server;
    std::unique_ptr<QSqlQuery> m_q;
    QString m_sql;
    int m_parameters = 0;
    std::optional<Result<QStringList>> m_columns;
};

} // namespace

ServerKnowledgeSource::ServerKnowledgeSource(std::unique_ptr<ServerConnection> server) : m_server(std::move(server)) {}

ServerKnowledgeSource::~ServerKnowledgeSource() = default;

Result<std::unique_ptr<ServerKnowledgeSource>> ServerKnowledgeSource::open(const QString &uri)
{
    using R = Result<std::unique_ptr<ServerKnowledgeSource>>;
    auto location = ServerLocation::parse(uri);
    if (!location)
        return R::failure(location);
    ServerPasswords::fill(location.value());
    auto server = ServerConnection::openLink(location.value());
    if (!server)
        return R::failure(server);
    return std::unique_ptr<ServerKnowledgeSource>(new ServerKnowledgeSource(server.take()));
}

QString ServerKnowledgeSource::describe() const { return m_server->location().describe(); }

Result<KnowledgeSource::Rows> ServerKnowledgeSource::query(const QString &sql, const QVariantList &params, int maxRows) const
{
    using R = Result<Rows>;
    // In a savepoint: a query that fails (an agent's SQL) leaves the transaction usable.
    if (auto marked = m_server->mark(); !marked)
        return R::failure(marked);
    auto read = m_server->query(sql, params, maxRows, QStringLiteral("cannot run the query"));
    if (auto ended = read ? m_server->release() : m_server->undo(); !ended)
        return R::failure(ended);
    if (!read)
        return R::failure(read);
    Rows out{read.value().columns, std::move(read.value().rows)};
    for (QVariantList &row : out.rows)
        for (QVariant &v : row)
            v = ServerTypeMap::resultValue(v);
    return out;
}

Result<std::unique_ptr<SourceQuery>> ServerKnowledgeSource::prepare(const QString &sql, int parameters) const
{
    using R = Result<std::unique_ptr<SourceQuery>>;
    auto q = m_server->prepare(sql, QStringLiteral("cannot prepare the query"));
    if (!q)
        return R::failure(q);
    return std::unique_ptr<SourceQuery>(new ServerQuery(*m_server, q.take(), sql, parameters));
}

Result<QStringList> ServerKnowledgeSource::check(const QString &sql, int parameters) const
{
    using R = Result<QStringList>;
    // MySQL/MariaDB write files and variables from a SELECT, read-only transaction or not.
    static const QRegularExpression into(QStringLiteral("\\bINTO\\s+(OUTFILE|DUMPFILE|@)"), QRegularExpression::CaseInsensitiveOption);
    if (into.match(sql).hasMatch())
        return R::failure(QStringLiteral("not read-only: SELECT … INTO writes a file or a variable on the server"));
    // Row locks: refused by the read-only transaction when the statement runs, said here
    // since MySQL's check (below) does not run it.
    static const QRegularExpression locks(QStringLiteral("\\bFOR\\s+(UPDATE|SHARE|NO\\s+KEY\\s+UPDATE|KEY\\s+SHARE)\\b|\\bLOCK\\s+IN\\s+SHARE\\s+MODE\\b"),
                                          QRegularExpression::CaseInsensitiveOption);
    if (locks.match(sql).hasMatch())
        return R::failure(QStringLiteral("not read-only: the statement locks rows (FOR UPDATE / FOR SHARE), which a read-only transaction refuses"));
    // The server checks it (ServerConnection::probe: every parameter NULL).
    return m_server->probe(sql, QVariantList(parameters));
}

QString ServerKnowledgeSource::orderKey(const QString &reference, const QString &type) const
{
    if (!type.isEmpty() && KnowledgeValue::affinity(type) != KnowledgeValue::Affinity::Text)
        return reference; // numbers, dates and bytes compare and sort alike everywhere
    if (m_server->location().dialect == ServerLocation::Dialect::Postgres)
        return QStringLiteral("CAST(%1 AS text) COLLATE \"C\"").arg(reference);
    return QStringLiteral("BINARY %1").arg(reference);
}

QVariant ServerKnowledgeSource::stored(const QVariant &raw, const QString &type) const
{
    return type.isEmpty() ? ServerTypeMap::resultValue(raw) : ServerTypeMap::value(type, raw);
}

Result<KnowledgeSource::Values> ServerKnowledgeSource::distinctValues(const QString &table, const QString &column, const QString &type) const
{
    using R = Result<Values>;
    const QString c = Database::quoteIdentifier(column);
    const QString key = orderKey(c, type);
    const QString what = QStringLiteral("cannot read the values of [%1.%2]").arg(table, column);
    // MIN() of a group of identical values is that value: MySQL's DISTINCT would merge values
    // its collation calls equal ('a', 'A'), grouping by the exact key does not.
    auto q = m_server->prepare(QStringLiteral("SELECT min(%1) FROM %2 WHERE %1 IS NOT NULL GROUP BY %3 ORDER BY %3")
                                   .arg(c, Database::quoteIdentifier(table), key),
                               what);
    if (!q)
        return R::failure(q);
    QSqlQuery &query = *q.value();
    if (!query.exec())
        return R::failure(m_server->failure(query.lastError(), what));
    Values out;
    while (query.next()) {
        out.raw << query.value(0);
        out.stored << stored(query.value(0), type);
    }
    if (query.lastError().isValid())
        return R::failure(m_server->failure(query.lastError(), what));
    return out;
}

Status ServerKnowledgeSource::exportTo(const QString &path) const
{
    return Status::failure(QStringLiteral("%1: the knowledge rows stay on %2; import the tables as a copy to export them").arg(path, describe()));
}

Status ServerKnowledgeSource::isolate() const { return m_server->mark(); }
Status ServerKnowledgeSource::keep() const { return m_server->release(); }
Status ServerKnowledgeSource::discard() const { return m_server->undo(); }
bool ServerKnowledgeSource::recovered() const { return m_server->answers(); }

} // namespace assay
