#include "schema/knowledgestore.h"

#include "project/database.h"
#include "project/transaction.h"
#include "schema/knowledgevalue.h"

#include <QDateTime>

#include <nlohmann/json.hpp>

namespace assay {

namespace {
QString encodeValues(const QHash<qint64, QVariant> &values)
{
    nlohmann::json j = nlohmann::json::object();
    for (auto it = values.begin(); it != values.end(); ++it)
        if (it.value().isValid() && !it.value().isNull())
            j[std::to_string(it.key())] = KnowledgeValue::toJson(it.value());
    return QString::fromStdString(j.dump());
}

QHash<qint64, QVariant> decodeValues(const QString &text)
{
    QHash<qint64, QVariant> values;
    const auto j = nlohmann::json::parse(text.toStdString(), nullptr, false);
    if (!j.is_object())
        return values;
    for (auto it = j.begin(); it != j.end(); ++it)
        values.insert(std::stoll(it.key()), KnowledgeValue::fromJson(it.value()));
    return values;
}

QVariant idOrNull(qint64 id) { return id ? QVariant(id) : QVariant(); }

} // namespace

KnowledgeStore::KnowledgeStore(Database &db) : m_db(db) {}

Result<KnowledgeStore::Structure> KnowledgeStore::structure() const
{
    using R = Result<Structure>;
    Structure st;
    Status read = m_db.each(QStringLiteral("SELECT kind, coalesce(path, ''), imported_from, coalesce(imported_at, '') FROM knowledge_source WHERE id = 1"), {},
                           [&](const Statement &r) {
        st.sourceKind = r.text(0);
        st.linkedPath = r.text(1);
        st.importedFrom = r.text(2);
        st.importedAt = r.text(3);
    });
    if (read)
        read = m_db.each(QStringLiteral("SELECT id, name, description, position FROM knowledge_table ORDER BY position, id"), {},
                         [&](const Statement &r) { st.tables.append({r.integer(0), r.text(1), r.text(2), int(r.integer(3)), {}}); });
    if (read)
        read = m_db.each(QStringLiteral("SELECT id, table_id, name, type, position, description, is_pk, coalesce(fk_column, 0), meaningful "
                                        "FROM knowledge_column ORDER BY position, id"),
                         {}, [&](const Statement &r) {
                             const KnowledgeColumn col{r.integer(0), r.integer(1), r.text(2), r.text(3), int(r.integer(4)),
                                                       r.text(5), r.integer(6) != 0, r.integer(7), r.integer(8) != 0};
                             for (KnowledgeTable &t : st.tables)
                                 if (t.id == col.tableId)
                                     t.columns.append(col);
                         });
    if (!read)
        return R::failure(read);
    return st;
}

Status KnowledgeStore::setSource(const QString &kind, const QString &linkedPath, const QString &importedFrom)
{
    return m_db.run(QStringLiteral("INSERT INTO knowledge_source(id, kind, path, imported_from, imported_at) VALUES (1, ?, ?, ?, ?) "
                                   "ON CONFLICT(id) DO UPDATE SET kind = excluded.kind, path = excluded.path, "
                                   "imported_from = excluded.imported_from, imported_at = excluded.imported_at"),
                    {kind, kind == QLatin1String("linked") ? QVariant(linkedPath) : QVariant(), importedFrom,
                     QDateTime::currentDateTimeUtc().toString(Qt::ISODate)});
}

Status KnowledgeStore::clear() { return m_db.exec(QStringLiteral("DELETE FROM knowledge_table; DELETE FROM knowledge_source")); }

Result<int> KnowledgeStore::nextTablePosition() const
{
    auto position = m_db.scalar(QStringLiteral("SELECT coalesce(max(position) + 1, 0) FROM knowledge_table"));
    if (!position)
        return Result<int>::failure(position);
    return position.value().toInt();
}

Result<qint64> KnowledgeStore::insertTable(qint64 id, const QString &name, const QString &description, int position)
{
    if (auto s = m_db.run(QStringLiteral("INSERT INTO knowledge_table(id, name, description, position) VALUES (?, ?, ?, ?)"),
                          {idOrNull(id), name, description, position});
        !s)
        return Result<qint64>::failure(s);
    return id ? id : m_db.lastInsertId();
}

Status KnowledgeStore::renameTable(qint64 tableId, const QString &name)
{
    return m_db.run(QStringLiteral("UPDATE knowledge_table SET name = ? WHERE id = ?"), {name, tableId});
}

Status KnowledgeStore::removeTable(qint64 tableId) { return m_db.run(QStringLiteral("DELETE FROM knowledge_table WHERE id = ?"), {tableId}); }

Result<qint64> KnowledgeStore::insertColumn(qint64 tableId, const KnowledgeColumn &c)
{
    auto s = m_db.cached(m_insertColumn,
                          QStringLiteral("INSERT INTO knowledge_column(id, table_id, name, type, position, description, is_pk, fk_column, meaningful) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    if (!s)
        return Result<qint64>::failure(s);
    s.value()->bindAll({idOrNull(c.id), tableId, c.name, c.type, c.position, c.description, c.primaryKey, idOrNull(c.foreignKey), c.meaningful});
    if (auto r = s.value()->run(); !r)
        return Result<qint64>::failure(r);
    return c.id ? c.id : m_db.lastInsertId();
}

Status KnowledgeStore::updateColumn(const KnowledgeColumn &c)
{
    return m_db.run(QStringLiteral("UPDATE knowledge_column SET name = ?, type = ?, description = ?, is_pk = ?, fk_column = ?, meaningful = ? WHERE id = ?"),
                    {c.name, c.type, c.description, c.primaryKey, idOrNull(c.foreignKey), c.meaningful, c.id});
}

Status KnowledgeStore::removeColumn(qint64 columnId) { return m_db.run(QStringLiteral("DELETE FROM knowledge_column WHERE id = ?"), {columnId}); }

Status KnowledgeStore::setForeignKeys(const QVector<QPair<qint64, qint64>> &links)
{
    auto fk = m_db.prepare(QStringLiteral("UPDATE knowledge_column SET fk_column = ? WHERE id = ?"));
    if (!fk)
        return Status::failure(fk);
    for (const auto &[from, to] : links) {
        fk.value().reset();
        fk.value().bindAll({idOrNull(to), from});
        if (auto r = fk.value().run(); !r)
            return r;
    }
    return {};
}

Result<QVector<KnowledgeRow>> KnowledgeStore::rows(qint64 tableId) const
{
    QVector<KnowledgeRow> out;
    const Status read = m_db.each(QStringLiteral("SELECT id, position, vals FROM knowledge_row WHERE table_id = ? ORDER BY position, id"), {tableId},
                                  [&](const Statement &r) { out.append({r.integer(0), r.real(1), decodeValues(r.text(2))}); });
    if (!read)
        return Result<QVector<KnowledgeRow>>::failure(read);
    return out;
}

Status KnowledgeStore::eachRowValues(qint64 tableId, const QVector<qint64> &columnIds, const std::function<Status(const Statement &)> &onRow) const
{
    QStringList values;
    for (qint64 id : columnIds)
        values << QStringLiteral("json_extract(vals, '$.\"%1\"')").arg(id);
    if (values.isEmpty())
        values << QStringLiteral("NULL");
    Status inner;
    const Status read = m_db.each(QStringLiteral("SELECT %1 FROM knowledge_row WHERE table_id = ? ORDER BY position, id").arg(values.join(QStringLiteral(", "))),
                                  {tableId}, [&](const Statement &r) { return bool(inner = onRow(r)); });
    if (!read)
        return Status::failure(QStringLiteral("rows of knowledge table %1: %2").arg(tableId).arg(read.error()), read.code());
    return inner;
}

Result<qint64> KnowledgeStore::writeRow(qint64 tableId, const KnowledgeRow &row)
{
    auto s = m_db.cached(m_writeRow,
                          QStringLiteral("INSERT INTO knowledge_row(id, table_id, position, vals) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT(id) DO UPDATE SET position = excluded.position, vals = excluded.vals"));
    if (!s)
        return Result<qint64>::failure(s);
    s.value()->bindAll({idOrNull(row.id), tableId, row.position, encodeValues(row.values)});
    if (auto r = s.value()->run(); !r)
        return Result<qint64>::failure(r);
    return row.id ? row.id : m_db.lastInsertId();
}

Status KnowledgeStore::removeRows(qint64 tableId, const QVector<qint64> &rowIds)
{
    Transaction tx(m_db);
    if (!tx.began())
        return tx.beginStatus();
    auto s = m_db.prepare(QStringLiteral("DELETE FROM knowledge_row WHERE id = ? AND table_id = ?"));
    if (!s)
        return Status::failure(s);
    for (qint64 id : rowIds) {
        s.value().reset();
        s.value().bindAll({id, tableId});
        if (auto d = s.value().run(); !d)
            return d;
    }
    return tx.commit();
}

} // namespace assay
