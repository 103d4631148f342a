#include "generation/serverfillin.h"

#include "generation/setbasedfillin.h"
#include "project/database.h"
#include "schema/knowledgeconnection.h"
#include "schema/knowledgevalue.h"
#include "schema/serverconnection.h"
#include "schema/servertypemap.h"

#include <QSqlError>
#include <QSqlQuery>

namespace assay {

namespace {

// The columns after the answer that hold document ids (as FillInEngine reads them).
QVector<QPair<int, bool>> documentColumns(const QStringList &columns)
{
    QVector<QPair<int, bool>> out;
    for (int c = 1; c < columns.size(); ++c) {
        const QString name = columns[c].toLower();
        if (name == QLatin1String("doc_id") || name == QLatin1String("doc_ids") || name == QLatin1String("document_id"))
            out.append({c, name == QLatin1String("doc_ids")});
    }
    return out;
}

// Reads one result row of the template's columns (from `offset` on) into the group: the
// answer from the first row, the documents from every row.
void addRow(const QSqlQuery &q, int offset, const QVector<QPair<int, bool>> &docColumns, SemanticGroup &g)
{
    if (g.rowCount == 0) {
        const QVariant answer = q.value(offset);
        g.answer = answer.isNull() ? QString() : KnowledgeValue::displayText(ServerTypeMap::resultValue(answer));
    }
    for (const auto &[c, list] : docColumns)
        g.addDocumentIds(KnowledgeValue::displayText(ServerTypeMap::resultValue(q.value(c + offset))), list);
    ++g.rowCount;
}

} // namespace

ServerFillIn::ServerFillIn(const KnowledgeConnection &connection) : m_connection(connection), m_server(*connection.server()) {}

QString ServerFillIn::sortKey(const Placeholder &p, const QString &reference) const
{
    const QString type = m_connection.columnType(p.table, p.column);
    const auto affinity = KnowledgeValue::affinity(type);
    if (!type.isEmpty() && affinity != KnowledgeValue::Affinity::Text)
        return reference; // numbers, dates and bytes compare and sort alike everywhere
    if (m_server.location().dialect == ServerLocation::Dialect::Postgres)
        return QStringLiteral("CAST(%1 AS text) COLLATE \"C\"").arg(reference);
    return QStringLiteral("BINARY %1").arg(reference);
}

QVariant ServerFillIn::stored(const Placeholder &p, const QVariant &raw) const
{
    const QString type = m_connection.columnType(p.table, p.column);
    return type.isEmpty() ? ServerTypeMap::resultValue(raw) : ServerTypeMap::value(type, raw);
}

Result<ServerFillIn::Values> ServerFillIn::distinctValues(const Placeholder &p) const
{
    using R = Result<Values>;
    const QString column = Database::quoteIdentifier(p.column);
    const QString key = sortKey(p, column);
    // MIN() of a group of identical values is that value: MySQL's DISTINCT would merge values
    // its collation calls equal ('a', 'A'), grouping by the exact key does not.
    auto q = m_server.prepare(QStringLiteral("SELECT min(%1) FROM %2 WHERE %1 IS NOT NULL GROUP BY %3 ORDER BY %3")
                                  .arg(column, Database::quoteIdentifier(p.table), key),
                              QStringLiteral("cannot read the values of %1").arg(p.token()));
    if (!q)
        return R::failure(q);
    QSqlQuery &query = *q.value();
    if (!query.exec())
        return R::failure(m_server.failure(query.lastError(), QStringLiteral("cannot read the values of %1").arg(p.token())));
    Values out;
    while (query.next()) {
        out.raw << query.value(0);
        out.converted << stored(p, query.value(0));
    }
    if (query.lastError().isValid())
        return R::failure(m_server.failure(query.lastError(), QStringLiteral("cannot read the values of %1").arg(p.token())));
    return out;
}

Result<FillInEngine::Outcome> ServerFillIn::read(FillInEngine &engine, const SqlTemplate &t, const std::function<bool()> &cancelled,
                                                 FillInEngine::Path path, const Add &add) const
{
    using R = Result<FillInEngine::Outcome>;
    // The template's columns, from one execution with every placeholder NULL.
    QVector<int> marks;
    const QString sql = t.positional(&marks);
    auto columns = m_server.probe(sql, QVariantList(marks.size()));
    if (!columns)
        return R::failure(columns);
    const auto docColumns = documentColumns(columns.value());
    if (path == FillInEngine::Path::Auto && SetBasedFillIn::plan(t))
        return setBased(engine, t, docColumns, cancelled, add);
    return perCombination(engine, t, docColumns, cancelled, add);
}

Result<FillInEngine::Outcome> ServerFillIn::setBased(FillInEngine &engine, const SqlTemplate &t, const QVector<QPair<int, bool>> &docColumns,
                                                     const std::function<bool()> &cancelled, const Add &add) const
{
    using R = Result<FillInEngine::Outcome>;
    const auto plan = SetBasedFillIn::plan(t);
    FillInEngine::Outcome out;
    out.setBased = true;
    auto product = engine.combinations(t);
    if (!product)
        return R::failure(product);
    out.combinations = product.value();
    if (engine.m_progress)
        engine.m_expected = engine.expectedGroups(t, out.combinations);
    QStringList order, where = plan->conditions;
    const auto placeholders = t.placeholders();
    for (int i = 0; i < plan->keys; ++i) {
        order << sortKey(placeholders[i], plan->keyList[i]);
        where << plan->keyList[i] + QStringLiteral(" IS NOT NULL");
    }
    const QString sql = QStringLiteral("SELECT %1, %2 FROM %3 WHERE %4 ORDER BY %5")
                            .arg(plan->keyList.join(QStringLiteral(", ")), plan->selectList, plan->from,
                                 where.join(QStringLiteral(" AND ")), order.join(QStringLiteral(", ")));
    const QString what = QStringLiteral("cannot fill %1 in").arg(t.sql());
    auto q = m_server.prepare(sql, what);
    if (!q)
        return R::failure(q);
    QSqlQuery &query = *q.value();
    if (!query.exec())
        return R::failure(m_server.failure(query.lastError(), what));
    qint64 singular = 0, visited = 0;
    SemanticGroup group;
    QVariantList rawKeys;
    const auto close = [&]() -> Status {
        if (group.rowCount == 0 || group.answer.isNull())
            return {};
        singular += group.rowCount == 1;
        ++out.answered;
        return add(std::move(group));
    };
    while (query.next()) {
        if (cancelled && (++visited & 1023) == 0 && cancelled())
            return R::cancelled();
        QVariantList keys;
        for (int i = 0; i < plan->keys; ++i)
            keys << query.value(i);
        if (keys != rawKeys || group.rowCount == 0) {
            if (auto s = close(); !s)
                return R::failure(s);
            group = SemanticGroup();
            rawKeys = keys;
            for (int i = 0; i < plan->keys; ++i)
                group.values << stored(placeholders[i], keys[i]);
        }
        if (group.rowCount < 1000) // as the per-combination read stops at 1000
            addRow(query, plan->keys, docColumns, group);
    }
    if (query.lastError().isValid())
        return R::failure(m_server.failure(query.lastError(), what));
    if (auto s = close(); !s)
        return R::failure(s);
    out.skipped = out.combinations - out.answered;
    if (out.answered > 0)
        out.singularRate = double(singular) / double(out.answered);
    return out;
}

Result<FillInEngine::Outcome> ServerFillIn::perCombination(FillInEngine &engine, const SqlTemplate &t, const QVector<QPair<int, bool>> &docColumns,
                                                           const std::function<bool()> &cancelled, const Add &add) const
{
    using R = Result<FillInEngine::Outcome>;
    FillInEngine::Outcome out;
    auto product = engine.combinations(t);
    if (!product)
        return R::failure(product);
    out.combinations = product.value();
    if (t.placeholders().isEmpty() || out.combinations == 0) {
        out.combinations = 0;
        return out;
    }
    if (out.refused = engine.refusal(t, out.combinations); !out.refused.isEmpty())
        return out;
    QVector<Values> domains;
    for (const Placeholder &p : t.placeholders()) {
        auto values = distinctValues(p);
        if (!values)
            return R::failure(values);
        domains << values.take();
    }
    const QString what = QStringLiteral("cannot run %1").arg(t.sql());
    QVector<int> marks;
    auto q = m_server.prepare(t.positional(&marks), what);
    if (!q)
        return R::failure(q);
    QSqlQuery &query = *q.value();
    QVector<int> index(domains.size(), 0), sizes;
    for (const Values &d : std::as_const(domains))
        sizes << int(d.raw.size());
    qint64 singular = 0;
    engine.m_expected = out.combinations;
    for (qint64 n = 0; n < out.combinations; ++n) {
        if ((n & 255) == 0) {
            engine.m_executed = n;
            if (cancelled && cancelled())
                return R::cancelled();
            if (engine.m_progress && (n & 65535) == 0)
                engine.m_progress(out.answered, engine.doneShare(out.answered));
        }
        SemanticGroup g;
        QVariantList raw;
        for (int i = 0; i < domains.size(); ++i) {
            raw << domains[i].raw[index[i]];
            g.values << domains[i].converted[index[i]];
        }
        const QVariantList bound = SqlTemplate::bindOrder(raw, marks);
        for (int i = 0; i < bound.size(); ++i)
            query.bindValue(i, bound[i]);
        if (!query.exec())
            return R::failure(m_server.failure(query.lastError(), QStringLiteral("%1 with %2").arg(what, g.valueTexts().join(QStringLiteral(", ")))));
        while (g.rowCount < 1000 && query.next())
            addRow(query, 0, docColumns, g);
        if (query.lastError().isValid())
            return R::failure(m_server.failure(query.lastError(), what));
        if (g.rowCount == 0 || g.answer.isNull()) {
            ++out.skipped;
        } else {
            singular += g.rowCount == 1;
            ++out.answered;
            if (auto s = add(std::move(g)); !s)
                return R::failure(s);
        }
        FillInEngine::advance(index, sizes);
    }
    if (out.answered > 0)
        out.singularRate = double(singular) / double(out.answered);
    return out;
}

} // namespace assay
