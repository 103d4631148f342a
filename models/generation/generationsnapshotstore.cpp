#include "generation/generationsnapshotstore.h"

#include "project/database.h"
#include "project/transaction.h"

#include <QStringList>

#include <atomic>

namespace assay {

namespace {

const char *const kSchema = "assay_undo";

// Parents first: restoring inserts in this order and deletes in the reverse one.
QStringList generationTables()
{
    return {QStringLiteral("sql_template"), QStringLiteral("text_form"), QStringLiteral("text_template"), QStringLiteral("query_group"),
            QStringLiteral("query")};
}

QString snapshotTable(const QString &name, const QString &table)
{
    return QStringLiteral("%1.%2").arg(QLatin1String(kSchema), Database::quoteIdentifier(name + QLatin1Char('_') + table));
}

} // namespace

Status GenerationSnapshotStore::attach()
{
    bool attached = false;
    const Status listed = m_db.each(QStringLiteral("PRAGMA database_list"), {}, [&](const Statement &row) {
        attached = attached || row.text(1) == QLatin1String(kSchema);
        return true;
    });
    if (!listed)
        return listed;
    if (attached)
        return Status();
    return m_db.exec(QStringLiteral("ATTACH DATABASE ':memory:' AS %1").arg(QLatin1String(kSchema)));
}

Result<QString> GenerationSnapshotStore::save()
{
    using R = Result<QString>;
    static std::atomic<int> next{0};
    if (auto a = attach(); !a)
        return R::failure(a);
    const QString name = QStringLiteral("s%1").arg(++next);
    Transaction tx(m_db);
    for (const QString &table : generationTables())
        if (auto s = m_db.exec(QStringLiteral("CREATE TABLE %1 AS SELECT * FROM main.%2").arg(snapshotTable(name, table), table)); !s)
            return R::failure(QStringLiteral("Keeping a copy of %1 for undo failed: %2").arg(table, s.error()));
    if (auto c = tx.commit(); !c)
        return R::failure(c);
    return name;
}

Status GenerationSnapshotStore::restore(const QString &name)
{
    const QStringList tables = generationTables();
    Transaction tx(m_db);
    for (auto it = tables.crbegin(); it != tables.crend(); ++it)
        if (auto s = m_db.exec(QStringLiteral("DELETE FROM main.%1").arg(*it)); !s)
            return s;
    for (const QString &table : tables)
        if (auto s = m_db.exec(QStringLiteral("INSERT INTO main.%1 SELECT * FROM %2").arg(table, snapshotTable(name, table))); !s)
            return Status::failure(QStringLiteral("Restoring %1 failed: %2").arg(table, s.error()));
    return tx.commit();
}

Status GenerationSnapshotStore::drop(const QString &name)
{
    for (const QString &table : generationTables())
        if (auto s = m_db.exec(QStringLiteral("DROP TABLE IF EXISTS %1").arg(snapshotTable(name, table))); !s)
            return s;
    return Status();
}

} // namespace assay
