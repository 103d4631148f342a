#include "schema/knowledgeimporter.h"


#include "project/project.h"
#include "project/transaction.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgesourceregistry.h"
#include "schema/knowledgestore.h"
#include "schema/knowledgevalue.h"

#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

namespace assay {

bool KnowledgeImporter::isSurrogate(const ImportedColumn &c)
{
    static const QRegularExpression idName(QStringLiteral("(^id$|_id$|^id_)"), QRegularExpression::CaseInsensitiveOption);
    // Numeric id columns only: Spider, for one, declares some ids REAL; a text key such as an
    // airport code is a meaningful value.
    const auto affinity = KnowledgeValue::affinity(c.type);
    const bool numeric = affinity == KnowledgeValue::Affinity::Integer || affinity == KnowledgeValue::Affinity::Real ||
                         affinity == KnowledgeValue::Affinity::Numeric;
    return (c.primaryKey || !c.foreignTable.isEmpty()) && numeric && idName.match(c.name).hasMatch();
}

Status KnowledgeImporter::validate(const ImportedSchema &schema)
{
    if (schema.tables.isEmpty())
        return Status::failure(QStringLiteral("%1: no tables to import").arg(schema.origin));
    QHash<QString, const ImportedTable *> byName;
    for (const ImportedTable &t : schema.tables) {
        if (const QString p = KnowledgeBase::nameProblem(t.name); !p.isEmpty())
            return Status::failure(QStringLiteral("%1: table name: %2").arg(t.origin, p));
        if (byName.contains(t.name.toLower()))
            return Status::failure(QStringLiteral("%1: duplicate table name '%2'").arg(t.origin, t.name));
        byName.insert(t.name.toLower(), &t);
        if (t.columns.isEmpty())
            return Status::failure(QStringLiteral("%1: table %2 has no columns").arg(t.origin, t.name));
        QSet<QString> columns;
        for (const ImportedColumn &c : t.columns) {
            if (const QString p = KnowledgeBase::nameProblem(c.name); !p.isEmpty())
                return Status::failure(QStringLiteral("%1: column %2: %3").arg(t.origin, c.name, p));
            if (columns.contains(c.name.toLower()))
                return Status::failure(QStringLiteral("%1: duplicate column name '%2'").arg(t.origin, c.name));
            columns.insert(c.name.toLower());
        }
    }
    for (const ImportedTable &t : schema.tables) {
        for (const ImportedColumn &c : t.columns) {
            if (c.foreignTable.isEmpty())
                continue;
            const ImportedTable *target = byName.value(c.foreignTable.toLower());
            if (!target)
                return Status::failure(QStringLiteral("%1: column %2.%3: foreign key references missing table '%4'")
                                           .arg(t.origin, t.name, c.name, c.foreignTable));
            int matches = 0;
            for (const ImportedColumn &tc : target->columns)
                matches += c.foreignColumn.isEmpty() ? tc.primaryKey
                                                     : tc.name.compare(c.foreignColumn, Qt::CaseInsensitive) == 0;
            if (matches != 1)
                return Status::failure(QStringLiteral("%1: column %2.%3: foreign key references %4 which %5")
                                           .arg(t.origin, t.name, c.name,
                                                c.foreignColumn.isEmpty() ? c.foreignTable + QStringLiteral("'s primary key")
                                                                          : c.foreignTable + QLatin1Char('.') + c.foreignColumn,
                                                c.foreignColumn.isEmpty() ? QStringLiteral("is not a single column")
                                                                          : QStringLiteral("does not exist")));
        }
    }
    return {};
}

Status KnowledgeImporter::precheck(const Project &project, const ImportedSchema &schema, const Options &options)
{
    if (auto s = validate(schema); !s)
        return s;
    const KnowledgeBase *kb = project.service<KnowledgeBase>();
    if (options.replace)
        return {};
    if (!options.linkPath.isEmpty() && !kb->tables().isEmpty())
        return Status::failure(QStringLiteral("%1: the project already has knowledge tables; a linked database replaces them "
                                              "(use --replace)").arg(project.path()));
    if (kb->isLinked())
        return Status::failure(QStringLiteral("%1: the project's knowledge is linked to %2; use --replace to import instead")
                                   .arg(project.path(), kb->linkedPath()));
    for (const ImportedTable &t : schema.tables)
        if (const KnowledgeTable *existing = kb->tableNamed(t.name))
            return Status::failure(QStringLiteral("%1: duplicate table name: the project already has a table '%2' (use --replace)")
                                       .arg(t.origin, existing->name));
    return {};
}

Result<KnowledgeImporter::Report> KnowledgeImporter::import(Project &project, const ImportedSchema &schema,
                                                            const Options &options)
{
    using R = Result<Report>;
    if (auto s = precheck(project, schema, options); !s)
        return R::failure(s.error());
    KnowledgeBase *kb = project.service<KnowledgeBase>();
    const bool linking = !options.linkPath.isEmpty();

    Database &db = project.database();
    Transaction tx(db);
    if (!tx.began())
        return R::failure(tx.beginStatus().error());
    KnowledgeStore store(db);
    if (options.replace)
        if (auto s = store.clear(); !s)
            return R::failure(s);
    if (auto s = kb->setSource(linking ? KnowledgeBase::Source::Linked : KnowledgeBase::Source::Embedded,
                               linking ? KnowledgeSourceRegistry::canonical(options.linkPath) : QString(),
                               schema.origin);
        !s)
        return R::failure(s.error());

    auto position = store.nextTablePosition();
    if (!position)
        return R::failure(position);
    int tablePosition = position.value();
    QHash<QString, QHash<QString, qint64>> columnIds; // table (lower) → column (lower) → id
    QHash<QString, QString> primaryKeyOf;              // table (lower) → pk column (lower)
    Report report;
    for (const ImportedTable &t : schema.tables) {
        auto table = store.insertTable(0, t.name, t.description, tablePosition++);
        if (!table)
            return R::failure(QStringLiteral("%1: %2").arg(t.origin, table.error()), table.code());
        const qint64 tableId = table.value();
        QVector<qint64> ids;
        for (int i = 0; i < t.columns.size(); ++i) {
            const ImportedColumn &c = t.columns[i];
            auto column = store.insertColumn(tableId, KnowledgeColumn{0, tableId, c.name, c.type, i, c.description, c.primaryKey, 0, !isSurrogate(c)});
            if (!column)
                return R::failure(QStringLiteral("%1: column %2: %3").arg(t.origin, c.name, column.error()), column.code());
            ids << column.value();
            columnIds[t.name.toLower()].insert(c.name.toLower(), ids.constLast());
            if (c.primaryKey)
                primaryKeyOf.insert(t.name.toLower(), c.name.toLower());
        }
        ++report.tables;
        if (linking)
            continue;
        double rowPosition = 1;
        for (const QVariantList &row : t.rows) {
            KnowledgeRow stored{0, rowPosition++, {}};
            for (int i = 0; i < row.size() && i < ids.size(); ++i)
                stored.values.insert(ids[i], row[i]);
            if (auto s = store.writeRow(tableId, stored); !s)
                return R::failure(QStringLiteral("%1: row %2: %3").arg(t.origin).arg(qint64(stored.position)).arg(s.error()), s.code());
            ++report.rows;
        }
    }
    QVector<QPair<qint64, qint64>> links;
    for (const ImportedTable &t : schema.tables) {
        for (const ImportedColumn &c : t.columns) {
            if (c.foreignTable.isEmpty())
                continue;
            const QString target = c.foreignTable.toLower();
            const QString targetColumn = c.foreignColumn.isEmpty() ? primaryKeyOf.value(target) : c.foreignColumn.toLower();
            links.append({columnIds[t.name.toLower()].value(c.name.toLower()), columnIds[target].value(targetColumn)});
        }
    }
    if (auto s = store.setForeignKeys(links); !s)
        return R::failure(s);
    if (auto s = tx.commit(); !s)
        return R::failure(s.error());
    if (auto loaded = kb->reload(); !loaded)
        return R::failure(loaded);
    return report;
}

} // namespace assay
