#include "schema/sqliteschemareader.h"

#include "project/database.h"

#include <QFileInfo>

#include <sqlite3.h>

namespace assay {

Result<ImportedSchema> SqliteSchemaReader::readFile(const QString &path, bool withRows)
{
    using R = Result<ImportedSchema>;
    if (!QFileInfo(path).isFile())
        return R::failure(QStringLiteral("%1: no such file").arg(path));
    if (QFileInfo(path).size() == 0)
        return R::failure(QStringLiteral("%1: not an SQLite database (the file is empty)").arg(path));
    // The header is read by SQLite itself: the file may be a database this process holds
    // (a linked knowledge base), whose locks another descriptor would drop when closed.
    auto db = Database::open(path, Database::Mode::ReadOnly);
    if (!db)
        return R::failure(db.error());
    if (auto header = db.value().scalar(QStringLiteral("PRAGMA schema_version")); !header) {
        if ((sqlite3_extended_errcode(db.value().handle()) & 0xff) == SQLITE_NOTADB)
            return R::failure(QStringLiteral("%1: not an SQLite database").arg(path));
        return R::failure(QStringLiteral("%1: %2").arg(path, header.error()), header.code());
    }
    return read(db.value(), path, withRows);
}

Result<ImportedSchema> SqliteSchemaReader::read(const Database &db, const QString &origin, bool withRows)
{
    using R = Result<ImportedSchema>;
    ImportedSchema schema;
    schema.origin = origin;
    auto names = db.prepare(QStringLiteral(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid"));
    if (!names)
        return R::failure(QStringLiteral("%1: %2").arg(origin, names.error()));
    const Status listed = names.value().forEach([&](const Statement &r) {
        ImportedTable t;
        t.name = r.text(0);
        t.origin = QStringLiteral("%1 (table %2)").arg(origin, t.name);
        schema.tables.append(t);
    });
    if (!listed)
        return R::failure(QStringLiteral("%1: %2").arg(origin, names.value().error()), listed.code());
    for (ImportedTable &t : schema.tables) {
        const QString q = Database::quoteIdentifier(t.name);
        auto info = db.prepare(QStringLiteral("PRAGMA table_info(%1)").arg(q));
        if (!info)
            return R::failure(QStringLiteral("%1: %2").arg(t.origin, info.error()));
        Status read = info.value().forEach([&](const Statement &r) {
            ImportedColumn c;
            c.name = r.text(1);
            c.type = r.text(2).trimmed();
            if (c.type.isEmpty())
                c.type = QStringLiteral("TEXT");
            c.primaryKey = r.integer(5) > 0;
            t.columns.append(c);
        });
        auto fks = db.prepare(QStringLiteral("PRAGMA foreign_key_list(%1)").arg(q));
        if (read && !fks)
            read = Status::failure(fks);
        if (read)
            read = fks.value().forEach([&](const Statement &r) {
                const QString from = r.text(3);
                for (ImportedColumn &c : t.columns) {
                    if (c.name.compare(from, Qt::CaseInsensitive) == 0) {
                        c.foreignTable = r.text(2);
                        c.foreignColumn = r.text(4);
                    }
                }
            });
        if (!read)
            return R::failure(QStringLiteral("%1: %2").arg(t.origin, read.error()));
        if (!withRows)
            continue;
        auto rows = db.prepare(QStringLiteral("SELECT * FROM %1").arg(q));
        if (!rows)
            return R::failure(QStringLiteral("%1: %2").arg(t.origin, rows.error()));
        int rowNumber = 0;
        while (true) {
            auto next = rows.value().next();
            if (!next)
                return R::failure(QStringLiteral("%1: %2").arg(t.origin, rows.value().error()), next.code());
            if (!next.value())
                break;
            ++rowNumber;
            QVariantList values;
            for (int i = 0; i < rows.value().columnCount(); ++i) {
                const QVariant v = rows.value().value(i);
                if (v.typeId() == QMetaType::QByteArray)
                    return R::failure(QStringLiteral("%1, row %2, column %3: binary data (BLOB) cannot be a knowledge value")
                                          .arg(t.origin)
                                          .arg(rowNumber)
                                          .arg(rows.value().columnName(i)));
                values << v;
            }
            t.rows.append(values);
        }
    }
    return schema;
}

} // namespace assay
