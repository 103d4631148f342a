#include "schema/schemavalidator.h"

#include "schema/knowledgebase.h"
#include "schema/knowledgevalue.h"

#include <QHash>
#include <QSet>

namespace assay {

namespace {
SchemaIssue issue(SchemaIssue::Severity s, qint64 table, qint64 column, qint64 row, QString message)
{
    return {s, table, column, row, std::move(message)};
}
} // namespace

QVector<SchemaIssue> SchemaValidator::validate(const KnowledgeBase &kb)
{
    using S = SchemaIssue::Severity;
    QVector<SchemaIssue> out;
    QHash<QString, qint64> tableNames;
    for (const KnowledgeTable &t : kb.tables()) {
        if (tableNames.contains(t.name.toLower()))
            out << issue(S::Error, t.id, 0, 0, QStringLiteral("Duplicate table name '%1'").arg(t.name));
        tableNames.insert(t.name.toLower(), t.id);
        if (t.columns.isEmpty()) {
            out << issue(S::Error, t.id, 0, 0, QStringLiteral("Table %1 has no columns").arg(t.name));
            continue;
        }
        QSet<QString> columnNames;
        int pkColumns = 0;
        for (const KnowledgeColumn &c : t.columns) {
            if (columnNames.contains(c.name.toLower()))
                out << issue(S::Error, t.id, c.id, 0, QStringLiteral("Duplicate column name %1.%2").arg(t.name, c.name));
            columnNames.insert(c.name.toLower());
            pkColumns += c.primaryKey;
            if (c.foreignKey) {
                const KnowledgeColumn *target = kb.column(c.foreignKey);
                if (target && !KnowledgeValue::compatible(c.type, target->type))
                    out << issue(S::Error, t.id, c.id, 0,
                                 QStringLiteral("Foreign key type mismatch: %1.%2 (%3) references %4 (%5)")
                                     .arg(t.name, c.name, c.type, kb.qualifiedName(target->id), target->type));
                else if (target && (KnowledgeValue::affinity(c.type) != KnowledgeValue::affinity(target->type) ||
                                    KnowledgeValue::isDateType(c.type) != KnowledgeValue::isDateType(target->type)))
                    // Both numeric (or both text), but not the same type: SQL joins still match
                    // 1 with 1.0, yet a value shown or linked as "1" is not the key "1.0".
                    out << issue(S::Warning, t.id, c.id, 0,
                                 QStringLiteral("Foreign key types differ: %1.%2 (%3) references %4 (%5); give both columns the same type")
                                     .arg(t.name, c.name, c.type, kb.qualifiedName(target->id), target->type));
            }
        }
        if (pkColumns == 0)
            out << issue(S::Warning, t.id, 0, 0, QStringLiteral("Table %1 has no primary key").arg(t.name));

        auto rows = kb.rows(t.id);
        if (!rows && kb.isRemote()) {
            // A server not reached (the Schema page shows a table's own problems).
            if (kb.linkState().checked)
                out << issue(S::Warning, t.id, 0, 0, QStringLiteral("The rows on the linked server cannot be read now, so they are not checked"));
            continue;
        }
        if (!rows) {
            out << issue(S::Error, t.id, 0, 0, rows.error());
            continue;
        }
        if (rows.value().isEmpty()) {
            out << issue(S::Warning, t.id, 0, 0, QStringLiteral("Table %1 is empty: questions need rows to fill in").arg(t.name));
            continue;
        }
        int typeIssues = 0, keyIssues = 0, danglingIssues = 0;
        QSet<QString> keys;
        for (const KnowledgeColumn &c : t.columns) {
            QSet<QString> targetValues;
            // A linked server's rows are a preview of the first rows: a reference into rows not
            // previewed is not dangling (the server keeps its own foreign keys).
            const KnowledgeColumn *target = c.foreignKey && !kb.isRemote() ? kb.column(c.foreignKey) : nullptr;
            if (target) {
                if (auto targetRows = kb.rows(target->tableId))
                    for (const KnowledgeRow &r : targetRows.value())
                        targetValues.insert(KnowledgeValue::displayText(r.value(target->id)));
            }
            for (const KnowledgeRow &r : rows.value()) {
                const QVariant v = r.value(c.id);
                if (!KnowledgeValue::fits(c.type, v) && typeIssues++ < maxIssuesPerKind)
                    out << issue(S::Warning, t.id, c.id, r.id,
                                 QStringLiteral("%1.%2: '%3' is not a valid %4").arg(t.name, c.name, KnowledgeValue::displayText(v), c.type));
                if (target && !v.isNull() && v.isValid() && !targetValues.contains(KnowledgeValue::displayText(v)) &&
                    danglingIssues++ < maxIssuesPerKind)
                    out << issue(S::Warning, t.id, c.id, r.id,
                                 QStringLiteral("%1.%2: %3 matches no row of %4").arg(t.name, c.name, KnowledgeValue::displayText(v), kb.qualifiedName(target->id)));
            }
        }
        if (pkColumns > 0) {
            for (const KnowledgeRow &r : rows.value()) {
                QStringList parts;
                bool hasNull = false;
                for (const KnowledgeColumn &c : t.columns)
                    if (c.primaryKey) {
                        hasNull = hasNull || r.value(c.id).isNull() || !r.value(c.id).isValid();
                        parts << KnowledgeValue::displayText(r.value(c.id));
                    }
                const QString key = parts.join(QChar(0x1f));
                if ((hasNull || keys.contains(key)) && keyIssues++ < maxIssuesPerKind)
                    out << issue(S::Error, t.id, 0, r.id,
                                 hasNull ? QStringLiteral("%1: a row has an empty primary key").arg(t.name)
                                         : QStringLiteral("%1: primary key %2 appears twice").arg(t.name, parts.join(QStringLiteral(", "))));
                keys.insert(key);
            }
        }
    }
    return out;
}

} // namespace assay
