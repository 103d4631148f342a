#include "schema/sqliteknowledgesource.h"

#include "project/heldfiles.h"
#include "project/statement.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgevalue.h"

#include <QFileInfo>

#include <sqlite3.h>

namespace assay {

namespace {

int readOnlyAuthorizer(void *, int action, const char *, const char *, const char *, const char *)
{
    switch (action) {
    case SQLITE_SELECT:
    case SQLITE_READ:
    case SQLITE_FUNCTION:
    case SQLITE_RECURSIVE:
        return SQLITE_OK;
    default:
        return SQLITE_DENY; // writes, DDL, ATTACH, PRAGMA, transactions, ...
    }
}

Status copyTables(const KnowledgeBase &knowledge, Database &target)
{
    auto scratch = Database::open(QStringLiteral(":memory:"), Database::Mode::ReadWriteCreate);
    if (!scratch)
        return Status::failure(scratch.error());
    Database &db = scratch.value();
    sqlite3_limit(db.handle(), SQLITE_LIMIT_WORKER_THREADS, 2); // index builds sort on two threads
    if (auto s = db.exec(QStringLiteral("BEGIN")); !s)
        return s;
    for (const KnowledgeTable &t : knowledge.tables()) {
        // Keys are declared so the materialised database (and an export of it) keeps the
        // schema's meaning; foreign keys are not enforced (foreign_keys is off here).
        QStringList defs, pk;
        for (const KnowledgeColumn &c : t.columns) {
            QString def = Database::quoteIdentifier(c.name) + QLatin1Char(' ') + c.type;
            if (c.foreignKey) {
                const KnowledgeColumn *target = knowledge.column(c.foreignKey);
                if (const KnowledgeTable *tt = target ? knowledge.table(target->tableId) : nullptr)
                    def += QStringLiteral(" REFERENCES %1(%2)").arg(Database::quoteIdentifier(tt->name), Database::quoteIdentifier(target->name));
            }
            defs << def;
            if (c.primaryKey)
                pk << Database::quoteIdentifier(c.name);
        }
        if (!pk.isEmpty())
            defs << QStringLiteral("PRIMARY KEY (%1)").arg(pk.join(QStringLiteral(", ")));
        if (defs.isEmpty())
            continue; // a table without columns cannot exist in SQL; validation reports it
        if (auto s = db.exec(QStringLiteral("CREATE TABLE %1 (%2)").arg(Database::quoteIdentifier(t.name), defs.join(QStringLiteral(", ")))); !s)
            return Status::failure(QStringLiteral("table %1: %2").arg(t.name, s.error()));
        QStringList marks;
        for (int i = 0; i < t.columns.size(); ++i)
            marks << QStringLiteral("?");
        auto insert = db.prepare(QStringLiteral("INSERT INTO %1 VALUES (%2)").arg(Database::quoteIdentifier(t.name), marks.join(QLatin1Char(','))));
        if (!insert)
            return Status::failure(insert.error());
        Statement &ins = insert.value();
        qint64 position = 0;
        QVector<bool> blob;
        for (const KnowledgeColumn &c : t.columns)
            blob << (KnowledgeValue::affinity(c.type) == KnowledgeValue::Affinity::Blob);
        const Status copied = knowledge.eachRowValues(t.id, [&](const Statement &r) {
            ++position;
            ins.reset();
            for (int i = 0; i < t.columns.size(); ++i) {
                // json_extract gives a stored blob ({"$blob": base64}) as its JSON text.
                if (blob[i] && !r.isNull(i) && r.text(i).startsWith(QLatin1String("{\"$blob\"")))
                    ins.bind(i + 1, KnowledgeValue::fromJsonText(r.text(i)));
                else
                    ins.bindValueOf(i + 1, r, i);
            }
            if (auto s = ins.run(); !s)
                return Status::failure(QStringLiteral("table %1, row %2: %3").arg(t.name).arg(position).arg(s.error()));
            return Status();
        });
        if (!copied)
            return copied;
        // Fill-in runs one query per value of a condition column, so every column a question
        // may condition on (meaningful ones) and every join column gets an index.
        for (const KnowledgeColumn &c : t.columns) {
            if (!c.primaryKey && !c.foreignKey && !c.meaningful)
                continue;
            if (auto s = db.exec(QStringLiteral("CREATE INDEX %1 ON %2(%3)")
                                     .arg(Database::quoteIdentifier(QStringLiteral("assay_idx_%1").arg(c.id)),
                                          Database::quoteIdentifier(t.name), Database::quoteIdentifier(c.name)));
                !s)
                return s;
        }
    }
    if (auto s = db.exec(QStringLiteral("COMMIT")); !s)
        return s;

    sqlite3_int64 size = 0;
    unsigned char *bytes = sqlite3_serialize(db.handle(), "main", &size, 0);
    if (!bytes && size > 0)
        return Status::failure(QStringLiteral("out of memory while materialising the knowledge tables"));
    sqlite3 *ro = nullptr;
    if (sqlite3_open_v2(":memory:", &ro, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nullptr) != SQLITE_OK) {
        sqlite3_free(bytes);
        sqlite3_close_v2(ro);
        return Status::failure(QStringLiteral("cannot open the in-memory knowledge database"));
    }
    const int rc = sqlite3_deserialize(ro, "main", bytes, size, size,
                                       SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_READONLY);
    if (rc != SQLITE_OK) {
        sqlite3_close_v2(ro);
        return Status::failure(QStringLiteral("cannot load the knowledge database: %1").arg(QString::fromUtf8(sqlite3_errstr(rc))));
    }
    target = Database::adopt(ro, QStringLiteral("(knowledge tables of %1)").arg(knowledge.projectPath()));
    return {};
}

// A result row of a SQLite statement: SQLite's values are what the project stores.
class SqliteRow : public SourceRow {
public:
    explicit SqliteRow(const Statement &s) : m_s(s) {}
    QVariant raw(int column) const override { return m_s.value(column); }
    QVariant value(int column) const override { return m_s.value(column); }

private:
    const Statement &m_s;
};

class SqliteQuery : public SourceQuery {
public:
    explicit SqliteQuery(Statement s) : m_s(std::move(s))
    {
        for (int i = 0; i < m_s.columnCount(); ++i)
            m_columns << m_s.columnName(i);
    }
    Result<QStringList> columns() override { return m_columns; }
    Status run(const QVariantList &params, const std::function<bool(const SourceRow &)> &onRow) override
    {
        m_s.reset();
        m_s.bindAll(params);
        return m_s.forEach([&](const Statement &r) { return onRow(SqliteRow(r)); });
    }

private:
    Statement m_s;
    QStringList m_columns;
};

} // namespace

Result<std::unique_ptr<KnowledgeSource>> SqliteKnowledgeSource::materialise(const KnowledgeBase &knowledge)
{
    using R = Result<std::unique_ptr<KnowledgeSource>>;
    Database db;
    if (auto s = copyTables(knowledge, db); !s)
        return R::failure(s.error());
    if (auto s = guard(db); !s)
        return R::failure(s.error());
    return std::unique_ptr<KnowledgeSource>(new SqliteKnowledgeSource(std::move(db), QStringLiteral("the knowledge tables of %1").arg(knowledge.projectPath())));
}

Result<std::unique_ptr<KnowledgeSource>> SqliteKnowledgeSource::openFile(const QString &path)
{
    using R = Result<std::unique_ptr<KnowledgeSource>>;
    if (!QFileInfo::exists(path))
        return R::failure(QStringLiteral("%1: the linked knowledge database is missing (moved or deleted?)").arg(path));
    auto db = Database::open(path, Database::Mode::ReadOnly);
    if (!db)
        return R::failure(db.error());
    if (auto s = guard(db.value()); !s)
        return R::failure(s.error());
    return std::unique_ptr<KnowledgeSource>(new SqliteKnowledgeSource(db.take(), path));
}

Status SqliteKnowledgeSource::guard(Database &db)
{
    sqlite3 *h = db.handle();
    sqlite3_limit(h, SQLITE_LIMIT_ATTACHED, 0);
    // Large sorts (a set-based fill-in's GROUP BY over a million rows) may use a second
    // thread; SQLite uses it only for sorts big enough to gain from it.
    sqlite3_limit(h, SQLITE_LIMIT_WORKER_THREADS, 2);
    sqlite3_db_config(h, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(h, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
    if (auto s = db.exec(QStringLiteral("PRAGMA query_only = 1")); !s)
        return s;
    if (sqlite3_set_authorizer(h, readOnlyAuthorizer, nullptr) != SQLITE_OK)
        return Status::failure(QStringLiteral("cannot install the read-only authorizer"));
    return {};
}

Status SqliteKnowledgeSource::exportTo(const QString &path) const
{
    if (auto free = HeldFiles::checkFree(path); !free)
        return free; // the backup would overwrite a project or database in use
    auto target = Database::open(path, Database::Mode::ReadWriteCreate);
    if (!target)
        return Status::failure(target.error());
    sqlite3_backup *backup = sqlite3_backup_init(target.value().handle(), "main", m_db.handle(), "main");
    if (!backup)
        return Status::failure(QStringLiteral("%1: cannot export: %2").arg(path, target.value().lastError()));
    const int rc = sqlite3_backup_step(backup, -1);
    sqlite3_backup_finish(backup);
    if (rc != SQLITE_DONE)
        return Status::failure(QStringLiteral("%1: cannot export: %2").arg(path, QString::fromUtf8(sqlite3_errstr(rc))));
    return {};
}

Result<KnowledgeSource::Rows> SqliteKnowledgeSource::query(const QString &sql, const QVariantList &params, int maxRows) const
{
    using R = Result<Rows>;
    auto stmt = m_db.prepare(sql);
    if (!stmt)
        return R::failure(stmt.error());
    Statement &s = stmt.value();
    s.bindAll(params);
    Rows out;
    for (int i = 0; i < s.columnCount(); ++i)
        out.columns << s.columnName(i);
    if (maxRows == 0)
        return out;
    const Status read = s.forEach([&](const Statement &r) {
        QVariantList row;
        row.reserve(r.columnCount());
        for (int i = 0; i < r.columnCount(); ++i)
            row << r.value(i);
        out.rows << row;
        return maxRows < 0 || out.rows.size() < maxRows;
    });
    if (!read)
        return R::failure(s.error(), read.code());
    return out;
}

Result<std::unique_ptr<SourceQuery>> SqliteKnowledgeSource::prepare(const QString &sql, int) const
{
    using R = Result<std::unique_ptr<SourceQuery>>;
    auto stmt = m_db.prepare(sql);
    if (!stmt)
        return R::failure(stmt.error());
    return std::unique_ptr<SourceQuery>(new SqliteQuery(stmt.take()));
}

Result<QStringList> SqliteKnowledgeSource::check(const QString &sql, int) const
{
    using R = Result<QStringList>;
    auto stmt = m_db.prepare(sql);
    if (!stmt) {
        const QString e = stmt.error();
        if (e == QLatin1String("more than one statement"))
            return R::failure(QStringLiteral("more than one statement"));
        if (e.contains(QLatin1String("not authorized")))
            return R::failure(QStringLiteral("not read-only: %1").arg(e));
        return R::failure(QStringLiteral("SQLite cannot prepare it: %1").arg(e));
    }
    QStringList columns;
    for (int i = 0; i < stmt.value().columnCount(); ++i)
        columns << stmt.value().columnName(i);
    return columns;
}

Result<KnowledgeSource::Values> SqliteKnowledgeSource::distinctValues(const QString &table, const QString &column, const QString &) const
{
    using R = Result<Values>;
    const QString c = Database::quoteIdentifier(column);
    auto rows = query(QStringLiteral("SELECT DISTINCT %1 FROM %2 WHERE %1 IS NOT NULL ORDER BY %1").arg(c, Database::quoteIdentifier(table)));
    if (!rows)
        return R::failure(rows);
    Values out;
    out.stored.reserve(rows.value().rows.size());
    for (const QVariantList &r : rows.value().rows)
        out.stored << r.value(0);
    out.raw = out.stored;
    return out;
}

} // namespace assay
