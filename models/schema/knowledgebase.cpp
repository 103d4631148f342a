#include "schema/knowledgebase.h"

#include "project/database.h"
#include "project/transaction.h"
#include "schema/knowledgeconnection.h"
#include "schema/knowledgevalue.h"

#include <QDateTime>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace assay {

namespace {
Status fail(const QString &m) { return Status::failure(m); }

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
} // namespace

KnowledgeBase::KnowledgeBase(Database &db, QString projectPath, QObject *parent)
    : QObject(parent), m_db(db), m_projectPath(std::move(projectPath))
{
    static_cast<void>(loadStructure()); // a failure is kept in loadError() and logged
}

Status KnowledgeBase::loadStructure()
{
    m_tables.clear();
    m_rowCache.clear();
    m_source = Source::None;
    m_linkedPath.clear();
    auto source = m_db.prepare(QStringLiteral("SELECT kind, path FROM knowledge_source WHERE id = 1"));
    auto t = m_db.prepare(QStringLiteral("SELECT id, name, description, position FROM knowledge_table ORDER BY position, id"));
    auto c = m_db.prepare(QStringLiteral("SELECT id, table_id, name, type, position, description, is_pk, "
                                         "coalesce(fk_column, 0), meaningful FROM knowledge_column ORDER BY position, id"));
    Status read = !source ? Status::failure(source) : !t ? Status::failure(t) : !c ? Status::failure(c) : Status();
    if (read)
        read = source.value().forEach([&](const Statement &r) {
            m_source = r.text(0) == QLatin1String("linked") ? Source::Linked : Source::Embedded;
            m_linkedPath = r.text(1);
        });
    if (read)
        read = t.value().forEach([&](const Statement &r) { m_tables.append({r.integer(0), r.text(1), r.text(2), int(r.integer(3)), {}}); });
    if (read)
        read = c.value().forEach([&](const Statement &r) {
            KnowledgeColumn col{r.integer(0), r.integer(1), r.text(2), r.text(3), int(r.integer(4)),
                                r.text(5), r.integer(6) != 0, r.integer(7), r.integer(8) != 0};
            if (KnowledgeTable *tab = mutableTable(col.tableId))
                tab->columns.append(col);
        });
    if (!read) {
        // The structure shown would be partial: show none, and say why.
        m_tables.clear();
        m_loadError = read.error();
        qWarning("Knowledge schema: %s", qPrintable(read.error()));
        return read;
    }
    m_loadError.clear();
    if (m_source == Source::None && !m_tables.isEmpty())
        m_source = Source::Embedded;
    return {};
}

Status KnowledgeBase::reload()
{
    const Status loaded = loadStructure();
    emit reloaded();
    emit tablesChanged();
    return loaded;
}

Status KnowledgeBase::setSource(Source source, const QString &linkedPath, const QString &importedFrom)
{
    auto s = m_db.prepare(QStringLiteral("INSERT INTO knowledge_source(id, kind, path, imported_from, imported_at) VALUES (1, ?, ?, ?, ?) "
                                         "ON CONFLICT(id) DO UPDATE SET kind = excluded.kind, path = excluded.path, "
                                         "imported_from = excluded.imported_from, imported_at = excluded.imported_at"));
    if (!s)
        return fail(s.error());
    s.value().bind(1, source == Source::Linked ? QStringLiteral("linked") : QStringLiteral("embedded"));
    s.value().bind(2, source == Source::Linked ? QVariant(linkedPath) : QVariant());
    s.value().bind(3, importedFrom).bind(4, QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    return s.value().run();
}

const KnowledgeTable *KnowledgeBase::table(qint64 tableId) const
{
    for (const KnowledgeTable &t : m_tables)
        if (t.id == tableId)
            return &t;
    return nullptr;
}

KnowledgeTable *KnowledgeBase::mutableTable(qint64 tableId)
{
    return const_cast<KnowledgeTable *>(table(tableId));
}

const KnowledgeTable *KnowledgeBase::tableNamed(const QString &name) const
{
    for (const KnowledgeTable &t : m_tables)
        if (t.name.compare(name, Qt::CaseInsensitive) == 0)
            return &t;
    return nullptr;
}

const KnowledgeColumn *KnowledgeBase::column(qint64 columnId) const
{
    for (const KnowledgeTable &t : m_tables)
        if (const KnowledgeColumn *c = t.column(columnId))
            return c;
    return nullptr;
}

QString KnowledgeBase::qualifiedName(qint64 columnId) const
{
    const KnowledgeColumn *c = column(columnId);
    const KnowledgeTable *t = c ? table(c->tableId) : nullptr;
    return t ? t->name + QLatin1Char('.') + c->name : QString();
}

QString KnowledgeBase::nameProblem(const QString &name)
{
    if (name.trimmed().isEmpty())
        return QStringLiteral("a name cannot be empty");
    if (name != name.trimmed())
        return QStringLiteral("a name cannot start or end with spaces");
    static const QRegularExpression bad(QStringLiteral("[.\\[\\]\"'`]"));
    if (bad.match(name).hasMatch())
        return QStringLiteral("'%1' contains . [ ] or a quote, which placeholders like '[Table.Column]' cannot hold").arg(name);
    if (name.startsWith(QLatin1String("sqlite_"), Qt::CaseInsensitive))
        return QStringLiteral("names starting with sqlite_ are reserved by SQLite");
    return {};
}

Status KnowledgeBase::refuseIfLinked(const QString &what) const
{
    if (isLinked())
        return fail(QStringLiteral("cannot %1: the knowledge database %2 is linked read-only; import it as a copy to edit it")
                        .arg(what, m_linkedPath));
    return {};
}

Status KnowledgeBase::checkTableName(const QString &name, qint64 exceptId) const
{
    if (const QString p = nameProblem(name); !p.isEmpty())
        return fail(p);
    if (const KnowledgeTable *t = tableNamed(name); t && t->id != exceptId)
        return fail(QStringLiteral("a table named '%1' already exists").arg(t->name));
    return {};
}

Result<QVector<KnowledgeRow>> KnowledgeBase::rows(qint64 tableId) const
{
    using R = Result<QVector<KnowledgeRow>>;
    const KnowledgeTable *t = table(tableId);
    if (!t)
        return R::failure(QStringLiteral("no knowledge table with id %1").arg(tableId));
    if (auto it = m_rowCache.constFind(tableId); it != m_rowCache.constEnd())
        return *it;
    QVector<KnowledgeRow> out;
    if (isLinked()) {
        auto conn = KnowledgeConnection::openLinked(m_linkedPath);
        if (!conn)
            return R::failure(conn.error());
        auto result = conn.value().query(QStringLiteral("SELECT * FROM %1").arg(Database::quoteIdentifier(t->name)));
        if (!result)
            return R::failure(QStringLiteral("%1: table %2: %3").arg(m_linkedPath, t->name, result.error()));
        const auto &r = result.value();
        for (int i = 0; i < r.rows.size(); ++i) {
            KnowledgeRow row{i + 1, double(i + 1), {}};
            for (int c = 0; c < r.columns.size(); ++c)
                if (const KnowledgeColumn *col = t->columnNamed(r.columns[c]))
                    row.values.insert(col->id, r.rows[i][c]);
            out.append(row);
        }
    } else {
        auto s = m_db.prepare(QStringLiteral("SELECT id, position, vals FROM knowledge_row WHERE table_id = ? ORDER BY position, id"));
        if (!s)
            return R::failure(s.error());
        s.value().bind(1, tableId);
        if (auto read = s.value().forEach([&](const Statement &r) { out.append({r.integer(0), r.real(1), decodeValues(r.text(2))}); }); !read)
            return R::failure(read);
    }
    m_rowCache.insert(tableId, out);
    return out;
}

Result<qint64> KnowledgeBase::rowCount(qint64 tableId) const
{
    auto r = rows(tableId);
    if (!r)
        return Result<qint64>::failure(r.error());
    return qint64(r.value().size());
}

Result<qint64> KnowledgeBase::addTable(const QString &name, qint64 reuseId)
{
    using R = Result<qint64>;
    if (auto s = refuseIfLinked(QStringLiteral("add a table")); !s)
        return R::failure(s.error());
    if (auto s = checkTableName(name, 0); !s)
        return R::failure(s.error());
    int position = 0;
    for (const KnowledgeTable &t : m_tables)
        position = std::max(position, t.position + 1);
    auto s = m_db.prepare(QStringLiteral("INSERT INTO knowledge_table(id, name, position) VALUES (?, ?, ?)"));
    if (!s)
        return R::failure(s.error());
    s.value().bind(1, reuseId ? QVariant(reuseId) : QVariant()).bind(2, name).bind(3, position);
    if (auto r = s.value().run(); !r)
        return R::failure(r.error());
    const qint64 id = reuseId ? reuseId : m_db.lastInsertId();
    if (m_source == Source::None)
        if (auto source = setSource(Source::Embedded, {}, QStringLiteral("editor")); !source)
            return R::failure(source);
    if (auto loaded = loadStructure(); !loaded)
        return R::failure(loaded);
    emit tablesChanged();
    return id;
}

Status KnowledgeBase::renameTable(qint64 tableId, const QString &name)
{
    if (auto s = refuseIfLinked(QStringLiteral("rename a table")); !s)
        return s;
    if (auto s = checkTableName(name, tableId); !s)
        return s;
    auto s = m_db.prepare(QStringLiteral("UPDATE knowledge_table SET name = ? WHERE id = ?"));
    if (!s)
        return Status::failure(s);
    s.value().bind(1, name).bind(2, tableId);
    if (auto r = s.value().run(); !r)
        return r;
    mutableTable(tableId)->name = name;
    emit tablesChanged();
    return {};
}

Result<KnowledgeBase::TableSnapshot> KnowledgeBase::removeTable(qint64 tableId)
{
    using R = Result<TableSnapshot>;
    if (auto s = refuseIfLinked(QStringLiteral("delete a table")); !s)
        return R::failure(s.error());
    const KnowledgeTable *t = table(tableId);
    if (!t)
        return R::failure(QStringLiteral("no knowledge table with id %1").arg(tableId));
    TableSnapshot snap;
    snap.table = *t;
    auto r = rows(tableId);
    if (!r)
        return R::failure(r.error());
    snap.rows = r.value();
    for (const KnowledgeTable &other : m_tables)
        for (const KnowledgeColumn &c : other.columns)
            if (c.foreignKey && other.id != tableId && t->column(c.foreignKey))
                snap.incomingForeignKeys.append({c.id, c.foreignKey});
    auto s = m_db.prepare(QStringLiteral("DELETE FROM knowledge_table WHERE id = ?"));
    if (!s)
        return R::failure(s);
    s.value().bind(1, tableId);
    if (auto d = s.value().run(); !d)
        return R::failure(d.error());
    if (auto loaded = loadStructure(); !loaded)
        return R::failure(loaded);
    emit tablesChanged();
    return snap;
}

Status KnowledgeBase::insertSnapshot(const TableSnapshot &snap)
{
    auto t = m_db.prepare(QStringLiteral("INSERT INTO knowledge_table(id, name, description, position) VALUES (?, ?, ?, ?)"));
    if (!t)
        return Status::failure(t);
    t.value().bind(1, snap.table.id).bind(2, snap.table.name).bind(3, snap.table.description).bind(4, snap.table.position);
    if (auto r = t.value().run(); !r)
        return r;
    auto c = m_db.prepare(QStringLiteral("INSERT INTO knowledge_column(id, table_id, name, type, position, description, is_pk, "
                                         "fk_column, meaningful) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?)"));
    if (!c)
        return Status::failure(c);
    for (const KnowledgeColumn &col : snap.table.columns) {
        c.value().reset();
        c.value().bindAll({col.id, snap.table.id, col.name, col.type, col.position, col.description, col.primaryKey, col.meaningful});
        if (auto r = c.value().run(); !r)
            return r;
    }
    for (const KnowledgeRow &row : snap.rows)
        if (auto r = writeRow(snap.table.id, row); !r)
            return r;
    return {};
}

// Foreign keys are set after every table of a restore exists, since they may point anywhere.
static Status linkForeignKeys(Database &db, const QVector<QPair<qint64, qint64>> &links)
{
    auto fk = db.prepare(QStringLiteral("UPDATE knowledge_column SET fk_column = ? WHERE id = ?"));
    if (!fk)
        return Status::failure(fk);
    for (const auto &[from, to] : links) {
        fk.value().reset();
        fk.value().bind(1, to).bind(2, from);
        if (auto r = fk.value().run(); !r)
            return r;
    }
    return {};
}

Status KnowledgeBase::restoreTable(const TableSnapshot &snap)
{
    if (auto s = refuseIfLinked(QStringLiteral("restore a table")); !s)
        return s;
    if (auto s = checkTableName(snap.table.name, 0); !s)
        return s;
    Transaction tx(m_db);
    if (auto r = insertSnapshot(snap); !r)
        return r;
    QVector<QPair<qint64, qint64>> links = snap.incomingForeignKeys;
    for (const KnowledgeColumn &col : snap.table.columns)
        if (col.foreignKey)
            links.append({col.id, col.foreignKey});
    if (auto r = linkForeignKeys(m_db, links); !r)
        return r;
    if (auto r = tx.commit(); !r)
        return r;
    if (auto loaded = loadStructure(); !loaded)
        return loaded;
    emit tablesChanged();
    return {};
}

Result<KnowledgeBase::Snapshot> KnowledgeBase::snapshot() const
{
    Snapshot snap{m_source, m_linkedPath, {}};
    for (const KnowledgeTable &t : m_tables) {
        TableSnapshot ts{t, {}, {}};
        if (!isLinked()) {
            auto r = rows(t.id);
            if (!r)
                return Result<Snapshot>::failure(r.error());
            ts.rows = r.value();
        }
        snap.tables.append(ts);
    }
    return snap;
}

Status KnowledgeBase::restore(const Snapshot &snap)
{
    Transaction tx(m_db);
    if (auto r = m_db.exec(QStringLiteral("DELETE FROM knowledge_table; DELETE FROM knowledge_source")); !r)
        return r;
    if (snap.source != Source::None)
        if (auto r = setSource(snap.source, snap.linkedPath, QStringLiteral("undo")); !r)
            return r;
    QVector<QPair<qint64, qint64>> links;
    for (const TableSnapshot &t : snap.tables) {
        if (auto r = insertSnapshot(t); !r)
            return r;
        for (const KnowledgeColumn &col : t.table.columns)
            if (col.foreignKey)
                links.append({col.id, col.foreignKey});
    }
    if (auto r = linkForeignKeys(m_db, links); !r)
        return r;
    if (auto r = tx.commit(); !r)
        return r;
    return reload();
}

Result<qint64> KnowledgeBase::addColumn(qint64 tableId, const KnowledgeColumn &column)
{
    using R = Result<qint64>;
    if (auto s = refuseIfLinked(QStringLiteral("add a column")); !s)
        return R::failure(s.error());
    const KnowledgeTable *t = table(tableId);
    if (!t)
        return R::failure(QStringLiteral("no knowledge table with id %1").arg(tableId));
    if (const QString p = nameProblem(column.name); !p.isEmpty())
        return R::failure(p);
    if (t->columnNamed(column.name))
        return R::failure(QStringLiteral("table %1 already has a column named '%2'").arg(t->name, column.name));
    int position = column.position;
    if (!column.id) {
        position = 0;
        for (const KnowledgeColumn &c : t->columns)
            position = std::max(position, c.position + 1);
    }
    auto s = m_db.prepare(QStringLiteral("INSERT INTO knowledge_column(id, table_id, name, type, position, description, is_pk, "
                                         "fk_column, meaningful) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    if (!s)
        return R::failure(s);
    s.value().bindAll({column.id ? QVariant(column.id) : QVariant(), tableId, column.name, column.type, position,
                       column.description, column.primaryKey,
                       column.foreignKey ? QVariant(column.foreignKey) : QVariant(), column.meaningful});
    if (auto r = s.value().run(); !r)
        return R::failure(r.error());
    const qint64 id = column.id ? column.id : m_db.lastInsertId();
    if (auto loaded = loadStructure(); !loaded)
        return R::failure(loaded);
    emit columnsChanged(tableId);
    return id;
}

Status KnowledgeBase::updateColumn(const KnowledgeColumn &column)
{
    const KnowledgeColumn *old = this->column(column.id);
    if (!old)
        return fail(QStringLiteral("no knowledge column with id %1").arg(column.id));
    const bool structural = old->name != column.name || old->type != column.type ||
                            old->primaryKey != column.primaryKey || old->foreignKey != column.foreignKey;
    if (structural)
        if (auto s = refuseIfLinked(QStringLiteral("change a column")); !s)
            return s;
    const KnowledgeTable *t = table(old->tableId);
    if (old->name != column.name) {
        if (const QString p = nameProblem(column.name); !p.isEmpty())
            return fail(p);
        if (const KnowledgeColumn *other = t->columnNamed(column.name); other && other->id != column.id)
            return fail(QStringLiteral("table %1 already has a column named '%2'").arg(t->name, other->name));
    }
    if (column.foreignKey && (column.foreignKey == column.id || !this->column(column.foreignKey)))
        return fail(QStringLiteral("column %1 cannot reference itself or a missing column").arg(column.name));
    auto s = m_db.prepare(QStringLiteral("UPDATE knowledge_column SET name = ?, type = ?, description = ?, is_pk = ?, "
                                         "fk_column = ?, meaningful = ? WHERE id = ?"));
    if (!s)
        return Status::failure(s);
    s.value().bindAll({column.name, column.type, column.description, column.primaryKey,
                       column.foreignKey ? QVariant(column.foreignKey) : QVariant(), column.meaningful, column.id});
    if (auto r = s.value().run(); !r)
        return r;
    const qint64 tableId = old->tableId;
    if (auto loaded = loadStructure(); !loaded)
        return loaded;
    emit columnsChanged(tableId);
    return {};
}

Result<KnowledgeBase::ColumnSnapshot> KnowledgeBase::removeColumn(qint64 columnId)
{
    using R = Result<ColumnSnapshot>;
    if (auto s = refuseIfLinked(QStringLiteral("delete a column")); !s)
        return R::failure(s.error());
    const KnowledgeColumn *c = column(columnId);
    if (!c)
        return R::failure(QStringLiteral("no knowledge column with id %1").arg(columnId));
    ColumnSnapshot snap{*c, {}};
    for (const KnowledgeTable &t : m_tables)
        for (const KnowledgeColumn &other : t.columns)
            if (other.foreignKey == columnId)
                snap.incomingForeignKeys.append({other.id, columnId});
    auto s = m_db.prepare(QStringLiteral("DELETE FROM knowledge_column WHERE id = ?"));
    if (!s)
        return R::failure(s);
    s.value().bind(1, columnId);
    if (auto r = s.value().run(); !r)
        return R::failure(r.error());
    if (auto loaded = loadStructure(); !loaded)
        return R::failure(loaded);
    emit columnsChanged(snap.column.tableId);
    return snap;
}

Status KnowledgeBase::restoreColumn(const ColumnSnapshot &snap)
{
    Transaction tx(m_db);
    auto added = addColumn(snap.column.tableId, snap.column);
    if (!added)
        return fail(added.error());
    auto fk = m_db.prepare(QStringLiteral("UPDATE knowledge_column SET fk_column = ? WHERE id = ?"));
    if (!fk)
        return Status::failure(fk);
    for (const auto &[from, to] : snap.incomingForeignKeys) {
        fk.value().reset();
        fk.value().bind(1, to).bind(2, from);
        if (auto r = fk.value().run(); !r)
            return r;
    }
    if (auto r = tx.commit(); !r)
        return r;
    if (auto loaded = loadStructure(); !loaded)
        return loaded;
    emit columnsChanged(snap.column.tableId);
    return {};
}

Status KnowledgeBase::writeRow(qint64 tableId, const KnowledgeRow &row)
{
    auto s = m_db.prepare(QStringLiteral("INSERT INTO knowledge_row(id, table_id, position, vals) VALUES (?, ?, ?, ?) "
                                         "ON CONFLICT(id) DO UPDATE SET position = excluded.position, vals = excluded.vals"));
    s.value().bindAll({row.id ? QVariant(row.id) : QVariant(), tableId, row.position, encodeValues(row.values)});
    return s.value().run();
}

Status KnowledgeBase::setCell(qint64 tableId, qint64 rowId, qint64 columnId, const QVariant &value)
{
    if (auto s = refuseIfLinked(QStringLiteral("edit a cell")); !s)
        return s;
    auto r = rows(tableId);
    if (!r)
        return fail(r.error());
    QVector<KnowledgeRow> &cached = m_rowCache[tableId];
    auto it = std::find_if(cached.begin(), cached.end(), [rowId](const KnowledgeRow &x) { return x.id == rowId; });
    if (it == cached.end())
        return fail(QStringLiteral("no row %1 in table %2").arg(rowId).arg(table(tableId)->name));
    KnowledgeRow updated = *it;
    if (value.isValid() && !value.isNull())
        updated.values.insert(columnId, value);
    else
        updated.values.remove(columnId);
    if (auto w = writeRow(tableId, updated); !w)
        return w;
    *it = updated;
    emit cellChanged(tableId, rowId, columnId);
    return {};
}

Result<qint64> KnowledgeBase::insertRow(qint64 tableId, const KnowledgeRow &row)
{
    using R = Result<qint64>;
    if (auto s = refuseIfLinked(QStringLiteral("add a row")); !s)
        return R::failure(s.error());
    auto existing = rows(tableId);
    if (!existing)
        return R::failure(existing.error());
    KnowledgeRow r = row;
    if (r.position == 0)
        r.position = existing.value().isEmpty() ? 1.0 : existing.value().constLast().position + 1.0;
    if (auto w = writeRow(tableId, r); !w)
        return R::failure(w.error());
    if (!r.id)
        r.id = m_db.lastInsertId();
    m_rowCache.remove(tableId);
    emit rowsChanged(tableId);
    return r.id;
}

Result<QVector<KnowledgeRow>> KnowledgeBase::removeRows(qint64 tableId, const QVector<qint64> &rowIds)
{
    using R = Result<QVector<KnowledgeRow>>;
    if (auto s = refuseIfLinked(QStringLiteral("delete rows")); !s)
        return R::failure(s.error());
    auto existing = rows(tableId);
    if (!existing)
        return R::failure(existing.error());
    QVector<KnowledgeRow> removed;
    for (const KnowledgeRow &r : existing.value())
        if (rowIds.contains(r.id))
            removed.append(r);
    Transaction tx(m_db);
    auto s = m_db.prepare(QStringLiteral("DELETE FROM knowledge_row WHERE id = ? AND table_id = ?"));
    if (!s)
        return R::failure(s);
    for (const KnowledgeRow &r : removed) {
        s.value().reset();
        s.value().bind(1, r.id).bind(2, tableId);
        if (auto d = s.value().run(); !d)
            return R::failure(d.error());
    }
    if (auto c = tx.commit(); !c)
        return R::failure(c.error());
    m_rowCache.remove(tableId);
    emit rowsChanged(tableId);
    return removed;
}

} // namespace assay
