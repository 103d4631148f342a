#include "schema/knowledgebase.h"

#include "project/database.h"
#include "project/project.h"
#include "project/transaction.h"
#include "schema/knowledgesnapshotwriter.h"
#include "schema/knowledgestore.h"
#include "schema/knowledgevalue.h"

#include <QDateTime>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace assay {

namespace {
Status fail(const QString &m) { return Status::failure(m); }

} // namespace

KnowledgeBase::KnowledgeBase(Database &db, QString projectPath, QObject *parent)
    : QObject(parent), m_db(db), m_projectPath(std::move(projectPath)), m_rows(db)
{
    static_cast<void>(loadStructure()); // a failure is kept in loadError() and logged
}

Status KnowledgeBase::loadStructure()
{
    m_tables.clear();
    m_source = Source::None;
    m_linkedPath.clear();
    m_importedFrom.clear();
    m_importedAt.clear();
    auto structure = KnowledgeStore(m_db).structure();
    const Status read = structure ? Status() : Status::failure(structure);
    if (read) {
        if (!structure.value().sourceKind.isEmpty())
            m_source = structure.value().sourceKind == QLatin1String("linked") ? Source::Linked : Source::Embedded;
        m_linkedPath = structure.value().linkedPath;
        m_importedFrom = structure.value().importedFrom;
        m_importedAt = structure.value().importedAt;
        m_tables = structure.value().tables;
    }
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
    m_rows.setLocation(isLinked() ? m_linkedPath : QString());
    return {};
}

Status KnowledgeBase::reload()
{
    const Status loaded = loadStructure();
    emit reloaded();
    emit tablesChanged();
    return loaded;
}

void KnowledgeBase::applyLinkState(const LinkCheck::State &state)
{
    m_rows.applyLinkState(state);
    emit linkChecked();
    emit tablesChanged();
}

Status KnowledgeBase::setSource(Source source, const QString &linkedPath, const QString &importedFrom)
{
    return KnowledgeStore(m_db).setSource(source == Source::Linked ? QStringLiteral("linked") : QStringLiteral("embedded"), linkedPath, importedFrom);
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
    const KnowledgeTable *t = table(tableId);
    if (!t)
        return Result<QVector<KnowledgeRow>>::failure(QStringLiteral("no knowledge table with id %1").arg(tableId));
    return m_rows.rows(*t);
}

Status KnowledgeBase::eachRowValues(qint64 tableId, const std::function<Status(const Statement &)> &onRow) const
{
    const KnowledgeTable *t = table(tableId);
    if (!t)
        return Status::failure(QStringLiteral("no knowledge table with id %1").arg(tableId));
    if (isLinked())
        return Status::failure(QStringLiteral("table %1 is in the linked database %2, not in the project").arg(t->name, m_linkedPath));
    QVector<qint64> columns;
    for (const KnowledgeColumn &c : t->columns)
        columns << c.id;
    return KnowledgeStore(m_db).eachRowValues(tableId, columns, onRow);
}

Result<qint64> KnowledgeBase::rowCount(qint64 tableId) const
{
    const KnowledgeTable *t = table(tableId);
    if (!t)
        return Result<qint64>::failure(QStringLiteral("no knowledge table with id %1").arg(tableId));
    return m_rows.rowCount(*t);
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
    auto inserted = KnowledgeStore(m_db).insertTable(reuseId, name, QString(), position);
    if (!inserted)
        return R::failure(inserted);
    const qint64 id = inserted.value();
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
    if (auto r = KnowledgeStore(m_db).renameTable(tableId, name); !r)
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
    if (auto d = KnowledgeStore(m_db).removeTable(tableId); !d)
        return R::failure(d);
    if (auto loaded = loadStructure(); !loaded)
        return R::failure(loaded);
    emit tablesChanged();
    return snap;
}

Status KnowledgeBase::restoreTable(const TableSnapshot &snap)
{
    if (auto s = refuseIfLinked(QStringLiteral("restore a table")); !s)
        return s;
    if (auto s = checkTableName(snap.table.name, 0); !s)
        return s;
    if (auto r = KnowledgeSnapshotWriter::writeTable(m_db, snap); !r)
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
    if (auto r = KnowledgeSnapshotWriter::writeAll(m_db, snap); !r)
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
    KnowledgeColumn stored = column;
    stored.position = position;
    auto inserted = KnowledgeStore(m_db).insertColumn(tableId, stored);
    if (!inserted)
        return R::failure(inserted);
    const qint64 id = inserted.value();
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
    if (auto r = KnowledgeStore(m_db).updateColumn(column); !r)
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
    if (auto r = KnowledgeStore(m_db).removeColumn(columnId); !r)
        return R::failure(r);
    if (auto loaded = loadStructure(); !loaded)
        return R::failure(loaded);
    emit columnsChanged(snap.column.tableId);
    return snap;
}

Status KnowledgeBase::restoreColumn(const ColumnSnapshot &snap)
{
    Transaction tx(m_db);
    if (!tx.began())
        return tx.beginStatus();
    auto added = addColumn(snap.column.tableId, snap.column);
    if (!added)
        return fail(added.error());
    if (auto r = KnowledgeStore(m_db).setForeignKeys(snap.incomingForeignKeys); !r)
        return r;
    if (auto r = tx.commit(); !r)
        return r;
    if (auto loaded = loadStructure(); !loaded)
        return loaded;
    emit columnsChanged(snap.column.tableId);
    return {};
}

Status KnowledgeBase::writeRow(qint64 tableId, const KnowledgeRow &row)
{
    auto written = KnowledgeStore(m_db).writeRow(tableId, row);
    return written ? Status() : Status::failure(written);
}

Status KnowledgeBase::setCell(qint64 tableId, qint64 rowId, qint64 columnId, const QVariant &value)
{
    if (auto s = refuseIfLinked(QStringLiteral("edit a cell")); !s)
        return s;
    auto r = rows(tableId);
    if (!r)
        return fail(r.error());
    QVector<KnowledgeRow> &cached = *m_rows.cached(tableId); // read just above
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
    auto written = KnowledgeStore(m_db).writeRow(tableId, r);
    if (!written)
        return R::failure(written);
    r.id = written.value();
    m_rows.forget(tableId);
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
    QVector<qint64> ids;
    for (const KnowledgeRow &r : removed)
        ids << r.id;
    if (auto d = KnowledgeStore(m_db).removeRows(tableId, ids); !d)
        return R::failure(d);
    m_rows.forget(tableId);
    emit rowsChanged(tableId);
    return removed;
}


std::unique_ptr<KnowledgeBase> KnowledgeBase::createFor(Project &project)
{
    return std::make_unique<KnowledgeBase>(project.database(), project.path());
}

} // namespace assay
