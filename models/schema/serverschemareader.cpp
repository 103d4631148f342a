#include "schema/serverschemareader.h"

#include "schema/serverconnection.h"
#include "schema/servertypemap.h"

#include <QHash>
#include <QMap>
#include <QSqlError>
#include <QSqlQuery>

namespace assay {

namespace {

bool isPostgres(const ServerConnection &c)
{
    return c.location().dialect == ServerLocation::Dialect::Postgres;
}

ImportedTable *tableNamed(ImportedSchema &schema, const QString &name)
{
    for (ImportedTable &t : schema.tables)
        if (t.name == name)
            return &t;
    return nullptr;
}

ImportedColumn *columnNamed(ImportedTable &table, const QString &name)
{
    for (ImportedColumn &c : table.columns)
        if (c.name == name)
            return &c;
    return nullptr;
}

} // namespace

Result<QVector<ServerTable>> ServerSchemaReader::tables(const ServerConnection &c, const QStringList &counted)
{
    using R = Result<QVector<ServerTable>>;
    const QString sql = isPostgres(c)
        ? QStringLiteral("SELECT c.relname, coalesce(obj_description(c.oid, 'pg_class'), '') FROM pg_class c "
                         "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relkind IN ('r', 'p') "
                         "ORDER BY c.relname")
        : QStringLiteral("SELECT TABLE_NAME, TABLE_COMMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? "
                         "AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME");
    auto rows = c.select(sql, {c.location().effectiveSchema()});
    if (!rows)
        return R::failure(rows);
    QVector<ServerTable> result;
    for (const QVariantList &row : rows.value()) {
        ServerTable t{row[0].toString(), 0, row[1].toString()};
        if (!counted.isEmpty() && !counted.contains(t.name)) {
            result << t; // not picked: not counted
            continue;
        }
        auto count = c.select(QStringLiteral("SELECT count(*) FROM %1").arg(c.qualified(t.name)));
        if (!count)
            return R::failure(count);
        t.rows = count.value().value(0).value(0).toLongLong();
        result << t;
    }
    return result;
}

Result<QVector<ServerTable>> ServerSchemaReader::listTables(const ServerLocation &location)
{
    auto connection = ServerConnection::open(location);
    if (!connection)
        return Result<QVector<ServerTable>>::failure(connection);
    return tables(*connection.value());
}

Status ServerSchemaReader::readColumns(const ServerConnection &c, ImportedSchema &schema, QStringList &typeNotes,
                                       QHash<QString, QString> &serverTypes)
{
    const QString sql = isPostgres(c)
        ? QStringLiteral("SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod), coalesce(col_description(c.oid, a.attnum), '') "
                         "FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace "
                         "WHERE n.nspname = ? AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped "
                         "ORDER BY c.relname, a.attnum")
        : QStringLiteral("SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, COLUMN_COMMENT FROM information_schema.COLUMNS "
                         "WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, ORDINAL_POSITION");
    auto rows = c.select(sql, {c.location().effectiveSchema()});
    if (!rows)
        return Status::failure(rows);
    QMap<QString, int> mapped; // "server type → Assay type" → columns
    for (const QVariantList &row : rows.value()) {
        ImportedTable *t = tableNamed(schema, row[0].toString());
        if (!t)
            continue; // not picked
        ImportedColumn column;
        column.name = row[1].toString();
        const QString serverType = row[2].toString();
        column.type = ServerTypeMap::assayType(c.location().dialect, serverType);
        column.description = row[3].toString();
        t->columns << column;
        serverTypes.insert(t->name + QLatin1Char('\x1f') + column.name, serverType);
        mapped[QStringLiteral("%1 → %2").arg(serverType, column.type)] += 1;
    }
    for (auto it = mapped.cbegin(); it != mapped.cend(); ++it)
        typeNotes << QStringLiteral("%1 (%2)").arg(it.key()).arg(it.value());
    return {};
}

Status ServerSchemaReader::readKeys(const ServerConnection &c, ImportedSchema &schema)
{
    // One row per key column: table, 'p' or 'f', column, referenced schema, table and column.
    const QString sql = isPostgres(c)
        ? QStringLiteral("SELECT c.relname, con.contype, a.attname, coalesce(fn.nspname, ''), coalesce(fc.relname, ''), coalesce(fa.attname, '') "
                         "FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace "
                         "CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord) "
                         "JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum "
                         "LEFT JOIN pg_class fc ON fc.oid = con.confrelid LEFT JOIN pg_namespace fn ON fn.oid = fc.relnamespace "
                         "LEFT JOIN pg_attribute fa ON fa.attrelid = con.confrelid AND fa.attnum = con.confkey[k.ord] "
                         "WHERE n.nspname = ? AND con.contype IN ('p', 'f') ORDER BY c.relname, con.conname, k.ord")
        : QStringLiteral("SELECT TABLE_NAME, CASE WHEN CONSTRAINT_NAME = 'PRIMARY' THEN 'p' ELSE 'f' END, COLUMN_NAME, "
                         "coalesce(REFERENCED_TABLE_SCHEMA, ''), coalesce(REFERENCED_TABLE_NAME, ''), coalesce(REFERENCED_COLUMN_NAME, '') "
                         "FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = ? "
                         "AND (CONSTRAINT_NAME = 'PRIMARY' OR REFERENCED_TABLE_NAME IS NOT NULL) "
                         "ORDER BY TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION");
    auto rows = c.select(sql, {c.location().effectiveSchema()});
    if (!rows)
        return Status::failure(rows);
    for (const QVariantList &row : rows.value()) {
        ImportedTable *t = tableNamed(schema, row[0].toString());
        ImportedColumn *column = t ? columnNamed(*t, row[2].toString()) : nullptr;
        if (!column)
            continue;
        if (row[1].toString() == QLatin1String("p")) {
            column->primaryKey = true;
            continue;
        }
        const QString targetSchema = row[3].toString(), target = row[4].toString();
        ImportedTable *targetTable = targetSchema == c.location().effectiveSchema() ? tableNamed(schema, target) : nullptr;
        if (!targetTable) {
            schema.notes << QStringLiteral("%1.%2 refers to %3.%4, which is not imported: kept as a plain column")
                                .arg(t->name, column->name, targetSchema, target);
            continue;
        }
        column->foreignTable = target;
        column->foreignColumn = row[5].toString();
    }
    return {};
}

Result<ImportedSchema> ServerSchemaReader::read(const ServerLocation &location, const QStringList &picked, const Progress &progress,
                                                bool withRows)
{
    using R = Result<ImportedSchema>;
    auto opened = ServerConnection::open(location);
    if (!opened)
        return R::failure(opened);
    const ServerConnection &c = *opened.value();
    auto available = tables(c, picked);
    if (!available)
        return R::failure(available);
    ImportedSchema schema;
    schema.origin = location.describe();
    qint64 total = 0;
    QHash<QString, qint64> counts;
    for (const ServerTable &t : available.value()) {
        if (!picked.isEmpty() && !picked.contains(t.name))
            continue;
        schema.tables << ImportedTable{t.name, QStringLiteral("%1: table %2").arg(schema.origin, t.name), t.description, {}, {}};
        counts.insert(t.name, t.rows);
        total += t.rows;
    }
    for (const QString &name : picked)
        if (!counts.contains(name))
            return R::failure(QStringLiteral("%1: no table '%2' (tables: %3)")
                                  .arg(schema.origin, name,
                                       [&] {
                                           QStringList names;
                                           for (const ServerTable &t : available.value())
                                               names << t.name;
                                           return names.isEmpty() ? QStringLiteral("none") : names.join(QStringLiteral(", "));
                                       }()));
    if (schema.tables.isEmpty())
        return R::failure(QStringLiteral("%1: the schema has no tables").arg(schema.origin));
    QStringList typeNotes;
    QHash<QString, QString> serverTypes;
    if (auto s = readColumns(c, schema, typeNotes, serverTypes); !s)
        return R::failure(s.error());
    if (auto s = readKeys(c, schema); !s)
        return R::failure(s.error());
    schema.notes.prepend(QStringLiteral("Column types: %1").arg(typeNotes.join(QStringLiteral(", "))));

    if (!withRows)
        return schema;
    qint64 done = 0;
    if (progress && !progress(0, total, QString()))
        return R::cancelled();
    for (ImportedTable &t : schema.tables) {
        QStringList columns, keys, types;
        for (const ImportedColumn &column : t.columns) {
            types << serverTypes.value(t.name + QLatin1Char('\x1f') + column.name);
            // PostgreSQL writes money in the server's locale ("$12.34"): read as a number.
            const bool money = isPostgres(c) && serverTypes.value(t.name + QLatin1Char('\x1f') + column.name) == QLatin1String("money");
            columns << c.quote(column.name) + (money ? QStringLiteral("::numeric") : QString());
            if (column.primaryKey)
                keys << c.quote(column.name);
        }
        // In key order, so that the rows keep one order from import to import. PostgreSQL
        // streams one query row by row; Qt's MySQL driver takes a whole result into memory
        // before the first row, so MySQL's rows come in chunks in the snapshot: bounded memory,
        // and progress, cancel and a lost connection seen between chunks. A single-column key
        // pages by the key (WHERE key > the last one: each chunk starts where the index is),
        // other tables by LIMIT/OFFSET.
        const QString order = (keys.isEmpty() ? columns : keys).join(QStringLiteral(", "));
        const QString from = QStringLiteral("SELECT %1 FROM %2").arg(columns.join(QStringLiteral(", ")), c.qualified(t.name));
        const qint64 chunk = isPostgres(c) ? 0 : 50'000;
        int keyColumn = -1;
        for (int i = 0; keys.size() == 1 && i < t.columns.size(); ++i)
            if (t.columns[i].primaryKey)
                keyColumn = i;
        QVariant lastKey;
        t.rows.reserve(int(qMin<qint64>(counts.value(t.name), 50'000'000)));
        std::unique_ptr<QSqlQuery> query;
        for (qint64 offset = 0;; offset += chunk) {
            QString sql = QStringLiteral("%1 ORDER BY %2").arg(from, order);
            QVariantList params;
            if (chunk && keyColumn >= 0) {
                sql = lastKey.isValid() ? QStringLiteral("%1 WHERE %2 > ? ORDER BY %2 LIMIT %3").arg(from, keys.constFirst()).arg(chunk)
                                        : QStringLiteral("%1 ORDER BY %2 LIMIT %3").arg(from, keys.constFirst()).arg(chunk);
                if (lastKey.isValid())
                    params << lastKey;
            } else if (chunk) {
                sql += QStringLiteral(" LIMIT %1 OFFSET %2").arg(chunk).arg(offset);
            }
            auto opened = c.stream(sql, params);
            if (!opened)
                return R::failure(t.rows.isEmpty() ? opened.error()
                                                   : QStringLiteral("%1 (reading table %2 stopped after %3 of %4 rows)")
                                                         .arg(opened.error(), t.name).arg(t.rows.size()).arg(counts.value(t.name)));
            query = opened.take();
            QSqlQuery &q = *query;
            qint64 inChunk = 0;
            while (q.next()) {
                QVariantList row;
                row.reserve(t.columns.size());
                for (int i = 0; i < t.columns.size(); ++i)
                    row << ServerTypeMap::value(t.columns[i].type, q.value(i), types[i]);
                if (keyColumn >= 0)
                    lastKey = q.value(keyColumn);
                t.rows << row;
                ++inChunk;
                if (++done % 4096 == 0 && progress && !progress(done, total, t.name))
                    return R::cancelled();
            }
            if (!chunk || inChunk < chunk || q.lastError().isValid())
                break;
            if (progress && !progress(done, total, t.name))
                return R::cancelled();
        }
        QSqlQuery &q = *query;
        const QString stopped = QStringLiteral("reading table %1 stopped after %2 of %3 rows").arg(t.name).arg(t.rows.size()).arg(counts.value(t.name));
        if (q.lastError().isValid())
            return R::failure(c.failure(q.lastError(), stopped));
        // The count was read in the same snapshot, so fewer rows mean the stream broke off
        // (Qt's MySQL driver ends a broken stream as if it were complete).
        if (t.rows.size() != counts.value(t.name)) {
            auto alive = c.select(QStringLiteral("SELECT 1"));
            return R::failure(alive ? QStringLiteral("%1: %2 (the server sent fewer rows than it counted; nothing was imported, try again)").arg(schema.origin, stopped)
                                    : QStringLiteral("%1 (%2)").arg(alive.error(), stopped));
        }
        if (progress && !progress(done, total, t.name))
            return R::cancelled();
    }
    return schema;
}

} // namespace assay
