#include "generation/ruleenumerator.h"

#include "project/database.h"
#include "schema/knowledgebase.h"
#include "schema/knowledgevalue.h"
#include "schema/knowledgesourceregistry.h"

#include <QRegularExpression>

namespace assay {

RuleEnumerator::Dialect RuleEnumerator::dialectOf(const KnowledgeBase &knowledge) { return KnowledgeSourceRegistry::dialectOf(knowledge); }

QString RuleEnumerator::identifier(const QString &name, Dialect dialect)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    static const QRegularExpression lowerPlain(QStringLiteral("^[a-z_][a-z0-9_]*$"));
    switch (dialect) {
    case Dialect::Postgres: // unquoted names fold to lower case
        return lowerPlain.match(name).hasMatch() ? name : Database::quoteIdentifier(name);
    case Dialect::MySql:
        return plain.match(name).hasMatch() ? name : QStringLiteral("`%1`").arg(QString(name).replace(QLatin1Char('`'), QStringLiteral("``")));
    case Dialect::SQLite:
        break;
    }
    return plain.match(name).hasMatch() ? name : Database::quoteIdentifier(name);
}

namespace {
QVector<const KnowledgeColumn *> meaningful(const KnowledgeTable &t)
{
    QVector<const KnowledgeColumn *> out;
    for (const KnowledgeColumn &c : t.columns)
        if (c.meaningful)
            out.append(&c);
    return out;
}

// The placeholder as compared: MySQL compares text exactly only between binary strings.
QString placeholder(const KnowledgeTable &t, const KnowledgeColumn &c, RuleEnumerator::Dialect dialect)
{
    const QString token = QStringLiteral("'[%1.%2]'").arg(t.name, c.name);
    if (dialect == RuleEnumerator::Dialect::MySql && KnowledgeValue::affinity(c.type) == KnowledgeValue::Affinity::Text)
        return QStringLiteral("BINARY ") + token;
    return token;
}
} // namespace

QStringList RuleEnumerator::enumerate(const KnowledgeBase &kb, const Options &options)
{
    QStringList out;
    const Dialect dialect = dialectOf(kb);
    const auto identifier = [dialect](const QString &name) { return RuleEnumerator::identifier(name, dialect); };
    const auto placeholder = [dialect](const KnowledgeTable &t, const KnowledgeColumn &c) { return ::assay::placeholder(t, c, dialect); };
    auto add = [&out](const QString &sql) {
        if (!out.contains(sql))
            out << sql;
    };
    for (const KnowledgeTable &t : kb.tables()) {
        const auto cols = meaningful(t);
        const QString T = identifier(t.name);
        for (const KnowledgeColumn *target : cols) {
            for (int i = 0; i < cols.size(); ++i) {
                const KnowledgeColumn *c1 = cols[i];
                if (c1 == target)
                    continue;
                if (options.singleCondition)
                    add(QStringLiteral("SELECT %1 FROM %2 WHERE %3 = %4;")
                            .arg(identifier(target->name), T, identifier(c1->name), placeholder(t, *c1)));
                if (!options.twoConditions)
                    continue;
                for (int j = i + 1; j < cols.size(); ++j) {
                    const KnowledgeColumn *c2 = cols[j];
                    if (c2 == target)
                        continue;
                    add(QStringLiteral("SELECT %1 FROM %2 WHERE %3 = %4 AND %5 = %6;")
                            .arg(identifier(target->name), T, identifier(c1->name), placeholder(t, *c1),
                                 identifier(c2->name), placeholder(t, *c2)));
                }
            }
        }
    }
    // Joins along each foreign key A.f → B.k, in both directions.
    QVector<QPair<const KnowledgeTable *, const KnowledgeColumn *>> foreignKeys;
    for (const KnowledgeTable &a : kb.tables())
        for (const KnowledgeColumn &f : a.columns)
            if (f.foreignKey && kb.column(f.foreignKey))
                foreignKeys.append({&a, &f});
    if (options.joins) {
        for (const auto &[a, f] : foreignKeys) {
            const KnowledgeColumn *k = kb.column(f->foreignKey);
            const KnowledgeTable *b = kb.table(k->tableId);
            if (b == a)
                continue;
            const QString from = QStringLiteral("FROM %1 a JOIN %2 b ON a.%3 = b.%4")
                                     .arg(identifier(a->name), identifier(b->name), identifier(f->name), identifier(k->name));
            for (const KnowledgeColumn *target : meaningful(*a))
                for (const KnowledgeColumn *cond : meaningful(*b))
                    add(QStringLiteral("SELECT a.%1 %2 WHERE b.%3 = %4;").arg(identifier(target->name), from, identifier(cond->name), placeholder(*b, *cond)));
            for (const KnowledgeColumn *target : meaningful(*b))
                for (const KnowledgeColumn *cond : meaningful(*a))
                    add(QStringLiteral("SELECT b.%1 %2 WHERE a.%3 = %4;").arg(identifier(target->name), from, identifier(cond->name), placeholder(*a, *cond)));
        }
    }
    if (options.associations) {
        for (const KnowledgeTable &a : kb.tables()) {
            QVector<const KnowledgeColumn *> fks;
            for (const auto &[table, f] : foreignKeys)
                if (table == &a)
                    fks.append(f);
            for (int i = 0; i < fks.size(); ++i) {
                for (int j = i + 1; j < fks.size(); ++j) {
                    const KnowledgeColumn *k1 = kb.column(fks[i]->foreignKey), *k2 = kb.column(fks[j]->foreignKey);
                    const KnowledgeTable *b1 = kb.table(k1->tableId), *b2 = kb.table(k2->tableId);
                    if (b1 == b2 || b1 == &a || b2 == &a)
                        continue;
                    const QString from = QStringLiteral("FROM %1 a JOIN %2 x ON a.%3 = x.%4 JOIN %5 y ON a.%6 = y.%7")
                                             .arg(identifier(a.name), identifier(b1->name), identifier(fks[i]->name), identifier(k1->name),
                                                  identifier(b2->name), identifier(fks[j]->name), identifier(k2->name));
                    for (const KnowledgeColumn *target : meaningful(a))
                        for (const KnowledgeColumn *c1 : meaningful(*b1))
                            for (const KnowledgeColumn *c2 : meaningful(*b2))
                                add(QStringLiteral("SELECT a.%1 %2 WHERE x.%3 = %4 AND y.%5 = %6;")
                                        .arg(identifier(target->name), from, identifier(c1->name), placeholder(*b1, *c1),
                                             identifier(c2->name), placeholder(*b2, *c2)));
                }
            }
        }
    }
    return out;
}

} // namespace assay
